//! GameSpy 3's handshake (Minecraft's Query is GameSpy 3): `FE FD 09` and a session id ask
//! for a challenge, answered `09`, the session, and the challenge as NUL-ended ASCII
//! decimal; the query (`FE FD 00`, session, challenge as i32 BE, what is asked) follows.
//! [`Challenged`] is the client flow, its protocol saying how to write the query and read
//! the reply ([`Asked`]). Each attempt starts with a fresh handshake. Challenges expire
//! (Minecraft's every 30 s), so a query unanswered after an answered handshake gets one
//! more handshake within the deadline even when no retry is left.

use std::collections::VecDeque;

use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{round_ms, Deadline, Millis};

pub const MAGIC: [u8; 2] = [0xfe, 0xfd];
/// The handshake's type byte, in the request and its reply.
pub const HANDSHAKE: u8 = 9;
/// The query's (a stat, a status).
pub const QUERY: u8 = 0;

/// `FE FD 09` and the session.
pub fn handshake(session: u32) -> Vec<u8> {
    let mut out = vec![MAGIC[0], MAGIC[1], HANDSHAKE];
    out.extend_from_slice(&session.to_be_bytes());
    out
}

/// The challenge as a server prints it: decimal, possibly negative or beyond i32
/// (PocketMine); sent back as the i32 those digits wrap to. `at`: its offset.
pub fn parse_token(digits: &[u8], at: usize) -> Result<i32> {
    std::str::from_utf8(digits)
        .ok()
        .and_then(|s| s.trim_ascii().parse::<i64>().ok())
        .map(|t| t as i32)
        .ok_or_else(|| Error::at(ErrorCode::Malformed, "token", at, "not a decimal number"))
}

/// A handshake's reply (`09`, session, the challenge in decimal, NUL): its session and
/// challenge.
pub fn read_challenge(bytes: &[u8]) -> Result<(u32, i32)> {
    let mut r = crate::wire::Reader::new(bytes);
    r.u8("type")?;
    let session = r.u32_be("session id")?;
    let at = r.offset();
    Ok((session, parse_token(r.cstr("token")?, at)?))
}

/// The session a reply echoes (bytes 1–4), if it has one.
pub fn session_of(bytes: &[u8]) -> Option<u32> {
    Some(u32::from_be_bytes(bytes.get(1..5)?.try_into().ok()?))
}

/// A protocol's side of a [`Challenged`].
pub trait Asked: Send {
    type Reply;
    /// What a wrong-protocol message calls the server (`Minecraft Query (GameSpy4)`).
    const SERVER: &'static str;
    /// What a timeout's message calls the query (`the stat request`).
    const QUERY: &'static str;
    /// The query, with the handshake's challenge.
    fn query(&self, session: u32, challenge: i32) -> Vec<u8>;
    /// A datagram of type 00 echoing our session: the reply once complete, `Ok(None)` for
    /// a part of it. Called again from the start for each query sent.
    fn read(&mut self, bytes: &[u8]) -> Result<Option<Self::Reply>>;
    /// A new query is sent: parts of earlier ones may be dropped.
    fn restart(&mut self) {}
}

/// The reply and the round trip of the query it answers.
#[derive(Debug)]
pub struct Answered<R> {
    pub reply: R,
    /// Query sent → its (last) reply datagram.
    pub latency_ms: f64,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Phase {
    Handshake,
    Query,
    Done,
}

#[derive(Debug)]
pub struct Challenged<A: Asked> {
    asked: A,
    session: u32,
    budget: Deadline,
    attempts: u32,
    /// The one handshake a stale challenge may cost, spent.
    rehandshaken: bool,
    phase: Phase,
    outbox: VecDeque<Vec<u8>>,
    deadline: Option<Millis>,
    sent_at: Millis,
    foreign: Option<String>,
    result: Option<Result<Answered<A::Reply>>>,
}

impl<A: Asked> Challenged<A> {
    pub fn start(asked: A, session: u32, budget: Deadline, now: Millis) -> Self {
        let mut ex = Self {
            asked,
            session,
            budget,
            attempts: 1,
            rehandshaken: false,
            phase: Phase::Handshake,
            outbox: VecDeque::new(),
            deadline: None,
            sent_at: now,
            foreign: None,
            result: None,
        };
        ex.handshake(now);
        ex
    }

    fn handshake(&mut self, now: Millis) {
        self.phase = Phase::Handshake;
        self.outbox.push_back(handshake(self.session));
        self.deadline = Some(self.budget.attempt_end(now));
    }

    fn finish(&mut self, result: Result<Answered<A::Reply>>) {
        self.phase = Phase::Done;
        self.deadline = None;
        self.result = Some(result);
    }

    fn challenge(&mut self, now: Millis, bytes: &[u8]) {
        let token = match read_challenge(bytes) {
            Ok((_, t)) => t,
            Err(e) => return self.finish(Err(e)),
        };
        self.outbox.push_back(self.asked.query(self.session, token));
        self.asked.restart();
        self.phase = Phase::Query;
        self.sent_at = now;
        // Keep half of what is left for the handshake a stale challenge would cost.
        if !self.rehandshaken {
            self.deadline = self.deadline.map(|d| now + (d - now) / 2.0);
        }
    }
}

impl<A: Asked> crate::exchange::Exchange for Challenged<A> {
    type Output = Answered<A::Reply>;

    fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.outbox.pop_front()
    }

    fn handle_input(&mut self, now: Millis, bytes: &[u8]) {
        let ours = session_of(bytes) == Some(self.session);
        match (self.phase, bytes.first()) {
            (Phase::Handshake, Some(&HANDSHAKE)) if ours => self.challenge(now, bytes),
            (Phase::Query, Some(&QUERY)) if ours => match self.asked.read(bytes) {
                Ok(Some(reply)) => {
                    let latency_ms = round_ms(now - self.sent_at);
                    self.finish(Ok(Answered { reply, latency_ms }));
                }
                Ok(None) => {}
                Err(e) => self.finish(Err(e)),
            },
            (_, Some(&HANDSHAKE | &QUERY)) => {}
            _ => {
                self.foreign.get_or_insert_with(|| crate::sniff::describe(bytes));
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
        // The challenge may have expired between handshake and query: one more handshake.
        if self.phase == Phase::Query && !self.rehandshaken && now < self.budget.end {
            self.rehandshaken = true;
            return self.handshake(now);
        }
        if self.budget.may_retry(self.attempts, now) {
            self.attempts += 1;
            return self.handshake(now);
        }
        let step = if self.phase == Phase::Handshake {
            "the handshake"
        } else {
            A::QUERY
        };
        let error = match &self.foreign {
            Some(like) => Error::new(
                ErrorCode::WrongProtocol,
                format!("not a {} server: it answered {like}", A::SERVER),
            ),
            None => Error::timeout(step, self.attempts),
        };
        self.finish(Err(error));
    }

    fn poll_result(&mut self) -> Option<Result<Answered<A::Reply>>> {
        self.result.take()
    }
}

/// How long a challenge a responder issued stays good (Minecraft's 30 s).
pub const TOKEN_LIFETIME_MS: u64 = 30_000;
const MAX_TOKENS: usize = 65_536;

/// A responder's challenges: one per source address (IP and port), good for
/// [`TOKEN_LIFETIME_MS`], kept with the session of its handshake — a query with any other
/// gets no reply, which keeps a spoofed source from drawing the reply, far larger than
/// the request. The table is bounded.
#[derive(Debug)]
pub struct Tokens {
    issued: std::collections::HashMap<std::net::SocketAddr, (i32, u32, u64)>,
    rng: crate::rng::Rng,
}

impl Tokens {
    pub fn new(seed: u64) -> Self {
        Self {
            issued: std::collections::HashMap::new(),
            rng: crate::rng::Rng::new(seed | 1),
        }
    }

    /// A new challenge for `source`'s handshake with `session` (negative half the time, as
    /// PocketMine's are), and the reply that carries it.
    pub fn issue(&mut self, now_ms: u64, source: std::net::SocketAddr, session: u32) -> Vec<u8> {
        if self.issued.len() >= MAX_TOKENS {
            self.issued.retain(|_, &mut (_, _, at)| now_ms < at + TOKEN_LIFETIME_MS);
            if self.issued.len() >= MAX_TOKENS {
                self.issued.clear();
            }
        }
        let token = self.rng.next_u64() as i32;
        self.issued.insert(source, (token, session, now_ms));
        challenge_reply(session, token)
    }

    /// The session of `source`'s handshake, if `token` is the challenge it was given and
    /// still good.
    pub fn check(&self, now_ms: u64, source: std::net::SocketAddr, token: Option<i32>) -> Option<u32> {
        let &(issued, session, at) = self.issued.get(&source)?;
        (Some(issued) == token && now_ms < at + TOKEN_LIFETIME_MS).then_some(session)
    }
}

/// `09`, the session, the challenge in decimal and a NUL.
pub fn challenge_reply(session: u32, token: i32) -> Vec<u8> {
    let mut out = vec![HANDSHAKE];
    out.extend_from_slice(&session.to_be_bytes());
    out.extend_from_slice(token.to_string().as_bytes());
    out.push(0);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_negative_and_beyond_i32() {
        assert_eq!(parse_token(b"9513307", 0).unwrap(), 9_513_307);
        assert_eq!(parse_token(b"-1287574694", 0).unwrap(), -1_287_574_694);
        assert_eq!(parse_token(b"4294967295", 0).unwrap(), -1);
        let e = parse_token(b"x1", 5).unwrap_err();
        assert_eq!(
            (e.code, e.field, e.offset),
            (ErrorCode::Malformed, Some("token"), Some(5))
        );
        assert_eq!(handshake(0x1020_3040), b"\xfe\xfd\x09\x10\x20\x30\x40");
    }
}
