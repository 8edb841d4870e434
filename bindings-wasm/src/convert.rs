//! JSON text ↔ JS values, and core errors → JS `Error`s with a stable `code`.

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

pub fn parse(json: &str) -> Result<JsValue, JsValue> {
    JSON::parse(json).map_err(|_| invalid("internal: result is not JSON".into()))
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
