//! `trace(event)`: every datagram or stream chunk a call sends or receives, handed to a
//! JS function without blocking the network threads.

use std::sync::Arc;

use gamequery_core::net::{TraceEvent, Tracer};
use napi::bindgen_prelude::{Buffer, Unknown};
use napi::threadsafe_function::{ThreadsafeFunction, ThreadsafeFunctionCallMode};
use napi::Status;
use napi_derive::napi;

#[napi(object)]
pub struct TraceEventJs {
    /// `'send'` or `'receive'`.
    pub direction: String,
    pub bytes: Buffer,
    pub address: String,
    pub port: u32,
    /// Milliseconds since the call began.
    pub time: f64,
}

pub type TraceFn = ThreadsafeFunction<TraceEventJs, Unknown<'static>, TraceEventJs, Status, false>;

pub fn tracer(f: Option<TraceFn>) -> Option<Tracer> {
    let f = Arc::new(f?);
    Some(Arc::new(move |e: TraceEvent| {
        let event = TraceEventJs {
            direction: e.direction.as_str().into(),
            bytes: e.bytes.into(),
            address: e.address.ip().to_string(),
            port: e.address.port().into(),
            time: e.time,
        };
        f.call(event, ThreadsafeFunctionCallMode::NonBlocking);
    }))
}
