//! JS values → JSON text, results → tapes, and core errors → the tagged message the glue
//! (`glue.mjs`) turns into a `GameQueryError`, as the addon's are.

use gamequery_core::{Error, ErrorCode};
use js_sys::JSON;
use wasm_bindgen::JsValue;

const TAG: &str = "\u{1}gamequery:";

fn invalid(message: String) -> JsValue {
    to_js_error(Error::new(ErrorCode::InvalidArgument, message))
}

/// JSON text from the glue (`JSON.stringify`), as a value.
#[cfg(feature = "engine")]
pub fn parse_json(what: &str, text: &str) -> Result<serde_json::Value, JsValue> {
    if text.is_empty() {
        return Ok(serde_json::Value::Null);
    }
    gamequery_core::api::from_json(what, text).map_err(to_js_error)
}

/// A string for JavaScript (the `pollIo` and `pollEvent` arrays).
#[cfg(feature = "engine")]
pub fn s(text: &str) -> JsValue {
    JsValue::from_str(text)
}

/// A number for JavaScript.
#[cfg(feature = "engine")]
pub fn n(value: impl Into<f64>) -> JsValue {
    JsValue::from_f64(value.into())
}

pub fn stringify(value: &JsValue) -> Result<String, JsValue> {
    let text = JSON::stringify(value).map_err(|_| invalid("the argument cannot be converted to JSON".into()))?;
    Ok(text.as_string().unwrap_or_else(|| "null".into()))
}

/// `[text, values]`, and the wide text third when there is one, as `tapeReader` reads it.
pub fn tape(t: gamequery_core::tape::Tape) -> js_sys::Array {
    let out = js_sys::Array::of2(&JsValue::from_str(&t.text), &js_sys::Float64Array::from(&t.values[..]));
    if !t.wide.is_empty() {
        out.push(&JsValue::from_str(&t.wide));
    }
    out
}

pub fn to_js_error(e: Error) -> JsValue {
    let detail = e.detail().to_json();
    js_sys::Error::new(&format!("{TAG}{detail}")).into()
}
