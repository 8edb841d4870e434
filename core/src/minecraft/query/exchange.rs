//! The client flow: a handshake for a token, then the stat with it. Each attempt starts
//! with a fresh handshake. Tokens expire every 30 s, so a stat that goes unanswered after
//! an answered handshake gets one more handshake within the deadline even when no retry
//! is left. The stat reply carries the session stored at the handshake, which is ours.

use std::collections::VecDeque;

use serde::Serialize;

use super::packets::{Request, RequestKind, Response, ResponseKind, HANDSHAKE, STAT};
use super::stat::Stat;
use super::SESSION_MASK;
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{round_ms, Deadline, Millis};

#[derive(Debug)]
pub struct StatOutcome {
    pub stat: Stat,
    /// Stat request sent → its reply.
    pub latency_ms: f64,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Phase {
    Handshake,
    Stat(i32),
    Done,
}

#[derive(Debug)]
pub struct StatExchange {
    session: u32,
    full: bool,
    budget: Deadline,
    attempts: u32,
    /// The one handshake a stale token may cost, spent.
    rehandshaken: bool,
    phase: Phase,
    outbox: VecDeque<Vec<u8>>,
    deadline: Option<Millis>,
    sent_at: Millis,
    foreign: Option<String>,
    result: Option<Result<StatOutcome>>,
}

impl StatExchange {
    /// `session`: random; masked as vanilla needs. `full`: the full stat (players).
    pub fn new(session: u32, full: bool, budget: Deadline, now: Millis) -> Self {
        let mut ex = Self {
            session: session & SESSION_MASK,
            full,
            budget,
            attempts: 0,
            rehandshaken: false,
            phase: Phase::Handshake,
            outbox: VecDeque::new(),
            deadline: None,
            sent_at: now,
            foreign: None,
            result: None,
        };
        ex.attempts = 1;
        ex.handshake(now);
        ex
    }

    fn handshake(&mut self, now: Millis) {
        self.phase = Phase::Handshake;
        let request = Request {
            kind: RequestKind::Handshake,
            session_id: self.session,
            token: None,
        };
        self.outbox
            .push_back(request.encode().expect("a handshake always encodes"));
        self.deadline = Some(self.budget.attempt_end(now));
    }

    fn finish(&mut self, result: Result<StatOutcome>) {
        self.phase = Phase::Done;
        self.deadline = None;
        self.result = Some(result);
    }
}

impl crate::exchange::Exchange for StatExchange {
    type Output = StatOutcome;

    fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.outbox.pop_front()
    }

    fn handle_input(&mut self, now: Millis, bytes: &[u8]) {
        let ours = bytes.len() >= 5 && u32::from_be_bytes([bytes[1], bytes[2], bytes[3], bytes[4]]) == self.session;
        match (self.phase, bytes.first()) {
            (Phase::Handshake, Some(&HANDSHAKE)) if ours => match Response::decode(bytes) {
                Ok(Response { token: Some(token), .. }) => {
                    let kind = if self.full {
                        RequestKind::FullStat
                    } else {
                        RequestKind::BasicStat
                    };
                    let request = Request {
                        kind,
                        session_id: self.session,
                        token: Some(token),
                    };
                    self.outbox
                        .push_back(request.encode().expect("a stat request always encodes"));
                    self.phase = Phase::Stat(token);
                    self.sent_at = now;
                    // Keep half of what is left for the handshake a stale token would cost.
                    if !self.rehandshaken {
                        self.deadline = self.deadline.map(|d| now + (d - now) / 2.0);
                    }
                }
                Ok(_) => {}
                Err(e) => self.finish(Err(e)),
            },
            (Phase::Stat(_), Some(&STAT)) if ours => match Response::decode(bytes) {
                Ok(Response {
                    kind: ResponseKind::Stat,
                    stat: Some(stat),
                    ..
                }) => {
                    let latency_ms = round_ms(now - self.sent_at);
                    self.finish(Ok(StatOutcome { stat, latency_ms }));
                }
                Ok(_) => {}
                Err(e) => self.finish(Err(e)),
            },
            (_, Some(&HANDSHAKE | &STAT)) => {}
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
        // The token may have expired between handshake and stat: one more handshake.
        if matches!(self.phase, Phase::Stat(_)) && !self.rehandshaken && now < self.budget.end {
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
            "the stat request"
        };
        let error = match &self.foreign {
            Some(like) => Error::new(
                ErrorCode::WrongProtocol,
                format!("not a Minecraft Query (GameSpy4) server: it answered {like}"),
            ),
            None => Error::timeout(step, self.attempts),
        };
        self.finish(Err(error));
    }

    fn poll_result(&mut self) -> Option<Result<StatOutcome>> {
        self.result.take()
    }
}

/// What `query('minecraft-query')` returns in `raw`; `serve('minecraft-query')` takes
/// the same shape (extra fields ignored).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "MinecraftQueryResult"))]
pub struct QueryResult {
    #[serde(flatten)]
    pub stat: Stat,
    pub latency_ms: f64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exchange::Exchange;
    use crate::wire::Writer;

    fn stat_reply(session: u32) -> Vec<u8> {
        let stat: Stat = crate::input::from_json(
            "state",
            r#"{"motd":"hi","online":1,"max":5,"players":["Steve"],"full":true}"#,
        )
        .unwrap();
        let mut w = Writer::new();
        w.u8(STAT).u32_be(session);
        stat.write_full(&mut w);
        w.into_bytes()
    }

    #[test]
    fn handshake_then_full_stat_with_the_token() {
        let mut ex = StatExchange::new(0xffff_ffff, true, Deadline::for_call(1000.0, 0), 0.0);
        let hs = Request::decode(&ex.poll_transmit().unwrap()).unwrap();
        assert_eq!(hs.session_id, 0x0f0f_0f0f);
        ex.handle_input(5.0, &[&[9u8, 0x0f, 0x0f, 0x0f, 0x0f][..], b"-77\0"].concat());
        let stat = ex.poll_transmit().unwrap();
        assert_eq!(stat.len(), 15);
        assert_eq!(Request::decode(&stat).unwrap().token, Some(-77));
        ex.handle_input(8.0, &stat_reply(0x0f0f_0f0f));
        let out = ex.poll_result().unwrap().unwrap();
        assert_eq!((out.stat.players.len(), out.latency_ms), (1, 3.0));
    }

    #[test]
    fn a_stale_token_costs_one_handshake_not_the_call() {
        let hs_reply = [&[9u8, 0, 0, 0, 1][..], b"5\0"].concat();
        let mut ex = StatExchange::new(1, true, Deadline::for_call(1000.0, 0), 0.0);
        ex.poll_transmit();
        ex.handle_input(2.0, &hs_reply);
        ex.poll_transmit();
        assert_eq!(ex.poll_timeout(), Some(501.0), "half the budget kept back");
        ex.handle_timeout(501.0);
        assert_eq!(
            Request::decode(&ex.poll_transmit().unwrap()).unwrap().kind,
            RequestKind::Handshake
        );
        ex.handle_input(503.0, &hs_reply);
        ex.poll_transmit();
        assert_eq!(ex.poll_timeout(), Some(1000.0));
        ex.handle_input(600.0, &stat_reply(1));
        assert_eq!(ex.poll_result().unwrap().unwrap().latency_ms, 97.0);
        // Silence after that: a timeout at the deadline, not later.
        let mut ex = StatExchange::new(1, true, Deadline::for_call(1000.0, 0), 0.0);
        ex.poll_transmit();
        ex.handle_input(2.0, &hs_reply);
        ex.handle_timeout(501.0);
        ex.handle_timeout(1000.0);
        let e = ex.poll_result().unwrap().unwrap_err();
        assert_eq!(e.code, ErrorCode::Timeout);
    }
}
