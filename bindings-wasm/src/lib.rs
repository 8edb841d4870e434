//! wasm-bindgen shim: every export forwards to `gamequery_core::api`.

mod convert;

use gamequery_core::api;
use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js, to_js_error};

#[wasm_bindgen(js_name = encodeRequest)]
pub fn encode_request(protocol: &str, request: JsValue) -> Result<Uint8Array, JsValue> {
    let request = from_js(request)?;
    api::encode_request(protocol, request)
        .map(|b| Uint8Array::from(&b[..]))
        .map_err(to_js_error)
}

#[wasm_bindgen(js_name = decodeRequest)]
pub fn decode_request(protocol: &str, bytes: &[u8]) -> Result<JsValue, JsValue> {
    api::decode_request(protocol, bytes)
        .map_err(to_js_error)
        .and_then(|v| to_js(&v))
}

#[wasm_bindgen(js_name = encodeResponse)]
pub fn encode_response(protocol: &str, response: JsValue) -> Result<Uint8Array, JsValue> {
    let response = from_js(response)?;
    api::encode_response(protocol, response)
        .map(|b| Uint8Array::from(&b[..]))
        .map_err(to_js_error)
}

#[wasm_bindgen(js_name = decodeResponse)]
pub fn decode_response(protocol: &str, bytes: &[u8], options: JsValue) -> Result<JsValue, JsValue> {
    let options = if options.is_undefined() || options.is_null() {
        None
    } else {
        Some(from_js(options)?)
    };
    api::decode_response(protocol, bytes, options)
        .map_err(to_js_error)
        .and_then(|v| to_js(&v))
}
