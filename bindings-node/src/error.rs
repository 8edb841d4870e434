//! Core errors cross to JS as a tagged JSON message; `npm/gamequery/errors.js` turns it
//! into an `Error` with `code`, `field` and `offset`. One path for sync and async calls
//! (napi can't attach a custom code to an async rejection).

use gamequery_core::Error;

pub const TAG: &str = "\u{1}gamequery:";

pub fn to_napi(e: Error) -> napi::Error {
    let detail = serde_json::json!({
        "code": e.code.as_str(),
        "message": e.message,
        "field": e.field,
        "offset": e.offset,
        "text": e.text,
    });
    napi::Error::from_reason(format!("{TAG}{detail}"))
}
