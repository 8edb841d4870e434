//! What a call returns: a protocol's `Status` (its own `raw` inside), or RCON's lines.
//! The status is a trait object so that the machinery above the protocols names none of
//! their result types. The bindings take it as a tape, serialized directly; any other
//! serializer (JSON for Rust callers and tests) reaches it through `erased-serde`
//! (dtolnay's `Serialize` behind `dyn`) — except on WebAssembly, where nothing asks for
//! that and its copy of every result's serializer was 14 KB of the engine's gzipped
//! download.

use std::any::Any;
use std::fmt::Debug;
use std::net::SocketAddr;

use serde::Serialize;

use crate::status::{GameMatch, Status};
use crate::tape::Tape;

/// `Serialize` behind `dyn`, where something may ask for it.
#[cfg(not(target_family = "wasm"))]
pub trait Erased: erased_serde::Serialize {}
#[cfg(not(target_family = "wasm"))]
impl<T: erased_serde::Serialize + ?Sized> Erased for T {}
#[cfg(target_family = "wasm")]
pub trait Erased {}
#[cfg(target_family = "wasm")]
impl<T: ?Sized> Erased for T {}

/// A `Status` of any protocol.
pub trait Report: Erased + Send + 'static {
    /// The round trip, where measured (the `minecraft` race's grace is three of them).
    fn ping_ms(&self) -> Option<f64>;
    /// For a caller that knows the protocol and wants its `Status<Raw>` back.
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
    fn as_any(&self) -> &dyn Any;
    /// The status as the bindings take it (a tape), serialized directly: through
    /// `erased-serde` every field is a dynamic call (~10% of a bulk query's CPU).
    fn to_tape(&self, size_hint: usize) -> Tape;
    /// The status appended to a tape of many (`queryMany`'s batches).
    fn push_to(&self, tape: &mut Tape);
    /// The port that answered.
    fn port(&self) -> u16;
    /// [`Status::settle`]: `connect` and `game`, once the query is done.
    fn settle(&mut self, host: &str, game: Option<GameMatch>);
}

impl<R: Serialize + Send + 'static> Report for Status<R> {
    fn ping_ms(&self) -> Option<f64> {
        self.ping_ms
    }
    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn to_tape(&self, size_hint: usize) -> Tape {
        crate::tape::to_tape(self, size_hint)
    }
    fn push_to(&self, tape: &mut Tape) {
        tape.push(self)
    }
    fn port(&self) -> u16 {
        self.port
    }
    fn settle(&mut self, host: &str, game: Option<GameMatch>) {
        Status::settle(self, host, game)
    }
}

/// Named, not printed (as `dyn Running`: no `Debug` of every result type in every build).
impl Debug for dyn Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Status")
    }
}

#[derive(Debug)]
pub enum Outcome {
    Status(Box<dyn Report>),
    Lines(Vec<String>),
}

impl Outcome {
    pub fn status<R: Serialize + Send + 'static>(status: Status<R>) -> Self {
        Self::Status(Box::new(status))
    }

    /// The status, when it is a `Status<R>`.
    pub fn as_status<R: 'static>(&self) -> Option<&Status<R>> {
        match self {
            Self::Status(s) => s.as_any().downcast_ref(),
            Self::Lines(_) => None,
        }
    }

    /// The outcome as the bindings take it.
    pub fn to_tape(&self, size_hint: usize) -> Tape {
        match self {
            Self::Status(s) => s.to_tape(size_hint),
            Self::Lines(lines) => crate::tape::to_tape(lines, size_hint),
        }
    }

    /// The outcome appended to a tape of many.
    pub fn push_to(&self, tape: &mut Tape) {
        match self {
            Self::Status(s) => s.push_to(tape),
            Self::Lines(lines) => tape.push(lines),
        }
    }

    /// [`Status::settle`], for a status; lines have no `connect`.
    pub fn settle(&mut self, host: &str, game: Option<GameMatch>) {
        if let Self::Status(s) = self {
            s.settle(host, game)
        }
    }

    pub fn into_status<R: 'static>(self) -> Option<Status<R>> {
        match self {
            Self::Status(s) => s.into_any().downcast().ok().map(|b| *b),
            Self::Lines(_) => None,
        }
    }
}

#[cfg(not(target_family = "wasm"))]
impl Serialize for Outcome {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Status(status) => erased_serde::serialize(status.as_ref(), serializer),
            Self::Lines(lines) => lines.serialize(serializer),
        }
    }
}

/// `Status.address` and `port`: the peer's IP, or the name when the host resolved it.
pub fn peer(addr: Option<SocketAddr>, host: &str, port: u16) -> (String, u16) {
    match addr {
        Some(a) => (a.ip().to_string(), a.port()),
        None => (host.to_string(), port),
    }
}
