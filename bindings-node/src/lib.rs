//! Node-API shim: every export forwards to `gamequery_core::api` or `gamequery_core::net`.
//! Arguments arrive as JSON text (index.js stringifies them); results leave as a tape
//! (`gamequery_core::tape`) that the JS reader turns into objects — far cheaper than a
//! JSON text or setting properties one by one through FFI.

// Every `unsafe` block says why it holds (`// SAFETY:`); clippy checks each has one.
#![warn(clippy::undocumented_unsafe_blocks)]

#[cfg(not(target_os = "macos"))]
mod alloc;
pub mod bench;
pub mod bulk;
mod cancel;
mod error;
// napi-rs registers a `module_exports` hook only outside test builds.
#[cfg_attr(test, allow(dead_code))]
mod raw;
pub mod server;
pub mod session;
pub mod single;
mod tape;
pub mod trace;

use gamequery_core::api;
use napi::bindgen_prelude::Uint8Array;
use napi_derive::napi;

use crate::error::to_napi;
use crate::tape::Tape;

/// Every struct key list so far, for the tape reader (JSON text, read once per shape).
#[napi(catch_unwind)]
pub fn shapes() -> String {
    gamequery_core::tape::shapes::all_json()
}

/// Protocol names in the order of the ids `decodeRequest`/`decodeResponse` take: the JS
/// glue validates the name and passes its id (a number crosses 40 ns cheaper than a string).
#[napi(catch_unwind)]
pub fn protocols() -> Vec<&'static str> {
    api::Protocol::all().map(|p| p.name()).collect()
}

pub(crate) fn protocol_name(id: u32) -> napi::Result<&'static str> {
    api::Protocol::from_id(id)
        .map(|p| p.name())
        .ok_or_else(|| napi::Error::from_reason(format!("no protocol has id {id}")))
}

#[napi(js_name = "encodeRequest", catch_unwind)]
pub fn encode_request(protocol: String, request: String) -> napi::Result<Uint8Array> {
    api::encode_request(&protocol, &request)
        .map(Uint8Array::new)
        .map_err(to_napi)
}

#[napi(js_name = "encodeResponse", catch_unwind)]
pub fn encode_response(protocol: String, response: String) -> napi::Result<Uint8Array> {
    api::encode_response(&protocol, &response)
        .map(Uint8Array::new)
        .map_err(to_napi)
}

/// gamedig's query options → a query of ours (`gamequery/gamedig`), as JSON text.
#[napi(js_name = "gamedigPlan", catch_unwind)]
pub fn gamedig_plan(options: String, listen_udp_port: Option<u32>) -> napi::Result<String> {
    api::gamedig_plan(&options, listen_udp_port).map_err(to_napi)
}

/// Every game in gamedig's entry shape (`gamequery/gamedig`'s `games`), as JSON text.
#[napi(js_name = "gamedigGames", catch_unwind)]
pub fn gamedig_games() -> String {
    api::gamedig_games()
}

/// A status for people (fields, sections, notes, warnings: what the CLI prints), as JSON
/// text; the status as JSON text.
#[napi(js_name = "describeStatus", catch_unwind)]
pub fn describe_status(status: String, color: bool) -> napi::Result<String> {
    api::describe_status(&status, color).map_err(to_napi)
}

/// A state to serve for `protocol` (JSON text): what `gamequery serve` answers with;
/// `options` (JSON text): `{ game, port }` it is fitted to.
#[napi(js_name = "sampleState", catch_unwind)]
pub fn sample_state(protocol: String, options: String) -> napi::Result<String> {
    api::sample_state(&protocol, &options).map_err(to_napi)
}

#[napi]
pub async fn query(
    protocol: String,
    target: String,
    options: String,
    cancel_id: Option<u32>,
    trace: Option<trace::TraceFn>,
) -> napi::Result<Tape> {
    let token = cancel::register(cancel_id);
    let result = gamequery_core::net::query(&protocol, &target, &options, token, api::Tape, trace::tracer(trace)).await;
    cancel::release(cancel_id);
    result.map(Tape).map_err(to_napi)
}

#[napi]
pub async fn rcon(
    protocol: String,
    target: String,
    options: String,
    command: String,
    cancel_id: Option<u32>,
    trace: Option<trace::TraceFn>,
) -> napi::Result<Vec<String>> {
    let token = cancel::register(cancel_id);
    let result = gamequery_core::net::rcon(&protocol, &target, &options, &command, token, trace::tracer(trace)).await;
    cancel::release(cancel_id);
    result.map_err(to_napi)
}

/// Aborts the `query`/`rcon` call registered under `cancel_id` (AbortSignal glue).
#[napi(catch_unwind)]
pub fn abort(cancel_id: u32) {
    cancel::abort(cancel_id);
}

/// Joins what a protocol sends in pieces into whole replies: a TCP stream's bytes into
/// packets, a multi-datagram reply's datagrams into one (GameSpy 1/3's parts).
#[napi]
pub struct FrameDecoder {
    inner: api::Frames,
}

#[napi]
impl FrameDecoder {
    #[napi(constructor, catch_unwind)]
    pub fn new(protocol: String, max_frame: Option<u32>, gold_src: Option<bool>) -> napi::Result<Self> {
        let inner = api::frame_decoder(&protocol, max_frame, gold_src.unwrap_or(false)).map_err(to_napi)?;
        Ok(Self { inner })
    }

    #[napi(catch_unwind)]
    pub fn push(&mut self, chunk: &[u8]) -> napi::Result<Vec<Uint8Array>> {
        let inner = &mut self.inner;
        let frames = gamequery_core::internal::contain("FrameDecoder.push", || {
            gamequery_core::internal::checkpoint("frames");
            inner.push(chunk)
        })
        .map_err(to_napi)?;
        Ok(frames.into_iter().map(Uint8Array::new).collect())
    }
}
