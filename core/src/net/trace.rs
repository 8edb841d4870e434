//! A call's clock, and the packet trace a caller can ask for (`trace(event)`): every
//! datagram or chunk of a stream, both ways, as gamedig's `debug` prints them.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::time::Instant;

use crate::exchange::Millis;

/// Milliseconds since the call began: the exchanges' clock.
#[derive(Debug, Clone, Copy)]
pub struct Clock(Instant);

impl Clock {
    pub fn start() -> Self {
        crate::http::lists::use_clock(engine_now);
        Self(Instant::now())
    }

    pub fn now(&self) -> Millis {
        self.0.elapsed().as_secs_f64() * 1000.0
    }

    pub fn instant(&self, at: Millis) -> Instant {
        self.0 + Duration::from_secs_f64(at.max(0.0) / 1000.0)
    }
}

/// Milliseconds since the engine's first call: the clock central lists are held by
/// ([`crate::http::lists`]), which outlive a call.
fn engine_now() -> Option<Millis> {
    static BASE: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    Some(BASE.get_or_init(std::time::Instant::now).elapsed().as_secs_f64() * 1000.0)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Send,
    Receive,
}

impl Direction {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Send => "send",
            Self::Receive => "receive",
        }
    }
}

#[derive(Debug, Clone)]
pub struct TraceEvent {
    pub direction: Direction,
    pub bytes: Vec<u8>,
    /// The peer.
    pub address: SocketAddr,
    /// Milliseconds since the call began.
    pub time: Millis,
}

pub type Tracer = Arc<dyn Fn(TraceEvent) + Send + Sync>;

/// Calls the tracer, if there is one; a request's credentials are hidden from it
/// ([`crate::http::redacted`]).
pub fn trace(tracer: Option<&Tracer>, clock: &Clock, direction: Direction, address: SocketAddr, bytes: &[u8]) {
    if let Some(t) = tracer {
        let shown = match direction {
            Direction::Send => crate::http::redacted(bytes),
            Direction::Receive => None,
        };
        t(TraceEvent {
            direction,
            bytes: shown.unwrap_or_else(|| bytes.to_vec()),
            address,
            time: clock.now(),
        });
    }
}
