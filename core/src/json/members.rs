//! A member of a JSON object a server sent, read tolerantly: the HTTP APIs (Palworld,
//! TShock …) send numbers as integers or floats (`60`, `60.0`) and leave fields out
//! between versions, and a status reads what is there.

use serde_json::{Map, Value};

/// A text member, or none.
pub fn text<'a>(o: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    o.get(key).and_then(Value::as_str)
}

/// A whole number that may come as a float (`60.0`, rounded), or none.
pub fn integer(o: &Map<String, Value>, key: &str) -> Option<i64> {
    let v = o.get(key)?;
    v.as_i64()
        .or_else(|| v.as_f64().filter(|f| f.is_finite()).map(|f| f.round() as i64))
}

/// A whole number, or its text (`"16"`: lists that write their counts as text).
pub fn integer_or_text(o: &Map<String, Value>, key: &str) -> Option<i64> {
    integer(o, key).or_else(|| text(o, key)?.trim().parse().ok())
}

/// A port number the server says players connect to, or none (0 and what no port can be
/// are none).
pub fn port(o: &Map<String, Value>, key: &str) -> Option<u16> {
    integer(o, key).and_then(|p| u16::try_from(p).ok()).filter(|p| *p != 0)
}
