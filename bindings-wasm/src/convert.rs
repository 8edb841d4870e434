//! JS values ↔ serde_json values, and core errors → JS `Error`s with a stable `code`.

use gamequery_core::{Error, ErrorCode};
use js_sys::Reflect;
use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::JsValue;

pub fn from_js(value: JsValue) -> Result<Value, JsValue> {
    serde_wasm_bindgen::from_value(value).map_err(|e| {
        to_js_error(Error::new(
            ErrorCode::InvalidArgument,
            format!("invalid argument: {e}"),
        ))
    })
}

/// Plain objects (not `Map`s) and plain numbers, as JSON would give: the Node package
/// returns the same shapes.
pub fn to_js(value: &Value) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| to_js_error(Error::new(ErrorCode::InvalidArgument, e.to_string())))
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
    err.into()
}
