//! What a call can front: the `minecraft` race of editions, and a game's candidate ports.
//! Each runs [`Subcalls`] and decides the one result; the host's events reach them the
//! same way (the provided methods).

use serde_json::Value;

use super::subcalls::Subcalls;
use super::{Call, Input, Io, Outcome, Step};
use crate::error::{Caller, Error, Result};
use crate::exchange::Millis;
use crate::options::Common;
use crate::spec::{QueryPlan, Running, Start};
use crate::target::Target;

pub trait Front: std::fmt::Debug + Send {
    fn subs(&self) -> &Subcalls;
    fn subs_mut(&mut self) -> &mut Subcalls;
    /// After any event (not once decided): take the sub-calls' results, decide
    /// ([`Subcalls::decide`]) when it can.
    fn settle(&mut self, now: Millis);
    /// A deadline of its own besides the sub-calls' (the race's grace).
    fn own_deadline(&self) -> Option<Millis> {
        None
    }

    fn poll_io(&mut self) -> Option<Io> {
        self.subs_mut().poll_io()
    }

    fn poll_timeout(&self) -> Option<Millis> {
        if self.subs().decided() {
            return None;
        }
        self.subs()
            .poll_timeout()
            .into_iter()
            .chain(self.own_deadline())
            .reduce(f64::min)
    }

    fn poll_result(&mut self) -> Option<Result<Outcome>> {
        self.subs_mut().take_result()
    }

    fn abort(&mut self) {
        if !self.subs().decided() {
            self.subs_mut().decide(Err(Error::aborted()));
        }
    }

    fn handle_timeout(&mut self, now: Millis) {
        self.subs_mut().handle_timeout(now);
        self.step(now);
    }

    fn handle(&mut self, now: Millis, input: Input) {
        self.subs_mut().handle(now, input);
        self.step(now);
    }

    fn handle_received(&mut self, now: Millis, id: u32, bytes: &[u8]) {
        self.subs_mut().handle_received(now, id, bytes);
        self.step(now);
    }

    /// [`Front::settle`] unless decided already.
    fn step(&mut self, now: Millis) {
        if !self.subs().decided() {
            self.settle(now);
        }
    }

    /// The first sub-call's address that is known.
    fn address(&self) -> Option<std::net::SocketAddr> {
        self.subs().address()
    }
}

/// `'minecraft'`, or a game's candidate ports: other calls run ([`front::Front`]); this
/// call only fronts them.
#[derive(Debug)]
struct Fronting(Common);

impl QueryPlan for Fronting {
    fn common(&self) -> &Common {
        &self.0
    }
    fn start(&mut self, _: Start<'_>) -> Result<Box<dyn Running>> {
        Err(Error::invalid("a fronting call opens no connection of its own"))
    }
}

impl Call {
    /// A call that only fronts `front`.
    pub(super) fn fronting(
        who: Caller,
        text: String,
        t: Target,
        port: u16,
        front: Box<dyn Front>,
        seed: u64,
        host_resolves: bool,
    ) -> Result<Self> {
        let common = Common::read(&mut crate::options::Options::new(who.title, Value::Null)?)?;
        let mut call = Self::new(who, text, t, port, Box::new(Fronting(common)), seed, host_resolves);
        call.io.clear();
        call.step = Step::Done;
        call.front = Some(front);
        Ok(call)
    }
}
