//! JS values → JSON text, results → tapes, and core errors → JS `Error`s with a stable
//! `code`.

use gamequery_core::{Error, ErrorCode};
use js_sys::{Reflect, JSON};
use wasm_bindgen::JsValue;

fn invalid(message: String) -> JsValue {
    to_js_error(Error::new(ErrorCode::InvalidArgument, message))
}

pub fn stringify(value: &JsValue) -> Result<String, JsValue> {
    let text = JSON::stringify(value).map_err(|_| invalid("argument cannot be converted to JSON".into()))?;
    Ok(text.as_string().unwrap_or_else(|| "null".into()))
}

/// `[text, values]`, as `tapeReader` reads it.
pub fn tape(t: gamequery_core::tape::Tape) -> js_sys::Array {
    js_sys::Array::of2(&JsValue::from_str(&t.text), &js_sys::Float64Array::from(&t.values[..]))
}

pub fn to_js_error(e: Error) -> JsValue {
    let err = js_sys::Error::new(&e.message);
    let set = |k: &str, v: JsValue| {
        let _ = Reflect::set(&err, &JsValue::from_str(k), &v);
    };
    set("code", JsValue::from_str(e.code.as_str()));
    if let Some(field) = e.field {
        set("field", JsValue::from_str(field));
    }
    if let Some(offset) = e.offset {
        set("offset", JsValue::from_f64(offset as f64));
    }
    if let Some(text) = &e.text {
        set("text", JsValue::from_str(text));
    }
    err.into()
}
