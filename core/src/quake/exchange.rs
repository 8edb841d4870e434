//! The client flow ([`Resend`]): one request, sent again after each attempt's share of the
//! budget until a reply of the kind asked for arrives. Quake 3's requests carry a fresh
//! challenge each attempt; a reply that echoes a different one (an earlier attempt's) is
//! ignored, and one that echoes none (Quake 3 1.32 and Call of Duty never do) is taken. A
//! reply of the family that does not decode ends the query: waiting will not mend it.
//! Servers drop requests silently past 10 a second per address (ioquake3), so
//! retransmissions stay one per attempt, never a burst.

use super::packets::{Command, Dialect, Reply, ReplyKind, Request};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{Deadline, Millis};
use crate::resend::{Answer, Probe, Resend};
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
    pub fn new(dialect: Dialect, answer: Answer<Vec<u8>>) -> Self {
        Self {
            dialect,
            datagram: answer.response,
            latency_ms: answer.latency_ms,
        }
    }

    pub fn reply(&self) -> Reply<'_> {
        Reply::decode(&self.datagram).expect("the exchange kept only a reply that decodes")
    }
}

pub type QuakeExchange = Resend<Ask>;

/// The request of the latest attempt, and its challenge.
#[derive(Debug)]
pub struct Ask {
    dialect: Dialect,
    command: Command,
    challenge: Option<String>,
}

impl Ask {
    /// `status`: Quake 3's `getstatus` (players and settings) rather than `getinfo`.
    pub fn exchange(dialect: Dialect, status: bool, budget: Deadline, now: Millis, seed: u64) -> QuakeExchange {
        let command = match (dialect, status) {
            (Dialect::Quake3, true) => Command::GetStatus,
            (Dialect::Quake3, false) => Command::GetInfo,
            _ => Command::Status,
        };
        let ask = Self {
            dialect,
            command,
            challenge: None,
        };
        Resend::new(ask, budget, now, seed)
    }

    fn wanted(&self, kind: ReplyKind) -> bool {
        match self.command {
            Command::GetStatus => kind == ReplyKind::Status,
            Command::GetInfo => kind == ReplyKind::Info,
            Command::Status => matches!(kind, ReplyKind::Print | ReplyKind::World),
        }
    }
}

impl Probe for Ask {
    /// The reply's datagram, which decodes.
    type Reply = Vec<u8>;
    const SERVER: &'static str = "Quake-engine";

    fn asked(&self) -> String {
        format!("the {} request", self.command.name())
    }

    fn request(&mut self, rng: &mut Rng) -> Vec<u8> {
        // Eight hex digits: within every engine's limit, nothing to escape.
        self.challenge = (self.dialect == Dialect::Quake3).then(|| format!("{:08x}", rng.next_u64() as u32));
        let request = Request {
            command: self.command,
            challenge: self.challenge.as_deref().map(str::as_bytes),
        };
        request.encode().expect("a request of ours always encodes")
    }

    fn read(&mut self, bytes: &[u8]) -> Result<Option<Vec<u8>>> {
        let reply = Reply::decode(bytes)?;
        if !self.wanted(reply.kind) {
            return Ok(None);
        }
        let echoed = reply.info.get("challenge");
        if let (Some(echoed), Some(ours)) = (echoed, &self.challenge) {
            if echoed != ours.as_bytes() {
                return Ok(None); // an earlier attempt's
            }
        }
        Ok(Some(bytes.to_vec()))
    }

    /// Ours, but broken: the server's bytes are wrong.
    fn fatal(&self, e: &Error) -> bool {
        e.code != ErrorCode::BadMagic && e.code != ErrorCode::UnexpectedOpcode
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
        let mut ex = Ask::exchange(Dialect::Quake3, true, Deadline::for_call(1000.0, 1), 0.0, 7);
        let first = challenge_of(&ex.poll_transmit().unwrap());
        ex.handle_timeout(500.0);
        let second = challenge_of(&ex.poll_transmit().unwrap());
        assert_ne!(first, second, "a fresh challenge each attempt");
        ex.handle_input(510.0, &status_reply(Some(&first)));
        assert!(ex.poll_result().is_none(), "the first attempt's reply");
        ex.handle_input(520.0, b"\xff\xff\xff\xffinfoResponse\n\\a\\b\n");
        assert!(ex.poll_result().is_none(), "not the kind asked for");
        ex.handle_input(530.0, &status_reply(Some(&second)));
        let outcome = QuakeOutcome::new(Dialect::Quake3, ex.poll_result().unwrap().unwrap());
        assert_eq!(outcome.latency_ms, 30.0);
        assert_eq!(outcome.reply().players[0].name, b"^1Bob");
    }

    #[test]
    fn a_reply_without_an_echo_is_taken_as_old_servers_send_it() {
        let mut ex = Ask::exchange(Dialect::Quake3, true, Deadline::for_call(1000.0, 0), 0.0, 7);
        ex.poll_transmit().unwrap();
        ex.handle_input(12.0, &status_reply(None));
        assert!(ex.poll_result().unwrap().is_ok());
    }

    #[test]
    fn silence_times_out_and_other_bytes_say_what_answered() {
        let mut ex = Ask::exchange(Dialect::Quake2, true, Deadline::for_call(1000.0, 1), 0.0, 7);
        assert_eq!(ex.poll_transmit().unwrap(), b"\xff\xff\xff\xffstatus\n");
        ex.handle_timeout(500.0);
        assert!(ex.poll_transmit().is_some());
        ex.handle_timeout(1000.0);
        let e = ex.poll_result().unwrap().unwrap_err();
        assert_eq!(e.code, ErrorCode::Timeout);
        assert!(e.message.contains("status request"), "{}", e.message);

        let mut ex = Ask::exchange(Dialect::Quake3, false, Deadline::for_call(1000.0, 0), 0.0, 7);
        ex.handle_input(5.0, b"\xff\xff\xff\xffI\x11Source server\0");
        ex.handle_timeout(1000.0);
        assert_eq!(ex.poll_result().unwrap().unwrap_err().code, ErrorCode::WrongProtocol);
    }

    #[test]
    fn a_broken_reply_of_the_family_fails_at_once() {
        let mut ex = Ask::exchange(Dialect::Quake3, true, Deadline::for_call(1000.0, 0), 0.0, 7);
        ex.handle_input(5.0, b"\xff\xff\xff\xffstatusResponse\n\\a\\1\n0 x \"Bob\"\n");
        assert_eq!(ex.poll_result().unwrap().unwrap_err().field, Some("player ping"));
    }
}
