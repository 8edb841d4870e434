//! Node-API shim: every export forwards to `gamequery_core::api` or `gamequery_core::net`.
//! Structured values cross as JSON text (index.js stringifies and parses): one
//! `JSON.parse` is far cheaper than building objects property by property through FFI.

mod cancel;
mod error;
pub mod server;

use gamequery_core::api;
use napi::bindgen_prelude::Uint8Array;
use napi_derive::napi;

use crate::error::to_napi;

#[napi(js_name = "encodeRequest")]
pub fn encode_request(protocol: String, request: String) -> napi::Result<Uint8Array> {
    api::encode_request(&protocol, &request)
        .map(Uint8Array::new)
        .map_err(to_napi)
}

#[napi(js_name = "decodeRequest")]
pub fn decode_request(protocol: String, bytes: &[u8]) -> napi::Result<String> {
    api::decode_request(&protocol, bytes).map_err(to_napi)
}

#[napi(js_name = "encodeResponse")]
pub fn encode_response(protocol: String, response: String) -> napi::Result<Uint8Array> {
    api::encode_response(&protocol, &response)
        .map(Uint8Array::new)
        .map_err(to_napi)
}

#[napi(js_name = "decodeResponse")]
pub fn decode_response(
    protocol: String,
    bytes: &[u8],
    options: Option<String>,
) -> napi::Result<String> {
    api::decode_response(&protocol, bytes, options.as_deref()).map_err(to_napi)
}

#[napi]
pub async fn query(
    protocol: String,
    target: String,
    options: String,
    cancel_id: Option<u32>,
) -> napi::Result<String> {
    let token = cancel::register(cancel_id);
    let result = gamequery_core::net::query(&protocol, &target, &options, token).await;
    cancel::release(cancel_id);
    result.map_err(to_napi)
}

#[napi]
pub async fn rcon(
    protocol: String,
    target: String,
    options: String,
    command: String,
    cancel_id: Option<u32>,
) -> napi::Result<Vec<String>> {
    let token = cancel::register(cancel_id);
    let result = gamequery_core::net::rcon(&protocol, &target, &options, &command, token).await;
    cancel::release(cancel_id);
    result.map_err(to_napi)
}

/// Aborts the `query`/`rcon` call registered under `cancel_id` (AbortSignal glue).
#[napi]
pub fn abort(cancel_id: u32) {
    cancel::abort(cancel_id);
}
