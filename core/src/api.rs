//! The protocol-generic codec surface both bindings expose: protocol names and JSON
//! values in, bytes/JSON out. Bindings only convert these values to and from JS.

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use crate::error::{Error, Result};
use crate::samp;

/// Protocol names as JS callers spell them. Only implemented protocols are listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    Samp,
}

impl Protocol {
    pub const ALL: &'static [Protocol] = &[Protocol::Samp];

    pub fn name(self) -> &'static str {
        match self {
            Self::Samp => "samp",
        }
    }

    pub fn parse(name: &str) -> Result<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|p| p.name() == name)
            .ok_or_else(|| {
                let known: Vec<_> = Self::ALL.iter().map(|p| p.name()).collect();
                Error::invalid(format!(
                    "unknown protocol {name:?}; known: {}",
                    known.join(", ")
                ))
            })
    }
}

pub fn from_value<T: DeserializeOwned>(what: &str, value: Value) -> Result<T> {
    serde_json::from_value(value).map_err(|e| Error::invalid(format!("invalid {what}: {e}")))
}

pub fn to_value<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("core types always serialize")
}

fn options_value(options: Option<Value>) -> Value {
    match options {
        None | Some(Value::Null) => Value::Object(Default::default()),
        Some(v) => v,
    }
}

/// Client → server: build a request packet.
pub fn encode_request(protocol: &str, request: Value) -> Result<Vec<u8>> {
    match Protocol::parse(protocol)? {
        Protocol::Samp => from_value::<samp::Request>("SA:MP request", request)?.encode(),
    }
}

/// Server side: parse a request packet.
pub fn decode_request(protocol: &str, bytes: &[u8]) -> Result<Value> {
    match Protocol::parse(protocol)? {
        Protocol::Samp => Ok(to_value(&samp::Request::decode(bytes)?)),
    }
}

/// Server → client: build a reply packet.
pub fn encode_response(protocol: &str, response: Value) -> Result<Vec<u8>> {
    match Protocol::parse(protocol)? {
        Protocol::Samp => from_value::<samp::Response>("SA:MP response", response)?.encode(),
    }
}

/// Client side: parse a reply packet.
pub fn decode_response(protocol: &str, bytes: &[u8], options: Option<Value>) -> Result<Value> {
    match Protocol::parse(protocol)? {
        Protocol::Samp => {
            let options: samp::DecodeOptions =
                from_value("decode options", options_value(options))?;
            Ok(to_value(&samp::Response::decode(bytes, &options)?))
        }
    }
}
