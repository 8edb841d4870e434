//! What keeps a bug of ours from ending the host's process or hanging its call: a panic
//! under a call becomes that call's `GQ_INTERNAL` error ([`contain`], [`Contained`] for a
//! future), and the next call runs as if nothing happened. Builds where a panic cannot
//! unwind (WebAssembly) trap instead; their glue reports the trap the same way.
//!
//! [`checkpoint`]s are where tests inject a panic ([`inject`]: a hidden export of both
//! bindings), one per kind of call. Disarmed, a checkpoint is one relaxed atomic load.

use std::future::Future;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::task::{Context, Poll};

use crate::error::{Error, ErrorCode, Result};

static ARMED: AtomicBool = AtomicBool::new(false);
static POINT: Mutex<Option<String>> = Mutex::new(None);

/// Where a test's panic goes: `decode`, `encode`, `describe`, `query`, `rcon`, `serve`,
/// `frames`, `session` (an RCON session's replies); `None` disarms.
#[doc(hidden)]
pub fn inject(point: Option<&str>) {
    let mut p = POINT.lock().unwrap_or_else(|e| e.into_inner());
    *p = point.map(str::to_string);
    ARMED.store(p.is_some(), Ordering::Relaxed);
}

/// Panics when a test injected a panic at `point`.
#[inline]
pub fn checkpoint(point: &str) {
    if ARMED.load(Ordering::Relaxed) {
        let hit = POINT.lock().unwrap_or_else(|e| e.into_inner()).as_deref() == Some(point);
        if hit {
            panic!("a bug, injected at '{point}'");
        }
    }
}

/// The error a panic becomes: what panicked, in words a bot can read out, and the panic's.
pub fn from_panic(what: &str, payload: &(dyn std::any::Any + Send)) -> Error {
    let detail = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .unwrap_or("no message");
    Error::new(
        ErrorCode::Internal,
        format!("{what} failed inside gamequery (a bug: please report it): {detail}"),
    )
}

/// `f`'s result, or its panic as `GQ_INTERNAL`.
#[cfg(panic = "unwind")]
pub fn contain<T>(what: &str, f: impl FnOnce() -> Result<T>) -> Result<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| Err(from_panic(what, payload.as_ref())))
}

/// Where a panic aborts (WebAssembly), there is nothing to catch: the host reports the trap.
#[cfg(not(panic = "unwind"))]
pub fn contain<T>(_what: &str, f: impl FnOnce() -> Result<T>) -> Result<T> {
    f()
}

/// A future whose panic, at any poll, ends it with `GQ_INTERNAL`.
pub struct Contained<F> {
    future: Option<Pin<Box<F>>>,
    what: &'static str,
}

impl<F> Contained<F> {
    pub fn new(what: &'static str, future: F) -> Self {
        Self {
            future: Some(Box::pin(future)),
            what,
        }
    }
}

impl<T, F: Future<Output = Result<T>>> Future for Contained<F> {
    type Output = Result<T>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Result<T>> {
        let what = self.what;
        let Some(future) = self.future.as_mut() else {
            return Poll::Ready(Err(Error::new(
                ErrorCode::Internal,
                format!("{what}: polled after it ended"),
            )));
        };
        match catch_unwind(AssertUnwindSafe(|| future.as_mut().poll(cx))) {
            Ok(poll) => poll,
            Err(payload) => {
                // Dropped now: a future that panicked is never polled again.
                self.future = None;
                Poll::Ready(Err(from_panic(what, payload.as_ref())))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_the_calls_internal_error_and_the_next_call_runs() {
        let e = contain("a decode", || -> Result<()> { panic!("boom") }).unwrap_err();
        assert_eq!(e.code, ErrorCode::Internal);
        assert!(
            e.message.starts_with("a decode failed inside gamequery"),
            "{}",
            e.message
        );
        assert!(e.message.ends_with("boom"));
        assert_eq!(contain("a decode", || Ok(7)).unwrap(), 7);
    }

    #[test]
    fn a_future_that_panics_ends_as_an_internal_error() {
        let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
        let out = rt.block_on(Contained::new("a query", async {
            tokio::task::yield_now().await;
            let v: Vec<u8> = vec![];
            Ok::<u8, Error>(v[3])
        }));
        assert_eq!(out.unwrap_err().code, ErrorCode::Internal);
    }

    #[test]
    fn checkpoints_fire_only_where_armed() {
        // The only test that arms one: a checkpoint elsewhere in this run stays silent.
        inject(Some("test-only point"));
        checkpoint("decode");
        assert!(catch_unwind(|| checkpoint("test-only point")).is_err());
        inject(None);
        checkpoint("test-only point");
    }
}
