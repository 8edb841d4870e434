//! The protocol-generic codec surface both bindings expose: protocol names and JSON
//! values in, bytes/JSON out. Bindings only convert these values to and from JS.

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use crate::error::{Error, Result};
use crate::minecraft::{java, legacy};
use crate::samp;
use crate::sqp;

/// Protocol names as JS callers spell them. Only implemented protocols are listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    Samp,
    MinecraftJava,
    MinecraftLegacy,
    Sqp,
}

impl Protocol {
    pub const ALL: &'static [Protocol] = &[
        Protocol::Samp,
        Protocol::MinecraftJava,
        Protocol::MinecraftLegacy,
        Protocol::Sqp,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Self::Samp => "samp",
            Self::MinecraftJava => "minecraft-java",
            Self::MinecraftLegacy => "minecraft-legacy",
            Self::Sqp => "sqp",
        }
    }

    pub fn parse(name: &str) -> Result<Self> {
        Self::ALL.iter().copied().find(|p| p.name() == name).ok_or_else(|| {
            let known: Vec<_> = Self::ALL.iter().map(|p| p.name()).collect();
            Error::invalid(format!("unknown protocol {name:?}; known: {}", known.join(", ")))
        })
    }
}

pub fn from_json<T: DeserializeOwned>(what: &str, json: &str) -> Result<T> {
    serde_json::from_str(json).map_err(|e| Error::invalid(format!("invalid {what}: {e}")))
}

pub fn from_value<T: DeserializeOwned>(what: &str, value: Value) -> Result<T> {
    serde_json::from_value(value).map_err(|e| Error::invalid(format!("invalid {what}: {e}")))
}

/// Caller options: `null`/absent means none given.
pub fn from_options<T: DeserializeOwned>(what: &str, options: Value) -> Result<T> {
    from_value(
        what,
        if options.is_null() {
            Value::Object(Default::default())
        } else {
            options
        },
    )
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
        Protocol::MinecraftJava => from_json::<java::Request>("Minecraft request", request)?.encode(),
        Protocol::MinecraftLegacy => from_json::<legacy::Request>("legacy ping", request)?.encode(),
        Protocol::Sqp => from_json::<sqp::Request>("SQP request", request)?.encode(),
    }
}

/// Server side: parse a request packet into JSON.
pub fn decode_request(protocol: &str, bytes: &[u8]) -> Result<String> {
    match Protocol::parse(protocol)? {
        Protocol::Samp => Ok(to_json(&samp::Request::decode(bytes)?)),
        Protocol::MinecraftJava => Ok(to_json(&java::Request::decode(bytes)?)),
        Protocol::MinecraftLegacy => Ok(to_json(&legacy::Request::decode(bytes)?)),
        Protocol::Sqp => Ok(to_json(&sqp::Request::decode(bytes)?)),
    }
}

/// Server → client: build a reply packet from its JSON description.
pub fn encode_response(protocol: &str, response: &str) -> Result<Vec<u8>> {
    match Protocol::parse(protocol)? {
        Protocol::Samp => from_json::<samp::Response>("SA:MP response", response)?.encode(),
        Protocol::MinecraftJava => from_json::<java::Response>("Minecraft response", response)?.encode(),
        Protocol::MinecraftLegacy => from_json::<legacy::Response>("legacy reply", response)?.encode(),
        Protocol::Sqp => from_json::<sqp::Response>("SQP response", response)?.encode(),
    }
}

/// Client side: parse a reply packet into JSON.
pub fn decode_response(protocol: &str, bytes: &[u8], options: Option<&str>) -> Result<String> {
    match Protocol::parse(protocol)? {
        Protocol::Samp => {
            let options: samp::DecodeOptions = from_json("decode options", options_json(options))?;
            Ok(to_json(&samp::Response::decode(bytes, &options)?))
        }
        Protocol::MinecraftJava => Ok(to_json(&java::Response::decode(bytes)?)),
        Protocol::MinecraftLegacy => Ok(to_json(&legacy::Response::decode(bytes)?)),
        Protocol::Sqp => {
            let options: SqpDecodeOptions = from_json("decode options", options_json(options))?;
            Ok(to_json(&sqp::Response::decode(bytes, options.chunks.0)?))
        }
    }
}

/// `decodeResponse('sqp', bytes, { chunks })`: chunks carry no type tag, so the caller
/// says what it requested (names or the mask; default all five).
#[derive(Debug, Default, serde::Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SqpDecodeOptions {
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(as = "Option<sqp::ChunkSet>", optional))]
    pub chunks: sqp::ChunkSet,
}

/// `encodeVarInt(n)`.
pub fn encode_varint(value: f64) -> Result<Vec<u8>> {
    if value.fract() != 0.0 || !(f64::from(i32::MIN)..=f64::from(i32::MAX)).contains(&value) {
        return Err(Error::invalid(format!("a VarInt holds a 32-bit integer, got {value}")));
    }
    let mut w = crate::wire::Writer::new();
    w.varint(value as i32);
    Ok(w.into_bytes())
}

/// `decodeVarInt(bytes, offset)` → (value, length in bytes).
pub fn decode_varint(bytes: &[u8], offset: usize) -> Result<(i32, usize)> {
    crate::wire::decode_varint(bytes, offset, "VarInt")?.ok_or_else(|| {
        Error::at(
            crate::error::ErrorCode::Truncated,
            "VarInt",
            offset,
            "the input ends inside the VarInt",
        )
    })
}

/// `new FrameDecoder(protocol, { maxFrame })`: only stream protocols have frames.
pub fn frame_decoder(protocol: &str, max_frame: Option<u32>) -> Result<java::FrameDecoder> {
    match Protocol::parse(protocol)? {
        Protocol::MinecraftJava => Ok(java::FrameDecoder::new(
            max_frame.map_or(java::DEFAULT_FRAME_CAP, |m| m as usize),
        )),
        other => Err(Error::invalid(format!("{:?} has no stream frames", other.name()))),
    }
}
