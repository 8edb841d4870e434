//! wasm-bindgen shim: every export forwards to `gamequery_core::api`. Structured values
//! cross as JSON text through the engine's own `JSON.parse`/`JSON.stringify`: far cheaper
//! than building objects property by property across the wasm boundary.

mod convert;

use gamequery_core::api;
use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;

use crate::convert::{parse, stringify, to_js_error};

#[wasm_bindgen(js_name = encodeRequest)]
pub fn encode_request(protocol: &str, request: JsValue) -> Result<Uint8Array, JsValue> {
    let request = stringify(&request)?;
    api::encode_request(protocol, &request)
        .map(|b| Uint8Array::from(&b[..]))
        .map_err(to_js_error)
}

#[wasm_bindgen(js_name = decodeRequest)]
pub fn decode_request(protocol: &str, bytes: &[u8]) -> Result<JsValue, JsValue> {
    api::decode_request(protocol, bytes)
        .map_err(to_js_error)
        .and_then(|j| parse(&j))
}

#[wasm_bindgen(js_name = encodeResponse)]
pub fn encode_response(protocol: &str, response: JsValue) -> Result<Uint8Array, JsValue> {
    let response = stringify(&response)?;
    api::encode_response(protocol, &response)
        .map(|b| Uint8Array::from(&b[..]))
        .map_err(to_js_error)
}

#[wasm_bindgen(js_name = decodeResponse)]
pub fn decode_response(protocol: &str, bytes: &[u8], options: JsValue) -> Result<JsValue, JsValue> {
    let options = if options.is_undefined() || options.is_null() {
        None
    } else {
        Some(stringify(&options)?)
    };
    api::decode_response(protocol, bytes, options.as_deref())
        .map_err(to_js_error)
        .and_then(|j| parse(&j))
}

#[wasm_bindgen(js_name = encodeVarInt)]
pub fn encode_varint(value: f64) -> Result<Uint8Array, JsValue> {
    api::encode_varint(value)
        .map(|b| Uint8Array::from(&b[..]))
        .map_err(to_js_error)
}

#[wasm_bindgen(js_name = decodeVarInt)]
pub fn decode_varint(bytes: &[u8], offset: Option<u32>) -> Result<JsValue, JsValue> {
    let (value, length) = api::decode_varint(bytes, offset.unwrap_or(0) as usize).map_err(to_js_error)?;
    parse(&format!("{{\"value\":{value},\"length\":{length}}}"))
}

/// Splits a TCP stream into whole packets.
#[wasm_bindgen]
pub struct FrameDecoder {
    inner: gamequery_core::minecraft::java::FrameDecoder,
}

#[wasm_bindgen]
impl FrameDecoder {
    #[wasm_bindgen(constructor)]
    pub fn new(protocol: &str, options: JsValue) -> Result<FrameDecoder, JsValue> {
        let max_frame = js_sys::Reflect::get(&options, &JsValue::from_str("maxFrame"))
            .ok()
            .and_then(|v| v.as_f64())
            .map(|v| v as u32);
        let inner = api::frame_decoder(protocol, max_frame).map_err(to_js_error)?;
        Ok(FrameDecoder { inner })
    }

    /// Complete packets, each whole (length prefix included).
    pub fn push(&mut self, chunk: &[u8]) -> Result<js_sys::Array, JsValue> {
        let frames = self.inner.push(chunk).map_err(to_js_error)?;
        Ok(frames.iter().map(|f| JsValue::from(Uint8Array::from(&f[..]))).collect())
    }
}
