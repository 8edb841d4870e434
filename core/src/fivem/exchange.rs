//! `getinfo` as a client: a fresh 8-hex-digit challenge per attempt (FXServer drops a
//! request with more than 8 bytes after the command, and ends none), sent again after each
//! attempt's share of the budget — its limit (2 a second, 10 at once per address) leaves
//! room for that; the reply that echoes the latest challenge wins.

use super::packets::{FivemRequest, FivemResponse};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{round_ms, Deadline, Millis};
use crate::rng::Rng;

#[derive(Debug)]
pub struct InfoOutcome {
    pub response: FivemResponse,
    pub latency_ms: f64,
}

#[derive(Debug)]
pub struct GetInfo {
    budget: Deadline,
    rng: Rng,
    attempts: u32,
    challenge: String,
    outbox: Option<Vec<u8>>,
    deadline: Option<Millis>,
    sent_at: Millis,
    foreign: Option<String>,
    result: Option<Result<InfoOutcome>>,
}

impl GetInfo {
    pub fn new(budget: Deadline, now: Millis, seed: u64) -> Self {
        let mut ex = Self {
            budget,
            rng: Rng::new(seed | 1),
            attempts: 0,
            challenge: String::new(),
            outbox: None,
            deadline: None,
            sent_at: now,
            foreign: None,
            result: None,
        };
        ex.send(now);
        ex
    }

    fn send(&mut self, now: Millis) {
        self.attempts += 1;
        self.challenge = format!("{:08x}", self.rng.next_u64() as u32);
        let request = FivemRequest {
            command: "getinfo".into(),
            challenge: self.challenge.clone(),
        };
        self.outbox = Some(request.encode().expect("8 hex digits always encode"));
        self.sent_at = now;
        self.deadline = Some(self.budget.attempt_end(now));
    }
}

impl crate::exchange::Exchange for GetInfo {
    type Output = InfoOutcome;

    fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.outbox.take()
    }

    fn handle_input(&mut self, now: Millis, bytes: &[u8]) {
        if self.result.is_some() {
            return;
        }
        match FivemResponse::decode(bytes) {
            Ok(r) if r.info.get("challenge") == Some(self.challenge.as_str()) => {
                self.deadline = None;
                let latency_ms = round_ms(now - self.sent_at);
                self.result = Some(Ok(InfoOutcome {
                    response: r,
                    latency_ms,
                }));
            }
            // An earlier attempt's, or another client's.
            Ok(_) => {}
            Err(_) => {
                self.foreign.get_or_insert_with(|| crate::sniff::describe(bytes));
            }
        }
    }

    fn poll_timeout(&self) -> Option<Millis> {
        self.deadline
    }

    fn handle_timeout(&mut self, now: Millis) {
        if self.result.is_some() || self.deadline.is_none_or(|d| now < d) {
            return;
        }
        if self.budget.may_retry(self.attempts, now) {
            return self.send(now);
        }
        self.deadline = None;
        self.result = Some(Err(match &self.foreign {
            Some(like) => Error::new(
                ErrorCode::WrongProtocol,
                format!("not a FiveM server: it answered {like}"),
            ),
            None => Error::timeout("getinfo", self.attempts),
        }));
    }

    fn poll_result(&mut self) -> Option<Result<InfoOutcome>> {
        self.result.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exchange::Exchange;

    #[test]
    fn only_the_latest_challenge_is_taken() {
        let mut ex = GetInfo::new(Deadline::for_call(1000.0, 1), 0.0, 7);
        let first = ex.poll_transmit().unwrap();
        assert_eq!(first.len(), 4 + "getinfo ".len() + 8);
        let old = String::from_utf8(first[12..].to_vec()).unwrap();
        ex.handle_timeout(500.0);
        let second = String::from_utf8(ex.poll_transmit().unwrap()[12..].to_vec()).unwrap();
        assert_ne!(old, second);
        let reply = |c: &str| format!("\u{ff}\u{ff}\u{ff}\u{ff}infoResponse\n\\clients\\1\\challenge\\{c}\\iv\\5");
        let bytes = |s: String| s.chars().map(|c| c as u32 as u8).collect::<Vec<u8>>();
        ex.handle_input(600.0, &bytes(reply(&old)));
        assert!(ex.poll_result().is_none());
        ex.handle_input(620.0, &bytes(reply(&second)));
        let out = ex.poll_result().unwrap().unwrap();
        assert_eq!((out.response.info.get("clients"), out.latency_ms), (Some("1"), 120.0));
    }
}
