//! A status endpoint's body as the JSON object it must be (ElDewrito's `/`, Hytale's
//! `/Nitrado/Query` …): not JSON is `GQ_BAD_JSON` with the text's start, another JSON value
//! `GQ_MALFORMED`.

use serde_json::{Map, Value};

use crate::error::{Error, ErrorCode, Result};

/// `body`, the reply to `GET path`, as an object.
pub fn object(body: &[u8], path: &str) -> Result<Map<String, Value>> {
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(other) => Err(Error::new(
            ErrorCode::Malformed,
            format!("GET {path} answered {}, not an object", crate::json::kind(&other)),
        )),
        Err(e) => {
            let shown = crate::http::excerpt(body);
            Err(Error::new(ErrorCode::BadJson, format!("GET {path} is not JSON: {e}")).with_text(shown))
        }
    }
}

/// A responder's state that is the object its endpoint answers (a saved query's `raw` is
/// one): ElDewrito's status, Hytale's query reply.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
#[serde(transparent)]
pub struct ObjectState(pub Map<String, Value>);

impl crate::input::Input for ObjectState {
    fn read(value: crate::json::Json, at: crate::input::At<'_>) -> Result<Self> {
        match serde_json::to_value(&value) {
            Ok(Value::Object(map)) => Ok(Self(map)),
            _ => Err(at.expected("an object (the reply as the server writes it)", &value)),
        }
    }
}
