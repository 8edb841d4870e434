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
pub fn decode_response(protocol: String, bytes: &[u8], options: Option<String>) -> napi::Result<String> {
    api::decode_response(&protocol, bytes, options.as_deref()).map_err(to_napi)
}

#[napi]
pub async fn query(protocol: String, target: String, options: String, cancel_id: Option<u32>) -> napi::Result<String> {
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

#[napi(js_name = "encodeVarInt")]
pub fn encode_varint(value: f64) -> napi::Result<Uint8Array> {
    api::encode_varint(value).map(Uint8Array::new).map_err(to_napi)
}

/// `[value, length]`; index.js shapes it as `{ value, length }`.
#[napi(js_name = "decodeVarInt")]
pub fn decode_varint(bytes: &[u8], offset: Option<u32>) -> napi::Result<Vec<i64>> {
    let (value, length) = api::decode_varint(bytes, offset.unwrap_or(0) as usize).map_err(to_napi)?;
    Ok(vec![value.into(), length as i64])
}

/// Splits a TCP stream into whole packets.
#[napi]
pub struct FrameDecoder {
    inner: gamequery_core::minecraft::java::FrameDecoder,
}

#[napi]
impl FrameDecoder {
    #[napi(constructor)]
    pub fn new(protocol: String, max_frame: Option<u32>) -> napi::Result<Self> {
        let inner = api::frame_decoder(&protocol, max_frame).map_err(to_napi)?;
        Ok(Self { inner })
    }

    #[napi]
    pub fn push(&mut self, chunk: &[u8]) -> napi::Result<Vec<Uint8Array>> {
        let frames = self.inner.push(chunk).map_err(to_napi)?;
        Ok(frames.into_iter().map(Uint8Array::new).collect())
    }
}
