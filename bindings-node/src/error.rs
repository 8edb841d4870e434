//! Core errors cross to JS as a tagged JSON message; the glue (`gamequery-wasm/glue.mjs`)
//! turns it into a `GameQueryError` with `code`, the call's context and decode details.
//! One path for sync and async calls (napi can't attach fields to an async rejection).

use gamequery_core::Error;

pub const TAG: &str = "\u{1}gamequery:";

pub fn to_napi(e: Error) -> napi::Error {
    let detail = e.detail().to_json();
    napi::Error::from_reason(format!("{TAG}{detail}"))
}
