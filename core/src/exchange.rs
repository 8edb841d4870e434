//! The shape every sans-IO client flow shares, so one small driver loop runs them all, and
//! the one notion of time they share.

use crate::error::Result;

/// Time on an exchange's clock: milliseconds from any origin the driver picks, with a
/// fraction (a driver passes `performance.now()`, or an `Instant`'s elapsed time).
pub type Millis = f64;

/// A call's whole budget, with the same meaning in every protocol: `timeout` covers name
/// resolution, every step and every retransmission; a request that gets no answer is
/// sent again after its attempt's share of the budget, at most `retries` times.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Deadline {
    /// When the call ends, on the exchange's clock.
    pub end: Millis,
    /// How many times a request may be sent: 1 + retries.
    pub attempts: u32,
    /// How long one attempt waits for its answer.
    pub attempt: Millis,
}

impl Deadline {
    /// The budget of a call that starts at clock time 0.
    pub fn for_call(timeout_ms: Millis, retries: u32) -> Self {
        Self {
            end: timeout_ms,
            attempts: retries + 1,
            attempt: timeout_ms / f64::from(retries + 1),
        }
    }

    /// When an attempt sent at `now` gives up: its share of the budget, never past the end.
    pub fn attempt_end(&self, now: Millis) -> Millis {
        (now + self.attempt).min(self.end)
    }

    /// Whether a request sent `attempts` times may go once more at `now`.
    pub fn may_retry(&self, attempts: u32, now: Millis) -> bool {
        attempts < self.attempts && now < self.end
    }
}

/// A duration in milliseconds, kept to the microsecond (the clock's noise below that).
pub fn round_ms(ms: Millis) -> f64 {
    (ms.max(0.0) * 1000.0).round() / 1000.0
}

/// A client flow over datagrams or a byte stream. Call order for a driver: send every
/// [`Exchange::poll_transmit`]; if [`Exchange::poll_result`] yields, stop; otherwise wait
/// for input or [`Exchange::poll_timeout`], whichever comes first, and feed it in.
/// Spurious calls are harmless.
/// What an exchange that ended with an error asks of the call: the call decides.
#[derive(Debug, Clone, PartialEq)]
pub enum Again {
    /// The server answered like an older protocol the caller may fall back to.
    Fallback,
    /// Ask again on a new connection at this time (HTTP `Retry-After`).
    After(Millis),
    /// Ask again at this location (an HTTP redirect), if it stays on the server named.
    At(String),
}

pub trait Exchange {
    type Output;
    fn poll_transmit(&mut self) -> Option<Vec<u8>>;
    fn handle_input(&mut self, now: Millis, bytes: &[u8]);
    fn poll_timeout(&self) -> Option<Millis>;
    fn handle_timeout(&mut self, now: Millis);
    /// The peer closed a stream (never called for datagram flows).
    fn handle_close(&mut self, _now: Millis) {}
    /// Ended with an error, what it asks of the call (a fallback, to be asked again).
    fn again(&self) -> Option<Again> {
        None
    }
    fn poll_result(&mut self) -> Option<Result<Self::Output>>;
}

macro_rules! impl_exchange {
    ($ty:ty, $out:ty) => {
        impl $crate::exchange::Exchange for $ty {
            type Output = $out;
            fn poll_transmit(&mut self) -> Option<Vec<u8>> {
                <$ty>::poll_transmit(self)
            }
            fn handle_input(&mut self, now: $crate::exchange::Millis, bytes: &[u8]) {
                <$ty>::handle_datagram(self, now, bytes)
            }
            fn poll_timeout(&self) -> Option<$crate::exchange::Millis> {
                <$ty>::poll_timeout(self)
            }
            fn handle_timeout(&mut self, now: $crate::exchange::Millis) {
                <$ty>::handle_timeout(self, now)
            }
            fn poll_result(&mut self) -> Option<$crate::error::Result<$out>> {
                <$ty>::poll_result(self)
            }
        }
    };
}
pub(crate) use impl_exchange;
