//! The client flow: a fresh challenge for every query (every attempt too), then the
//! query with the requested chunks; the reply's challenge is checked, parts are
//! reassembled, anything else is ignored.

use std::collections::VecDeque;

use super::chunks::Chunks;
use super::packets::{ChunkSet, QueryHeader, Request, CHALLENGE_REQUEST_LEN, CHALLENGE_TYPE, QUERY_TYPE};
use super::reassembly::Reassembly;
use crate::error::{Error, Result};
use crate::exchange::{round_ms, Deadline, Millis};
use crate::wire::Reader;

#[derive(Debug)]
pub struct SqpOutcome {
    pub version: u16,
    pub chunks: Chunks,
    /// Query sent → complete reply.
    pub latency_ms: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Challenge,
    Query(u32),
    Done,
}

#[derive(Debug)]
pub struct SqpExchange {
    requested: u8,
    budget: Deadline,
    attempts: u32,
    phase: Phase,
    outbox: VecDeque<Vec<u8>>,
    deadline: Option<Millis>,
    sent_at: Millis,
    parts: Reassembly,
    /// What the peer sent that was not SQP, if anything (for the error on a timeout).
    foreign: Option<String>,
    result: Option<Result<SqpOutcome>>,
}

impl SqpExchange {
    /// Each attempt (a fresh challenge, then the query) gets its share of `budget`.
    pub fn new(requested: u8, budget: Deadline, now: Millis) -> Self {
        let mut ex = Self {
            requested,
            budget,
            attempts: 0,
            phase: Phase::Challenge,
            outbox: VecDeque::new(),
            deadline: None,
            sent_at: now,
            parts: Reassembly::default(),
            foreign: None,
            result: None,
        };
        ex.ask_challenge(now);
        ex
    }

    fn ask_challenge(&mut self, now: Millis) {
        self.attempts += 1;
        self.phase = Phase::Challenge;
        self.parts = Reassembly::default();
        self.outbox
            .push_back(Request::Challenge.encode().expect("a challenge request always encodes"));
        self.deadline = Some(self.budget.attempt_end(now));
    }

    fn finish(&mut self, result: Result<SqpOutcome>) {
        self.phase = Phase::Done;
        self.deadline = None;
        self.result = Some(result);
    }
}

impl crate::exchange::Exchange for SqpExchange {
    type Output = SqpOutcome;

    fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.outbox.pop_front()
    }

    fn handle_input(&mut self, now: Millis, bytes: &[u8]) {
        match (self.phase, bytes.first()) {
            (Phase::Challenge, Some(&CHALLENGE_TYPE)) if bytes.len() == CHALLENGE_REQUEST_LEN => {
                let challenge = u32::from_be_bytes([bytes[1], bytes[2], bytes[3], bytes[4]]);
                let query = Request::Query {
                    challenge,
                    version: super::packets::VERSION,
                    chunks: ChunkSet(self.requested),
                };
                self.outbox
                    .push_back(query.encode().expect("a query request always encodes"));
                self.phase = Phase::Query(challenge);
                self.sent_at = now;
            }
            (Phase::Query(challenge), Some(&QUERY_TYPE)) => {
                let mut r = Reader::new(bytes);
                let Ok(header) = QueryHeader::read(&mut r) else { return };
                if header.challenge != challenge {
                    return; // stale or spoofed
                }
                match self.parts.push(header, r.rest()) {
                    Err(e) => self.finish(Err(e)),
                    Ok(None) => {}
                    Ok(Some((version, payload))) => {
                        let latency_ms = round_ms(now - self.sent_at);
                        let result = Chunks::decode(&payload, self.requested, super::packets::RESPONSE_HEADER_LEN).map(
                            |chunks| SqpOutcome {
                                version,
                                chunks,
                                latency_ms,
                            },
                        );
                        self.finish(result);
                    }
                }
            }
            (_, Some(&CHALLENGE_TYPE | &QUERY_TYPE)) => {}
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
        if !self.budget.may_retry(self.attempts, now) {
            let step = if self.phase == Phase::Challenge {
                "the challenge request"
            } else {
                "the query"
            };
            let error = match &self.foreign {
                Some(like) => Error::new(
                    crate::error::ErrorCode::WrongProtocol,
                    format!("not an SQP server: it answered {like}"),
                ),
                None => Error::timeout(step, self.attempts),
            };
            return self.finish(Err(error));
        }
        // A fresh challenge for the next attempt: the old one may be spent.
        self.ask_challenge(now);
    }

    fn poll_result(&mut self) -> Option<Result<SqpOutcome>> {
        self.result.take()
    }
}

/// What `query('sqp')` returns in `raw` — and what `serve('sqp')` accepts (extra fields ignored).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SqpQueryResult {
    #[serde(flatten)]
    pub chunks: Chunks,
    pub version: u16,
    pub latency_ms: f64,
}
