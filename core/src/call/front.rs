//! What a call can front: the `minecraft` race of editions, and a game's candidate ports.
//! Each runs [`Subcalls`] and decides the one result; the host's events reach them the
//! same way (the provided methods).

use super::subcalls::Subcalls;
use super::{Input, Io, Outcome};
use crate::error::{Error, Result};
use crate::exchange::Millis;

pub trait Front: std::fmt::Debug + Send {
    fn subs(&self) -> &Subcalls;
    fn subs_mut(&mut self) -> &mut Subcalls;
    /// The result, once decided (taken by [`Front::poll_result`]).
    fn result(&mut self) -> &mut Option<Result<Outcome>>;
    /// Decided: no more timeouts.
    fn decided(&self) -> bool;
    /// After any event: take the sub-calls' results, decide when it can.
    fn settle(&mut self, now: Millis);
    /// A deadline of its own besides the sub-calls' (the race's grace).
    fn own_deadline(&self) -> Option<Millis> {
        None
    }

    fn poll_io(&mut self) -> Option<Io> {
        self.subs_mut().poll_io()
    }

    fn poll_timeout(&self) -> Option<Millis> {
        if self.decided() {
            return None;
        }
        self.subs()
            .poll_timeout()
            .into_iter()
            .chain(self.own_deadline())
            .reduce(f64::min)
    }

    fn poll_result(&mut self) -> Option<Result<Outcome>> {
        self.result().take()
    }

    fn abort(&mut self) {
        if !self.decided() {
            self.subs_mut().stop();
            *self.result() = Some(Err(Error::aborted()));
        }
    }

    fn handle_timeout(&mut self, now: Millis) {
        self.subs_mut().handle_timeout(now);
        self.settle(now);
    }

    fn handle(&mut self, now: Millis, input: Input) {
        self.subs_mut().handle(now, input);
        self.settle(now);
    }

    fn handle_received(&mut self, now: Millis, id: u32, bytes: &[u8]) {
        self.subs_mut().handle_received(now, id, bytes);
        self.settle(now);
    }

    /// The first sub-call's address that is known.
    fn address(&self) -> Option<std::net::SocketAddr> {
        self.subs().address()
    }
}
