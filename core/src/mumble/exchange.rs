//! The client flow: a ping with a random ident, sent again after each attempt's share of
//! the budget; the reply that echoes the last ident wins. `protobuf`: Mumble 1.5's form,
//! asking for the extended information (a 1.3 server ignores it: ask legacy for those).

use super::packets::{MumbleRequest, MumbleResponse};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{round_ms, Deadline, Millis};
use crate::rng::Rng;

#[derive(Debug)]
pub struct MumbleOutcome {
    pub response: MumbleResponse,
    pub latency_ms: f64,
}

#[derive(Debug)]
pub struct MumbleExchange {
    protobuf: bool,
    budget: Deadline,
    rng: Rng,
    attempts: u32,
    ident: String,
    outbox: Option<Vec<u8>>,
    deadline: Option<Millis>,
    sent_at: Millis,
    foreign: Option<String>,
    result: Option<Result<MumbleOutcome>>,
}

impl MumbleExchange {
    pub fn new(protobuf: bool, budget: Deadline, now: Millis, seed: u64) -> Self {
        let mut ex = Self {
            protobuf,
            budget,
            rng: Rng::new(seed | 1),
            attempts: 0,
            ident: String::new(),
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
        self.ident = self.rng.next_u64().to_string();
        let request = MumbleRequest {
            form: if self.protobuf { "protobuf" } else { "legacy" }.into(),
            ident: self.ident.clone(),
            extended: true,
        };
        self.outbox = Some(request.encode().expect("a ping of ours always encodes"));
        self.sent_at = now;
        self.deadline = Some(self.budget.attempt_end(now));
    }
}

impl crate::exchange::Exchange for MumbleExchange {
    type Output = MumbleOutcome;

    fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.outbox.take()
    }

    fn handle_input(&mut self, now: Millis, bytes: &[u8]) {
        if self.result.is_some() {
            return;
        }
        match MumbleResponse::decode(bytes) {
            Ok(response) if response.ident == self.ident => {
                let latency_ms = round_ms(now - self.sent_at);
                self.deadline = None;
                self.result = Some(Ok(MumbleOutcome { response, latency_ms }));
            }
            // An earlier attempt's.
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
                format!("not a Mumble server: it answered {like}"),
            ),
            None => Error::timeout("the ping", self.attempts),
        }));
    }

    fn poll_result(&mut self) -> Option<Result<MumbleOutcome>> {
        self.result.take()
    }
}
