//! wasm-bindgen shim: every export forwards to `gamequery_core::api`. Arguments cross as
//! JSON text (`JSON.stringify` in the engine); results leave as a tape
//! (`gamequery_core::tape`) that `glue.mjs` turns into objects — far cheaper than building
//! them property by property across the wasm boundary, or a JSON text.

#[cfg(feature = "engine")]
mod call;
mod convert;
#[cfg(feature = "engine")]
mod fetch;
#[cfg(feature = "engine")]
mod many;
#[cfg(feature = "engine")]
mod server;
#[cfg(feature = "engine")]
mod session;
// The core reads code pages through the host on wasm32 only (core/build.rs).
#[cfg(all(feature = "host-text", target_arch = "wasm32"))]
mod text;

use gamequery_core::api;
use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;

use crate::convert::{stringify, tape, to_js_error};

// Single-threaded wasm (no `atomics`): memory grows as the heap needs it.
#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[wasm_bindgen(start)]
fn start() {
    // A panic cannot unwind here: the module traps. What it said is kept for the glue,
    // which reports the trap as the call's GQ_INTERNAL and loads the module again.
    std::panic::set_hook(Box::new(|info| {
        *LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()) = Some(info.to_string());
    }));
    #[cfg(all(feature = "host-text", target_arch = "wasm32"))]
    {
        text::install();
        // JSON member names are hashed under a secret (core's json.rs): 64 bits from the host.
        let half = || (js_sys::Math::random() * 4_294_967_296.0) as u64;
        gamequery_core::json::install_hash_seed((half() << 32) | half());
    }
    // Central lists are held between calls on the host's clock (core's `http::lists`).
    #[cfg(feature = "engine")]
    gamequery_core::http::lists::use_clock(|| Some(performance_now()));
}

#[cfg(feature = "engine")]
#[wasm_bindgen]
extern "C" {
    /// The host's monotonic clock (Node, Deno, Bun, Workers and browsers all have it).
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

static LAST_PANIC: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// What the last panic said (the glue asks after a trap), once.
#[wasm_bindgen(js_name = __takePanic)]
pub fn take_panic() -> Option<String> {
    LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()).take()
}

/// Tests only: the next call through `point` (`decode`, `encode`, `describe`, `query`,
/// `serve`, `frames`) panics, as a bug of ours would; `undefined` disarms.
#[wasm_bindgen(js_name = __injectPanic)]
pub fn inject_panic(point: Option<String>) {
    gamequery_core::internal::inject(point.as_deref());
}

/// Every struct key list so far (JSON text), for the tape reader.
#[wasm_bindgen]
pub fn shapes() -> String {
    gamequery_core::tape::shapes::all_json()
}

/// A status for people (what the CLI prints), as JSON text: in the Node build only (the
/// browser's modules do without it).
#[cfg(feature = "describe")]
#[wasm_bindgen(js_name = describeStatus)]
pub fn describe_status(status: &str, color: bool) -> Result<String, JsValue> {
    api::describe_status(status, color).map_err(to_js_error)
}

/// A status in gamedig's result shape (`gamequery/gamedig`), as JSON text: in the Node
/// build only.
#[cfg(feature = "describe")]
#[wasm_bindgen(js_name = gamedigResult)]
pub fn gamedig_result(status: &str, rules_required: bool, players_required: bool) -> Result<String, JsValue> {
    api::gamedig_result(status, rules_required, players_required).map_err(to_js_error)
}

/// gamedig's query options → a query of ours (`gamequery/gamedig`): in the Node build only.
#[cfg(feature = "describe")]
#[wasm_bindgen(js_name = gamedigPlan)]
pub fn gamedig_plan(options: &str, listen_udp_port: Option<u32>) -> Result<String, JsValue> {
    api::gamedig_plan(options, listen_udp_port).map_err(to_js_error)
}

/// Every game in gamedig's entry shape: in the Node build only.
#[cfg(feature = "describe")]
#[wasm_bindgen(js_name = gamedigGames)]
pub fn gamedig_games() -> String {
    api::gamedig_games()
}

/// A state to serve for `protocol` (JSON text), fitted to `options` (`{ game, port }`,
/// JSON text): in the Node build only.
#[cfg(feature = "describe")]
#[wasm_bindgen(js_name = sampleState)]
pub fn sample_state(protocol: &str, options: &str) -> Result<String, JsValue> {
    api::sample_state(protocol, options).map_err(to_js_error)
}

#[wasm_bindgen(js_name = encodeRequest)]
pub fn encode_request(protocol: &str, request: JsValue) -> Result<Uint8Array, JsValue> {
    let request = stringify(&request)?;
    api::encode_request(protocol, &request)
        .map(|b| Uint8Array::from(&b[..]))
        .map_err(to_js_error)
}

#[wasm_bindgen(js_name = decodeRequest)]
pub fn decode_request(protocol: &str, bytes: &[u8]) -> Result<js_sys::Array, JsValue> {
    api::decode_request(protocol, bytes, api::Tape)
        .map(tape)
        .map_err(to_js_error)
}

#[wasm_bindgen(js_name = encodeResponse)]
pub fn encode_response(protocol: &str, response: JsValue) -> Result<Uint8Array, JsValue> {
    let response = stringify(&response)?;
    api::encode_response(protocol, &response)
        .map(|b| Uint8Array::from(&b[..]))
        .map_err(to_js_error)
}

#[wasm_bindgen(js_name = decodeResponse)]
pub fn decode_response(protocol: &str, bytes: &[u8], options: JsValue) -> Result<js_sys::Array, JsValue> {
    let options = if options.is_undefined() || options.is_null() {
        None
    } else {
        Some(stringify(&options)?)
    };
    api::decode_response(protocol, bytes, options.as_deref(), api::Tape)
        .map(tape)
        .map_err(to_js_error)
}

/// Joins what a protocol sends in pieces into whole replies: a TCP stream's bytes into
/// packets, a multi-datagram reply's datagrams into one (GameSpy 1/3's parts).
#[wasm_bindgen]
pub struct FrameDecoder {
    inner: api::Frames,
}

#[wasm_bindgen]
impl FrameDecoder {
    #[wasm_bindgen(constructor)]
    pub fn new(protocol: &str, options: JsValue) -> Result<FrameDecoder, JsValue> {
        let max_frame = js_sys::Reflect::get(&options, &JsValue::from_str("maxFrame"))
            .ok()
            .and_then(|v| v.as_f64())
            .map(|v| v as u32);
        let gold_src = js_sys::Reflect::get(&options, &JsValue::from_str("goldSrc"))
            .ok()
            .and_then(|v| v.as_bool())
            .unwrap_or(false);
        let inner = api::frame_decoder(protocol, max_frame, gold_src).map_err(to_js_error)?;
        Ok(FrameDecoder { inner })
    }

    /// Complete packets, each whole (length prefix included).
    pub fn push(&mut self, chunk: &[u8]) -> Result<js_sys::Array, JsValue> {
        gamequery_core::internal::checkpoint("frames");
        let frames = self.inner.push(chunk).map_err(to_js_error)?;
        Ok(frames.iter().map(|f| JsValue::from(Uint8Array::from(&f[..]))).collect())
    }
}
