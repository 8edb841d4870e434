//! `queryMany` natively: many servers, any protocols, results as they finish.
//!
//! UDP queries (SA:MP, SQP) share a few sockets driven by one task ([`engine`]): replies
//! are routed to their query by socket and source address and checked by the query's own
//! exchange (header echo, challenge), every deadline sits in one heap, and new queries
//! start only while the requests in flight fit in the receive buffers. TCP queries run as
//! tasks of their own on the engine's thread. Finished results gather in one batch tape
//! that JS takes whole with [`Bulk::next`] — one crossing for many results.
//!
//! A batch is a run of tapes, one or two per result: the item's index followed by its
//! `Status`, or an error object `{ index, code, message, field?, offset?, text? }`.

mod engine;
pub(crate) mod shared;
mod sockets;
mod unreachable;

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

use crate::call::many::{prepare, Batch};
use crate::error::Result;
use crate::net::util::network_error;
use crate::tape::Tape;

/// Results finished but not taken by JS yet, at most: past this the engine starts no new
/// query until JS catches up, so memory stays bounded however many servers are asked.
const MAX_UNDELIVERED: usize = 512;

/// What the engine hands over: finished results (a tape per engine turn), and whether it
/// is done.
#[derive(Default)]
pub(crate) struct Shared {
    /// Per engine turn: the results' tape and how many results it holds.
    batches: Mutex<VecDeque<(Tape, usize)>>,
    undelivered: AtomicUsize,
    finished: AtomicBool,
    /// Engine → JS: results are ready.
    ready: Notify,
    /// JS → engine: results were taken.
    drained: Notify,
}

impl Shared {
    fn deliver(&self, tape: Tape, results: usize) {
        self.batches
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push_back((tape, results));
        self.undelivered.fetch_add(results, Ordering::AcqRel);
        self.ready.notify_one();
    }

    fn finish(&self) {
        self.finished.store(true, Ordering::Release);
        self.ready.notify_one();
    }

    /// Room for more results before JS takes what is there.
    fn has_room(&self) -> bool {
        self.undelivered.load(Ordering::Acquire) < MAX_UNDELIVERED
    }

    /// The oldest batches, as many as fit in `max_values` numbers (at least one).
    fn take(&self, max_values: usize) -> Option<Tape> {
        let mut batches = self.batches.lock().unwrap_or_else(|e| e.into_inner());
        let (mut all, mut results) = batches.pop_front()?;
        while let Some((next, _)) = batches.front() {
            if all.values.len() + next.values.len() > max_values {
                break;
            }
            let (next, n) = batches.pop_front().expect("a front batch");
            all.append(next);
            results += n;
        }
        drop(batches);
        self.undelivered.fetch_sub(results, Ordering::AcqRel);
        self.drained.notify_one();
        Some(all)
    }
}

/// A running bulk query. Dropping it stops the run.
pub struct Bulk {
    shared: Arc<Shared>,
    cancel: CancellationToken,
    abort: CancellationToken,
}

impl Bulk {
    /// Starts a run from within a tokio runtime (its lookups run there).
    /// `items`: JSON `[{ protocol?, target, options? }]`; `options`: JSON of the shared
    /// options plus `concurrency` (0 or absent for unlimited) and a default `protocol`.
    pub fn start(items: &str, options: &str, tracer: Option<crate::net::Tracer>) -> Result<Self> {
        let Batch { items, concurrency } = prepare(items, options)?;
        let shared = Arc::new(Shared::default());
        let (cancel, abort) = (CancellationToken::new(), CancellationToken::new());
        let (engine, rx) = engine::Engine::new(items, concurrency, shared.clone(), cancel.clone(), tracer);
        // The engine gets a thread and a reactor of its own: on the shared runtime, every
        // datagram's readiness (and every send's) woke another worker parked in the
        // reactor, and the engine task moved between workers — a fifth of a bulk run's
        // CPU. Lookups still run on the caller's runtime.
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| network_error("start the bulk engine", e))?;
        let abort_engine = abort.clone();
        std::thread::Builder::new()
            .name("gamequery-bulk".into())
            .spawn(move || runtime.block_on(engine.run(rx, abort_engine)))
            .map_err(|e| network_error("start the bulk engine", e))?;
        Ok(Self { shared, cancel, abort })
    }

    /// Results finished since the last call (waiting for at least one), as many engine
    /// turns' worth as fit in `max_values` numbers; `None` once every result was
    /// delivered (or the run was cancelled).
    pub async fn next(&self, max_values: usize) -> Option<Tape> {
        loop {
            let ready = self.shared.ready.notified();
            if let Some(batch) = self.shared.take(max_values) {
                return Some(batch);
            }
            if self.shared.finished.load(Ordering::Acquire) {
                return self.shared.take(max_values);
            }
            ready.await;
        }
    }

    /// Stops the run; results not finished are never delivered.
    pub fn cancel(&self) {
        self.cancel.cancel();
    }

    /// Stops the run; every result not finished is delivered as `GQ_ABORTED`.
    pub fn abort(&self) {
        self.abort.cancel();
    }
}

impl Drop for Bulk {
    fn drop(&mut self) {
        self.cancel.cancel();
    }
}
