//! The client flow: a ping per attempt, each with its own time, answered by the first
//! pong carrying RakNet's magic. The echoed time only says which attempt was answered
//! (servers may send their own clock instead); latency comes from our clock.

use std::collections::VecDeque;

use serde::Serialize;

use super::advertisement::Advertisement;
use super::packets::{Ping, Pong, MAGIC, PONG};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{round_ms, Deadline, Millis};

#[derive(Debug)]
pub struct BedrockOutcome {
    pub pong: Pong,
    pub latency_ms: f64,
}

#[derive(Debug)]
pub struct PingExchange {
    client_guid: u64,
    budget: Deadline,
    /// Each attempt's time field and when it went out.
    sent: Vec<(i64, Millis)>,
    outbox: VecDeque<Vec<u8>>,
    deadline: Option<Millis>,
    foreign: Option<String>,
    /// A pong that failed to decode, for the error when nothing better comes.
    bad_pong: Option<Error>,
    result: Option<Result<BedrockOutcome>>,
}

impl PingExchange {
    /// `client_guid`: random per call (servers key rate limits on it).
    pub fn new(client_guid: u64, budget: Deadline, now: Millis) -> Self {
        let mut ex = Self {
            client_guid,
            budget,
            sent: vec![],
            outbox: VecDeque::new(),
            deadline: None,
            foreign: None,
            bad_pong: None,
            result: None,
        };
        ex.ping(now);
        ex
    }

    fn ping(&mut self, now: Millis) {
        // Distinct per attempt, and positive like a real client's uptime clock.
        let time = 1 + now.max(0.0) as i64 + self.sent.len() as i64;
        let ping = Ping {
            time,
            client_guid: self.client_guid.to_string(),
            open_connections: false,
        };
        self.outbox.push_back(ping.encode().expect("a ping always encodes"));
        self.sent.push((time, now));
        self.deadline = Some(self.budget.attempt_end(now));
    }

    fn finish(&mut self, result: Result<BedrockOutcome>) {
        self.deadline = None;
        self.result = Some(result);
    }
}

impl crate::exchange::Exchange for PingExchange {
    type Output = BedrockOutcome;

    fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.outbox.pop_front()
    }

    fn handle_input(&mut self, now: Millis, bytes: &[u8]) {
        if self.result.is_some() {
            return;
        }
        let is_pong = bytes.first() == Some(&PONG) && bytes.get(17..33) == Some(&MAGIC[..]);
        if !is_pong {
            self.foreign.get_or_insert_with(|| crate::sniff::describe(bytes));
            return;
        }
        match Pong::decode(bytes) {
            Ok(pong) => {
                let sent_at = self
                    .sent
                    .iter()
                    .find(|(time, _)| *time == pong.time)
                    .or(self.sent.last())
                    .map_or(now, |&(_, at)| at);
                let latency_ms = round_ms(now - sent_at);
                self.finish(Ok(BedrockOutcome { pong, latency_ms }));
            }
            Err(e) => {
                self.bad_pong.get_or_insert(e);
            }
        }
    }

    fn poll_timeout(&self) -> Option<Millis> {
        self.deadline
    }

    fn handle_timeout(&mut self, now: Millis) {
        if self.deadline.is_none_or(|d| now < d) {
            return;
        }
        let attempts = self.sent.len() as u32;
        if self.budget.may_retry(attempts, now) {
            return self.ping(now);
        }
        let error = match (self.bad_pong.take(), &self.foreign) {
            (Some(e), _) => e,
            (None, Some(like)) => Error::new(
                ErrorCode::WrongProtocol,
                format!("not a Minecraft Bedrock server: it answered {like}"),
            ),
            (None, None) => Error::timeout("the unconnected ping", attempts),
        };
        self.finish(Err(error));
    }

    fn poll_result(&mut self) -> Option<Result<BedrockOutcome>> {
        self.result.take()
    }
}

/// What `query('minecraft-bedrock')` returns in `raw` — and what
/// `serve('minecraft-bedrock')` accepts (extra fields ignored).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BedrockQueryResult {
    /// Unsigned 64-bit, as a decimal string.
    pub server_guid: String,
    #[serde(flatten)]
    pub advertisement: Advertisement,
    /// The advertisement as received.
    pub text: String,
    pub latency_ms: f64,
}

impl BedrockQueryResult {
    pub fn new(outcome: BedrockOutcome) -> Self {
        Self {
            server_guid: outcome.pong.server_guid,
            advertisement: outcome.pong.advertisement,
            text: outcome.pong.text,
            latency_ms: outcome.latency_ms,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exchange::Exchange;

    fn pong(time: i64) -> Vec<u8> {
        Pong {
            time,
            server_guid: "42".into(),
            advertisement: Advertisement::parse("MCPE;Hi;766;1.21.50;1;10;1;w;Survival;1;19132;19133;"),
            text: String::new(),
        }
        .encode()
        .unwrap()
    }

    #[test]
    fn answered_attempt_sets_the_latency_and_foreign_bytes_are_ignored() {
        let mut ex = PingExchange::new(7, Deadline::for_call(1000.0, 1), 0.0);
        let first = Ping::decode(&ex.poll_transmit().unwrap()).unwrap();
        assert_eq!(first.client_guid, "7");
        ex.handle_timeout(500.0);
        let second = Ping::decode(&ex.poll_transmit().unwrap()).unwrap();
        assert_ne!(first.time, second.time);
        ex.handle_input(510.0, b"SAMP\x7f\0\0\x01\x61\x1ei");
        assert!(ex.poll_result().is_none());
        // The late answer to the first ping: latency from the first send.
        ex.handle_input(520.0, &pong(first.time));
        let out = ex.poll_result().unwrap().unwrap();
        assert_eq!(out.latency_ms, 520.0);
        assert_eq!(out.pong.server_guid, "42");
    }

    #[test]
    fn silence_and_foreign_replies_end_at_the_deadline() {
        let mut ex = PingExchange::new(1, Deadline::for_call(800.0, 1), 0.0);
        ex.handle_timeout(400.0);
        ex.handle_timeout(800.0);
        let e = ex.poll_result().unwrap().unwrap_err();
        assert_eq!((e.code, e.attempts), (ErrorCode::Timeout, Some(2)));
        let mut ex = PingExchange::new(1, Deadline::for_call(800.0, 0), 0.0);
        ex.handle_input(1.0, b"\xff\xff\xff\xffI\x11");
        ex.handle_timeout(800.0);
        assert_eq!(ex.poll_result().unwrap().unwrap_err().code, ErrorCode::WrongProtocol);
    }
}
