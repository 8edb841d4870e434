//! The client flow: one request, sent again after each attempt's share of the budget
//! until a reply of the kind asked for arrives. Quake 3's requests carry a fresh challenge
//! each attempt; a reply that echoes a different one (an earlier attempt's) is ignored,
//! and one that echoes none (Quake 3 1.32 and Call of Duty never do) is taken. Servers
//! drop requests silently past 10 a second per address (ioquake3), so retransmissions
//! stay one per attempt, never a burst.

use std::collections::VecDeque;

use super::packets::{Command, Dialect, Reply, ReplyKind, Request};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{round_ms, Deadline, Millis};
use crate::rng::Rng;

/// The reply as it came (decoded again, borrowed, where it is read) and its latency.
#[derive(Debug)]
pub struct QuakeOutcome {
    pub dialect: Dialect,
    pub datagram: Vec<u8>,
    /// Request sent → reply, for the attempt that was answered.
    pub latency_ms: f64,
}

impl QuakeOutcome {
    pub fn reply(&self) -> Reply<'_> {
        Reply::decode(&self.datagram).expect("the exchange kept only a reply that decodes")
    }
}

#[derive(Debug)]
pub struct QuakeExchange {
    dialect: Dialect,
    command: Command,
    budget: Deadline,
    rng: Rng,
    attempts: u32,
    challenge: Option<String>,
    outbox: VecDeque<Vec<u8>>,
    deadline: Option<Millis>,
    sent_at: Millis,
    /// What the peer sent that was no reply of ours, if anything (for the error on a timeout).
    foreign: Option<String>,
    result: Option<Result<QuakeOutcome>>,
}

impl QuakeExchange {
    /// `status`: Quake 3's `getstatus` (players and settings) rather than `getinfo`.
    pub fn new(dialect: Dialect, status: bool, budget: Deadline, now: Millis, seed: u64) -> Self {
        let command = match (dialect, status) {
            (Dialect::Quake3, true) => Command::GetStatus,
            (Dialect::Quake3, false) => Command::GetInfo,
            _ => Command::Status,
        };
        let mut ex = Self {
            dialect,
            command,
            budget,
            rng: Rng::new(seed),
            attempts: 0,
            challenge: None,
            outbox: VecDeque::new(),
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
        // Eight hex digits: within every engine's limit, nothing to escape.
        self.challenge = (self.dialect == Dialect::Quake3).then(|| format!("{:08x}", self.rng.next_u64() as u32));
        let request = Request {
            command: self.command,
            challenge: self.challenge.as_deref().map(str::as_bytes),
        };
        self.outbox
            .push_back(request.encode().expect("a request of ours always encodes"));
        self.sent_at = now;
        self.deadline = Some(self.budget.attempt_end(now));
    }

    fn wanted(&self, kind: ReplyKind) -> bool {
        match self.command {
            Command::GetStatus => kind == ReplyKind::Status,
            Command::GetInfo => kind == ReplyKind::Info,
            Command::Status => matches!(kind, ReplyKind::Print | ReplyKind::World),
        }
    }

    fn finish(&mut self, result: Result<QuakeOutcome>) {
        self.deadline = None;
        self.result = Some(result);
    }
}

impl crate::exchange::Exchange for QuakeExchange {
    type Output = QuakeOutcome;

    fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.outbox.pop_front()
    }

    fn handle_input(&mut self, now: Millis, bytes: &[u8]) {
        if self.result.is_some() {
            return;
        }
        let reply = match Reply::decode(bytes) {
            Ok(reply) => reply,
            // Ours, but broken: the server's bytes are wrong, and waiting will not mend them.
            Err(e) if e.code != ErrorCode::BadMagic && e.code != ErrorCode::UnexpectedOpcode => {
                return self.finish(Err(e));
            }
            Err(_) => {
                self.foreign.get_or_insert_with(|| crate::sniff::describe(bytes));
                return;
            }
        };
        if !self.wanted(reply.kind) {
            return;
        }
        let echoed = reply.info.get("challenge");
        if let (Some(echoed), Some(ours)) = (echoed, &self.challenge) {
            if echoed != ours.as_bytes() {
                return; // an earlier attempt's
            }
        }
        let latency_ms = round_ms(now - self.sent_at);
        let outcome = QuakeOutcome {
            dialect: self.dialect,
            datagram: bytes.to_vec(),
            latency_ms,
        };
        self.finish(Ok(outcome));
    }

    fn poll_timeout(&self) -> Option<Millis> {
        self.deadline
    }

    fn handle_timeout(&mut self, now: Millis) {
        if self.deadline.is_none_or(|d| now < d) {
            return;
        }
        if self.budget.may_retry(self.attempts, now) {
            return self.send(now);
        }
        let error = match &self.foreign {
            Some(like) => Error::new(
                ErrorCode::WrongProtocol,
                format!("not a Quake-engine server: it answered {like}"),
            ),
            None => Error::timeout(format!("the {} request", self.command.name()), self.attempts),
        };
        self.finish(Err(error));
    }

    fn poll_result(&mut self) -> Option<Result<QuakeOutcome>> {
        self.result.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exchange::Exchange;
    use crate::quake::PlayerLine;

    fn status_reply(challenge: Option<&str>) -> Vec<u8> {
        let mut pairs: Vec<(&[u8], &[u8])> = vec![(b"sv_hostname", b"Arena"), (b"mapname", b"q3dm17")];
        if let Some(c) = challenge {
            pairs.push((b"challenge", c.as_bytes()));
        }
        let players = [PlayerLine {
            score: 3,
            ping: 40,
            name: b"^1Bob",
            team: None,
            world: None,
        }];
        Reply::encode(ReplyKind::Status, &pairs, &players).unwrap()
    }

    fn challenge_of(request: &[u8]) -> String {
        let r = Request::decode(request).unwrap();
        String::from_utf8(r.challenge.unwrap().to_vec()).unwrap()
    }

    #[test]
    fn an_earlier_attempts_reply_is_ignored_and_the_echo_taken() {
        let mut ex = QuakeExchange::new(Dialect::Quake3, true, Deadline::for_call(1000.0, 1), 0.0, 7);
        let first = challenge_of(&ex.poll_transmit().unwrap());
        ex.handle_timeout(500.0);
        let second = challenge_of(&ex.poll_transmit().unwrap());
        assert_ne!(first, second, "a fresh challenge each attempt");
        ex.handle_input(510.0, &status_reply(Some(&first)));
        assert!(ex.poll_result().is_none(), "the first attempt's reply");
        ex.handle_input(520.0, b"\xff\xff\xff\xffinfoResponse\n\\a\\b\n");
        assert!(ex.poll_result().is_none(), "not the kind asked for");
        ex.handle_input(530.0, &status_reply(Some(&second)));
        let outcome = ex.poll_result().unwrap().unwrap();
        assert_eq!(outcome.latency_ms, 30.0);
        assert_eq!(outcome.reply().players[0].name, b"^1Bob");
    }

    #[test]
    fn a_reply_without_an_echo_is_taken_as_old_servers_send_it() {
        let mut ex = QuakeExchange::new(Dialect::Quake3, true, Deadline::for_call(1000.0, 0), 0.0, 7);
        ex.poll_transmit().unwrap();
        ex.handle_input(12.0, &status_reply(None));
        assert!(ex.poll_result().unwrap().is_ok());
    }

    #[test]
    fn silence_times_out_and_other_bytes_say_what_answered() {
        let mut ex = QuakeExchange::new(Dialect::Quake2, true, Deadline::for_call(1000.0, 1), 0.0, 7);
        assert_eq!(ex.poll_transmit().unwrap(), b"\xff\xff\xff\xffstatus\n");
        ex.handle_timeout(500.0);
        assert!(ex.poll_transmit().is_some());
        ex.handle_timeout(1000.0);
        let e = ex.poll_result().unwrap().unwrap_err();
        assert_eq!(e.code, ErrorCode::Timeout);
        assert!(e.message.contains("status request"), "{}", e.message);

        let mut ex = QuakeExchange::new(Dialect::Quake3, false, Deadline::for_call(1000.0, 0), 0.0, 7);
        ex.handle_input(5.0, b"\xff\xff\xff\xffI\x11Source server\0");
        ex.handle_timeout(1000.0);
        assert_eq!(ex.poll_result().unwrap().unwrap_err().code, ErrorCode::WrongProtocol);
    }

    #[test]
    fn a_broken_reply_of_the_family_fails_at_once() {
        let mut ex = QuakeExchange::new(Dialect::Quake3, true, Deadline::for_call(1000.0, 0), 0.0, 7);
        ex.handle_input(5.0, b"\xff\xff\xff\xffstatusResponse\n\\a\\1\n0 x \"Bob\"\n");
        assert_eq!(ex.poll_result().unwrap().unwrap_err().field, Some("player ping"));
    }
}
