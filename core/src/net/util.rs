//! Helpers the responders and the bulk engine share (nothing here is UDP-only).

use crate::error::{Error, ErrorCode};

pub fn network_error(what: &str, e: std::io::Error) -> Error {
    Error::new(ErrorCode::Network, format!("{what}: {e}"))
}

/// Whole milliseconds since `start`: the responders' clock (they only expire tokens).
pub fn now_ms(start: tokio::time::Instant) -> u64 {
    u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX)
}
