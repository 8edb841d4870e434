//! What a call returns: a protocol's `Status` (its own `raw` inside), or RCON's lines.
//! The status is a trait object so that the machinery above the protocols names none of
//! their result types; it serializes through `erased-serde` (dtolnay's: a `Serialize`
//! behind `dyn`, names and shapes kept, which the tape's shared values rely on).

use std::any::Any;
use std::fmt::Debug;
use std::net::SocketAddr;

use serde::{Serialize, Serializer};

use crate::status::Status;

/// A `Status` of any protocol.
pub trait Report: erased_serde::Serialize + Debug + Send + 'static {
    /// The round trip, where measured (the `minecraft` race's grace is three of them).
    fn ping_ms(&self) -> Option<f64>;
    /// For a caller that knows the protocol and wants its `Status<Raw>` back.
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
    fn as_any(&self) -> &dyn Any;
}

impl<R: Serialize + Debug + Send + 'static> Report for Status<R> {
    fn ping_ms(&self) -> Option<f64> {
        self.ping_ms
    }
    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

#[derive(Debug)]
pub enum Outcome {
    Status(Box<dyn Report>),
    Lines(Vec<String>),
}

impl Outcome {
    pub fn status<R: Serialize + Debug + Send + 'static>(status: Status<R>) -> Self {
        Self::Status(Box::new(status))
    }

    /// The status, when it is a `Status<R>`.
    pub fn as_status<R: 'static>(&self) -> Option<&Status<R>> {
        match self {
            Self::Status(s) => s.as_any().downcast_ref(),
            Self::Lines(_) => None,
        }
    }

    pub fn into_status<R: 'static>(self) -> Option<Status<R>> {
        match self {
            Self::Status(s) => s.into_any().downcast().ok().map(|b| *b),
            Self::Lines(_) => None,
        }
    }
}

impl Serialize for Outcome {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
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
