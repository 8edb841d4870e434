//! HTTP over the host's `fetch` (engine.mjs, where no `connect` is given): the core reads
//! the request a call wrote on its connection and writes the head of the reply `fetch`
//! gave (`gamequery_core::http::fetch`); the glue only calls `fetch` and streams the body.

use gamequery_core::http::fetch::{self, Written};
use js_sys::{Array, Uint8Array};
use wasm_bindgen::prelude::*;

/// What to fetch for the bytes a call wrote to `host:port` (`tls`: over `https`):
/// `[method, url, [name, value, …], body?]`; `undefined` while the request is not whole,
/// `null` for bytes that are no HTTP request (a protocol of raw TCP).
#[wasm_bindgen(js_name = fetchRequest)]
pub fn fetch_request(written: &[u8], host: &str, port: u16, tls: bool) -> JsValue {
    match fetch::request(written, host, port, tls) {
        Written::Partial => JsValue::UNDEFINED,
        Written::NotHttp => JsValue::NULL,
        Written::Request(r) => {
            let headers: Array = r
                .headers
                .iter()
                .flat_map(|(name, value)| [JsValue::from_str(name), JsValue::from_str(value)])
                .collect();
            // An `ArrayBuffer`: a `BodyInit` in every TypeScript's DOM typings, where a
            // `Uint8Array` of any buffer is not.
            let body = r
                .body
                .map_or(JsValue::UNDEFINED, |b| Uint8Array::from(&b[..]).buffer().into());
            [
                JsValue::from_str(&r.method),
                JsValue::from_str(&r.url),
                headers.into(),
                body,
            ]
            .into_iter()
            .collect::<Array>()
            .into()
        }
    }
}

/// The HTTP/1.1 head the call reads for `fetch`'s reply (`headers`: `[name, value, …]`).
#[wasm_bindgen(js_name = fetchHead)]
pub fn fetch_head(status: u16, reason: &str, headers: Vec<String>) -> Vec<u8> {
    let pairs: Vec<(String, String)> = headers
        .chunks_exact(2)
        .map(|pair| (pair[0].clone(), pair[1].clone()))
        .collect();
    fetch::head(status, reason, &pairs)
}

/// A piece of the reply's body as the call reads it after `fetchHead`; the empty piece is
/// the body's end (a body cut short gets none).
#[wasm_bindgen(js_name = fetchChunk)]
pub fn fetch_chunk(bytes: &[u8]) -> Vec<u8> {
    fetch::chunk(bytes)
}
