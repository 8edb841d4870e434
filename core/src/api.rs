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

pub fn from_json<T: DeserializeOwned>(what: &str, json: &str) -> Result<T> {
    serde_json::from_str(json).map_err(|e| Error::invalid(format!("invalid {what}: {e}")))
}

pub fn from_value<T: DeserializeOwned>(what: &str, value: Value) -> Result<T> {
    serde_json::from_value(value).map_err(|e| Error::invalid(format!("invalid {what}: {e}")))
}

pub fn to_value<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("core types always serialize")
}

/// Results cross to JS as JSON text: one `JSON.parse` builds the object far faster than
/// setting each property through FFI.
pub fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("core types always serialize")
}

fn options_json(options: Option<&str>) -> &str {
    match options {
        None | Some("null") | Some("undefined") | Some("") => "{}",
        Some(o) => o,
    }
}

/// Client → server: build a request packet from its JSON description.
pub fn encode_request(protocol: &str, request: &str) -> Result<Vec<u8>> {
    match Protocol::parse(protocol)? {
        Protocol::Samp => from_json::<samp::Request>("SA:MP request", request)?.encode(),
    }
}

/// Server side: parse a request packet into JSON.
pub fn decode_request(protocol: &str, bytes: &[u8]) -> Result<String> {
    match Protocol::parse(protocol)? {
        Protocol::Samp => Ok(to_json(&samp::Request::decode(bytes)?)),
    }
}

/// Server → client: build a reply packet from its JSON description.
pub fn encode_response(protocol: &str, response: &str) -> Result<Vec<u8>> {
    match Protocol::parse(protocol)? {
        Protocol::Samp => from_json::<samp::Response>("SA:MP response", response)?.encode(),
    }
}

/// Client side: parse a reply packet into JSON.
pub fn decode_response(protocol: &str, bytes: &[u8], options: Option<&str>) -> Result<String> {
    match Protocol::parse(protocol)? {
        Protocol::Samp => {
            let options: samp::DecodeOptions = from_json("decode options", options_json(options))?;
            Ok(to_json(&samp::Response::decode(bytes, &options)?))
        }
    }
}
