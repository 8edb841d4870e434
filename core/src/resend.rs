//! A query of one datagram and one reply, the request sent again with a fresh token after
//! each attempt's share of the budget; the reply that carries the latest token wins (an
//! earlier attempt's is ignored), and bytes of another protocol make the timeout a
//! "wrong protocol" instead. Mumble's ping, FiveM's `getinfo` and the Quake family's
//! `getstatus`/`getinfo`/`status` are this; each says only how to write its request and how
//! to read a reply ([`Probe`]).

use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{round_ms, Deadline, Millis};
use crate::rng::Rng;

/// A protocol's side of a [`Resend`].
pub trait Probe: Send {
    type Reply;
    /// What messages call the server (`FiveM`).
    const SERVER: &'static str;
    /// What a timeout's message calls the request (`getinfo`).
    fn asked(&self) -> String;
    /// A request with a fresh token from `rng`.
    fn request(&mut self, rng: &mut Rng) -> Vec<u8>;
    /// A datagram sent just before each request, when the probe wants one (FiveM's
    /// optional `getstatus`, whose reply then comes before `getinfo`'s).
    fn before(&mut self) -> Option<Vec<u8>> {
        None
    }
    /// A datagram: the reply to the latest request, `Ok(None)` for one of this protocol
    /// that is not (an earlier attempt's, or one the probe keeps for its reply), `Err` for
    /// bytes of another.
    fn read(&mut self, bytes: &[u8]) -> Result<Option<Self::Reply>>;
    /// Whether `read`'s error ends the query at once (bytes of this protocol, broken:
    /// waiting will not mend them) rather than mark the peer as speaking another.
    fn fatal(&self, _e: &Error) -> bool {
        false
    }
}

/// The reply and the round trip of the request it answers.
#[derive(Debug)]
pub struct Answer<R> {
    pub response: R,
    pub latency_ms: f64,
}

#[derive(Debug)]
pub struct Resend<P: Probe> {
    probe: P,
    budget: Deadline,
    rng: Rng,
    attempts: u32,
    /// What to send, last first.
    outbox: Vec<Vec<u8>>,
    deadline: Option<Millis>,
    sent_at: Millis,
    foreign: Option<String>,
    result: Option<Result<Answer<P::Reply>>>,
}

impl<P: Probe> Resend<P> {
    pub fn new(probe: P, budget: Deadline, now: Millis, seed: u64) -> Self {
        let mut ex = Self {
            probe,
            budget,
            rng: Rng::new(seed | 1),
            attempts: 0,
            outbox: Vec::new(),
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
        self.outbox.clear();
        self.outbox.push(self.probe.request(&mut self.rng));
        self.outbox.extend(self.probe.before());
        self.sent_at = now;
        self.deadline = Some(self.budget.attempt_end(now));
    }
}

impl<P: Probe> crate::exchange::Exchange for Resend<P> {
    type Output = Answer<P::Reply>;

    fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.outbox.pop()
    }

    fn handle_input(&mut self, now: Millis, bytes: &[u8]) {
        if self.result.is_some() {
            return;
        }
        match self.probe.read(bytes) {
            Ok(Some(response)) => {
                self.deadline = None;
                let latency_ms = round_ms(now - self.sent_at);
                self.result = Some(Ok(Answer { response, latency_ms }));
            }
            Ok(None) => {}
            Err(e) if self.probe.fatal(&e) => {
                self.deadline = None;
                self.result = Some(Err(e));
            }
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
                format!("not a {} server: it answered {like}", P::SERVER),
            ),
            None => Error::timeout(self.probe.asked(), self.attempts),
        }));
    }

    fn poll_result(&mut self) -> Option<Result<Answer<P::Reply>>> {
        self.result.take()
    }
}
