//! The client flow: the info request and the rules-and-players one sent together (again
//! after each attempt's share of the budget while no info has come). Rules and players come
//! in as many datagrams as they fill, with no count and no end mark, so the reply is whole
//! once the server has been quiet for a while after the info: four round trips of the info's,
//! at least 50 ms and at most 500 ms (UE2 sends its datagrams back to back). Once rules have
//! come and the players listed match the info's count (as qstat takes a reply as whole), the
//! wait is only the info's round trip, between `COUNTED_QUIET_MIN_MS` and `COUNTED_QUIET_MS`:
//! enough for a datagram sent back to back with the last, should the count not cover every
//! entry (bots, a player joining), which restarts the full wait. If none of the rules or players has come by then, they are asked once more
//! while the budget lasts.

use super::packets::{encode_request, Body, Datagram, INFO, REQUEST_VERSION, RULES_AND_PLAYERS};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{impl_exchange, round_ms, Deadline, Millis};

/// Rules and players datagrams a reply may have: UE2 fills ~1,000 bytes each, so 64 players
/// and a hundred rules take under 20.
pub const MAX_PARTS: usize = 64;

/// The quiet that ends a reply whose players match the info's count, at most: datagrams
/// sent back to back arrive within the path's jitter of each other, which a round trip of
/// 10 ms or more bounds; a shorter round trip (a LAN, loopback) bounds it tighter.
pub const COUNTED_QUIET_MS: f64 = 10.0;

/// ... and at least: timer and scheduling slack on the host. A flat 10 ms held each query's
/// slot that long after its last datagram, and capped `queryMany` at half qstat's
/// throughput on 1,000 local servers (`npm run bench`, Unreal 2 group).
pub const COUNTED_QUIET_MIN_MS: f64 = 2.0;

/// The reply: the info's datagram, the rules' and players' (each decodes), and the info's
/// round trip.
#[derive(Debug)]
pub struct Unreal2Outcome {
    pub info: Vec<u8>,
    pub parts: Vec<Vec<u8>>,
    pub latency_ms: f64,
}

#[derive(Debug)]
pub struct Unreal2Exchange {
    budget: Deadline,
    attempts: u32,
    outbox: Vec<Vec<u8>>,
    sent_at: Millis,
    /// While no info has come: the attempt's end.
    attempt_end: Option<Millis>,
    info: Option<(Vec<u8>, f64)>,
    parts: Vec<Vec<u8>>,
    asked_again: bool,
    /// Once the info has come: when the reply is whole if nothing more comes.
    quiet_at: Option<Millis>,
    /// The info's player count; whether a rules datagram has come; the players listed so far.
    counted: Option<usize>,
    rules_seen: bool,
    players_seen: usize,
    foreign: Option<String>,
    result: Option<Result<Unreal2Outcome>>,
}

impl Unreal2Exchange {
    pub fn new(budget: Deadline, now: Millis) -> Self {
        let mut ex = Self {
            budget,
            attempts: 0,
            outbox: vec![],
            sent_at: now,
            attempt_end: None,
            info: None,
            parts: vec![],
            asked_again: false,
            quiet_at: None,
            counted: None,
            rules_seen: false,
            players_seen: 0,
            foreign: None,
            result: None,
        };
        ex.send(now);
        ex
    }

    fn send(&mut self, now: Millis) {
        self.attempts += 1;
        // Popped last first: the info goes out first.
        self.outbox = vec![
            encode_request(REQUEST_VERSION, RULES_AND_PLAYERS),
            encode_request(REQUEST_VERSION, INFO),
        ];
        self.sent_at = now;
        self.attempt_end = Some(self.budget.attempt_end(now));
    }

    fn quiet(&self, now: Millis) -> Millis {
        let rtt = self.info.as_ref().map_or(0.0, |(_, l)| *l);
        let wait = match self.rules_seen && self.counted == Some(self.players_seen) {
            true => rtt.clamp(COUNTED_QUIET_MIN_MS, COUNTED_QUIET_MS),
            false => (4.0 * rtt).clamp(50.0, 500.0),
        };
        (now + wait).min(self.budget.end)
    }

    fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.outbox.pop()
    }

    fn handle_datagram(&mut self, now: Millis, bytes: &[u8]) {
        if self.result.is_some() {
            return;
        }
        match Datagram::decode(bytes) {
            Ok(Datagram {
                body: Body::Info(info), ..
            }) => {
                if self.info.is_none() {
                    self.info = Some((bytes.to_vec(), round_ms(now - self.sent_at)));
                    self.counted = usize::try_from(info.num_players).ok();
                    self.attempt_end = None;
                }
            }
            Ok(Datagram { body, .. }) => {
                // Each answer to a repeated request repeats the datagrams: keep one of each.
                if !self.parts.iter().any(|p| p == bytes) {
                    match body {
                        Body::Players(p) => self.players_seen += p.len(),
                        _ => self.rules_seen = true,
                    }
                    if self.parts.len() == MAX_PARTS {
                        self.result = Some(Err(Error::new(
                            ErrorCode::BadLength,
                            format!("over {MAX_PARTS} datagrams of rules and players"),
                        )));
                        return;
                    }
                    self.parts.push(bytes.to_vec());
                }
            }
            Err(e) if e.code == ErrorCode::BadMagic => {
                self.foreign.get_or_insert_with(|| crate::sniff::describe(bytes));
                return;
            }
            Err(e) => {
                self.result = Some(Err(e));
                return;
            }
        }
        if self.info.is_some() {
            self.quiet_at = Some(self.quiet(now));
        }
    }

    fn poll_timeout(&self) -> Option<Millis> {
        if self.result.is_some() {
            return None;
        }
        self.quiet_at.or(self.attempt_end)
    }

    fn handle_timeout(&mut self, now: Millis) {
        if self.result.is_some() {
            return;
        }
        if let Some(at) = self.quiet_at {
            if now < at {
                return;
            }
            if self.parts.is_empty() && !self.asked_again && now + 50.0 < self.budget.end {
                self.asked_again = true;
                self.outbox.push(encode_request(REQUEST_VERSION, RULES_AND_PLAYERS));
                self.quiet_at = Some(self.budget.attempt_end(now).max(self.quiet(now)));
                return;
            }
            let (info, latency_ms) = self.info.take().expect("quiet only after the info");
            self.result = Some(Ok(Unreal2Outcome {
                info,
                parts: std::mem::take(&mut self.parts),
                latency_ms,
            }));
            return;
        }
        if self.attempt_end.is_none_or(|d| now < d) {
            return;
        }
        if self.budget.may_retry(self.attempts, now) {
            return self.send(now);
        }
        self.attempt_end = None;
        self.result = Some(Err(match &self.foreign {
            Some(like) => Error::new(
                ErrorCode::WrongProtocol,
                format!("not an Unreal 2 server: it answered {like}"),
            ),
            None => Error::timeout("the info request", self.attempts),
        }));
    }

    fn poll_result(&mut self) -> Option<Result<Unreal2Outcome>> {
        self.result.take()
    }
}

impl_exchange!(Unreal2Exchange, Unreal2Outcome);
