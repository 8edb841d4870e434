//! Core errors cross to JS as a tagged JSON message; the glue (`gamequery-wasm/glue.mjs`)
//! turns it into a `GameQueryError` with `code`, the call's context and decode details.
//! One path for sync and async calls (napi can't attach fields to an async rejection).

use gamequery_core::Error;

pub const TAG: &str = "\u{1}gamequery:";

pub fn to_napi(e: Error) -> napi::Error {
    napi::Error::from_reason(tagged(e))
}

/// The error as the tagged message the glue reads.
pub fn tagged(e: Error) -> String {
    let detail = e.detail().to_json();
    format!("{TAG}{detail}")
}
