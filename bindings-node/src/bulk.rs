//! `queryMany`: a run of many queries in the core's bulk engine; JS pulls finished
//! results in batches (one crossing for many) and cancels by breaking its loop.

use std::sync::Arc;

use gamequery_core::net::Bulk;
use napi::bindgen_prelude::Float64Array;
use napi_derive::napi;

use crate::error::to_napi;
use crate::tape::LaterScratchTape;

#[napi]
pub struct BulkRun {
    inner: Arc<Bulk>,
}

/// `items` and `options` are JSON text (see `gamequery_core::net::Bulk::start`).
#[napi(js_name = "queryMany")]
pub async fn query_many(items: String, options: String, trace: Option<crate::trace::TraceFn>) -> napi::Result<BulkRun> {
    let inner = Bulk::start(&items, &options, crate::trace::tracer(trace)).map_err(to_napi)?;
    Ok(BulkRun { inner: Arc::new(inner) })
}

#[napi]
impl BulkRun {
    /// The next batch of finished results, or `null` when all were delivered: its text,
    /// the numbers written into `scratch` (or `[text, numbers]` when they do not fit).
    #[napi]
    pub async fn next(&self, scratch: Float64Array) -> Option<LaterScratchTape> {
        let inner = self.inner.clone();
        inner.next(scratch.len()).await.map(|t| LaterScratchTape(t, scratch))
    }

    /// Stops the run without delivering what is unfinished.
    #[napi(catch_unwind)]
    pub fn cancel(&self) {
        self.inner.cancel();
    }

    /// Stops the run; what is unfinished is delivered as `GQ_ABORTED`.
    #[napi(catch_unwind)]
    pub fn abort(&self) {
        self.inner.abort();
    }
}
