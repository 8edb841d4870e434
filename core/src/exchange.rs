//! The shape every sans-IO client flow shares, so one small driver loop runs them all.

use crate::error::Result;

/// A client flow over datagrams or a byte stream. Call order for a driver: send every
/// [`Exchange::poll_transmit`]; if [`Exchange::poll_result`] yields, stop; otherwise wait
/// for input or [`Exchange::poll_timeout`], whichever comes first, and feed it in.
/// Spurious calls are harmless.
pub trait Exchange {
    type Output;
    fn poll_transmit(&mut self) -> Option<Vec<u8>>;
    fn handle_input(&mut self, now_ms: u64, bytes: &[u8]);
    fn poll_timeout(&self) -> Option<u64>;
    fn handle_timeout(&mut self, now_ms: u64);
    /// The peer closed a stream (never called for datagram flows).
    fn handle_close(&mut self, _now_ms: u64) {}
    fn poll_result(&mut self) -> Option<Result<Self::Output>>;
}

macro_rules! impl_exchange {
    ($ty:ty, $out:ty) => {
        impl $crate::exchange::Exchange for $ty {
            type Output = $out;
            fn poll_transmit(&mut self) -> Option<Vec<u8>> {
                <$ty>::poll_transmit(self)
            }
            fn handle_input(&mut self, now_ms: u64, bytes: &[u8]) {
                <$ty>::handle_datagram(self, now_ms, bytes)
            }
            fn poll_timeout(&self) -> Option<u64> {
                <$ty>::poll_timeout(self)
            }
            fn handle_timeout(&mut self, now_ms: u64) {
                <$ty>::handle_timeout(self, now_ms)
            }
            fn poll_result(&mut self) -> Option<$crate::error::Result<$out>> {
                <$ty>::poll_result(self)
            }
        }
    };
}
pub(crate) use impl_exchange;
