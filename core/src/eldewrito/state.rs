//! What an ElDewrito responder serves: the status object as the server writes it (a saved
//! query's `raw` is one).

use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::Result;
use crate::input::{At, Input};
use crate::json::Json;

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(transparent)]
pub struct ElDewritoState(pub Map<String, Value>);

impl Input for ElDewritoState {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        match serde_json::to_value(&value) {
            Ok(Value::Object(map)) => Ok(Self(map)),
            _ => Err(at.expected("an object (the status as the server writes it)", &value)),
        }
    }
}
