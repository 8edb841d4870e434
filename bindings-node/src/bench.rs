//! Hooks for `npm run bench` and the tests, not public API: where decode time goes (the
//! native step alone, the JSON text the tape replaced), and the core's VarInt as the
//! oracle for the JavaScript one in `glue.mjs`.

use std::time::Instant;

use gamequery_core::api;
use napi::bindgen_prelude::{Float64Array, Int32Array, Uint8Array};
use napi_derive::napi;

use crate::error::to_napi;

/// Mean nanoseconds per `decodeResponse` inside Rust (decode + tape), no crossing.
#[napi(js_name = "__benchDecodeNative", catch_unwind)]
pub fn bench_decode_native(protocol: u32, bytes: &[u8], options: Option<String>, iterations: u32) -> napi::Result<f64> {
    let protocol = crate::protocol_name(protocol)?;
    let start = Instant::now();
    for _ in 0..iterations {
        let tape = api::decode_response(protocol, bytes, options.as_deref(), api::Tape).map_err(to_napi)?;
        std::hint::black_box(tape);
    }
    Ok(start.elapsed().as_nanos() as f64 / f64::from(iterations.max(1)))
}

/// `decodeResponse` as a JSON text, for comparison with the tape.
#[napi(js_name = "__decodeResponseJson", catch_unwind)]
pub fn decode_response_json(protocol: String, bytes: &[u8], options: Option<String>) -> napi::Result<String> {
    api::decode_response(&protocol, bytes, options.as_deref(), api::Json).map_err(to_napi)
}

/// The core's encodings of every value, concatenated.
#[napi(js_name = "__encodeVarInts", catch_unwind)]
pub fn encode_varints(values: Int32Array) -> Uint8Array {
    let mut w = gamequery_core::wire::Writer::new();
    for &v in values.iter() {
        w.varint(v);
    }
    Uint8Array::new(w.into_bytes())
}

/// The core's `[value, length]` of the VarInt at `offset`, or its error.
#[napi(js_name = "__decodeVarInt", catch_unwind)]
pub fn decode_varint(bytes: &[u8], offset: u32) -> napi::Result<Vec<i64>> {
    let (value, length) = api::decode_varint(bytes, offset as usize).map_err(to_napi)?;
    Ok(vec![value.into(), length as i64])
}

/// Tests only: the next call through `point` (`decode`, `encode`, `describe`, `query`,
/// `serve`, `frames`) panics, as a bug of ours would; `undefined` disarms.
#[napi(js_name = "__injectPanic", catch_unwind)]
pub fn inject_panic(point: Option<String>) {
    gamequery_core::internal::inject(point.as_deref());
}

/// What [`decode_response_safe`] returns: the text and wide text as one UTF-8 string, and
/// the numbers.
#[napi(object)]
pub struct SafeTape {
    pub text: String,
    pub values: Float64Array,
}

/// `decodeResponse` through napi-rs's safe API alone — `#[napi]`'s argument conversions, the
/// text and wide text as one UTF-8 `String`, the numbers as a new `Float64Array` (its safe
/// API cannot write into the caller's scratch array: `as_mut` is `unsafe`) — for `npm run
/// bench` to weigh against the raw Node-API callback in `raw.rs` (issue #32: the safe API
/// wherever it costs at most 5 %).
#[napi(js_name = "__decodeResponseSafe", catch_unwind)]
pub fn decode_response_safe(protocol: u32, bytes: &[u8], options: Option<String>) -> napi::Result<SafeTape> {
    let protocol = crate::protocol_name(protocol)?;
    let tape = api::decode_response(protocol, bytes, options.as_deref(), api::Tape).map_err(to_napi)?;
    let mut text = tape.text;
    text.push_str(&tape.wide);
    Ok(SafeTape {
        text,
        values: Float64Array::new(tape.values),
    })
}
