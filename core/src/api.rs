//! The protocol-generic codec surface both bindings expose: protocol names and JSON
//! values in, bytes/JSON out. Bindings only convert these values to and from JS.

use serde::Serialize;
use serde_json::Value;

use crate::a2s;
use crate::error::{Error, Result};
use crate::input;
use crate::minecraft::{bedrock, java, legacy, query as mcquery};
use crate::samp;
use crate::source_rcon;
use crate::sqp;

pub use crate::protocol::Protocol;

pub use crate::input::from_serde_json as from_json;

pub fn to_value<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("core types always serialize")
}

pub fn to_json<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).expect("core types always serialize")
}

/// The form a result leaves in: bindings use [`Tape`] (see [`crate::tape`]); tests and
/// benchmarks compare it with [`Json`].
pub trait Sink: Copy + Send + 'static {
    type Out: Send + 'static;
    /// `size_hint`: the input's length, to size buffers.
    fn emit<T: Serialize + ?Sized>(self, value: &T, size_hint: usize) -> Self::Out;
}

#[derive(Debug, Clone, Copy)]
pub struct Json;

impl Sink for Json {
    type Out = String;
    fn emit<T: Serialize + ?Sized>(self, value: &T, _: usize) -> String {
        to_json(value)
    }
}

#[derive(Debug, Clone, Copy)]
pub struct Tape;

impl Sink for Tape {
    type Out = crate::tape::Tape;
    fn emit<T: Serialize + ?Sized>(self, value: &T, size_hint: usize) -> crate::tape::Tape {
        crate::tape::to_tape(value, size_hint)
    }
}

/// Decode options: none given (the usual call) is the default, without a parse.
fn decode_options<T: input::Input + Default>(options: Option<&str>) -> Result<T> {
    match options {
        None | Some("null") | Some("undefined") | Some("") | Some("{}") => Ok(T::default()),
        Some(o) => input::from_json("decode options", o),
    }
}

fn minecraft_has_no_packets() -> Error {
    Error::invalid("'minecraft' is a query that races 'minecraft-java' and 'minecraft-bedrock': use their packets")
}

/// Client → server: build a request packet from its JSON description.
pub fn encode_request(protocol: &str, request: &str) -> Result<Vec<u8>> {
    match Protocol::parse(protocol)? {
        Protocol::Minecraft => Err(minecraft_has_no_packets()),
        Protocol::Samp => input::from_json::<samp::Request>("SA:MP request", request)?.encode(),
        Protocol::MinecraftJava => input::from_json::<java::Request>("Minecraft request", request)?.encode(),
        Protocol::MinecraftLegacy => input::from_json::<legacy::Request>("legacy ping", request)?.encode(),
        Protocol::MinecraftBedrock => input::from_json::<bedrock::Ping>("Bedrock ping", request)?.encode(),
        Protocol::MinecraftQuery => input::from_json::<mcquery::Request>("Minecraft Query request", request)?.encode(),
        Protocol::Sqp => input::from_json::<sqp::Request>("SQP request", request)?.encode(),
        Protocol::A2s => Ok(input::from_json::<a2s::Request>("A2S request", request)?.encode()),
        Protocol::SourceRcon => input::from_json::<source_rcon::Packet>("RCON packet", request)?.encode(),
    }
}

/// Server side: parse a request packet.
pub fn decode_request<S: Sink>(protocol: &str, bytes: &[u8], out: S) -> Result<S::Out> {
    match Protocol::parse(protocol)? {
        Protocol::Minecraft => Err(minecraft_has_no_packets()),
        Protocol::Samp => Ok(out.emit(&samp::Request::decode(bytes)?, bytes.len())),
        Protocol::MinecraftJava => Ok(out.emit(&java::Request::decode(bytes)?, bytes.len())),
        Protocol::MinecraftLegacy => Ok(out.emit(&legacy::Request::decode(bytes)?, bytes.len())),
        Protocol::MinecraftBedrock => Ok(out.emit(&bedrock::Ping::decode(bytes)?, bytes.len())),
        Protocol::MinecraftQuery => Ok(out.emit(&mcquery::Request::decode(bytes)?, bytes.len())),
        Protocol::Sqp => Ok(out.emit(&sqp::Request::decode(bytes)?, bytes.len())),
        Protocol::A2s => Ok(out.emit(&a2s::Request::decode(bytes)?, bytes.len())),
        Protocol::SourceRcon => Ok(out.emit(&source_rcon::Packet::decode(bytes)?, bytes.len())),
    }
}

/// Server → client: build a reply packet from its JSON description.
pub fn encode_response(protocol: &str, response: &str) -> Result<Vec<u8>> {
    match Protocol::parse(protocol)? {
        Protocol::Minecraft => Err(minecraft_has_no_packets()),
        Protocol::Samp => input::from_json::<samp::Response>("SA:MP response", response)?.encode(),
        Protocol::MinecraftJava => input::from_json::<java::Response>("Minecraft response", response)?.encode(),
        Protocol::MinecraftLegacy => input::from_json::<legacy::Response>("legacy reply", response)?.encode(),
        Protocol::MinecraftBedrock => input::from_json::<bedrock::Pong>("Bedrock pong", response)?.encode(),
        Protocol::MinecraftQuery => {
            input::from_json::<mcquery::Response>("Minecraft Query response", response)?.encode()
        }
        Protocol::Sqp => input::from_json::<sqp::Response>("SQP response", response)?.encode(),
        Protocol::A2s => input::from_json::<a2s::Response>("A2S response", response)?.encode(),
        Protocol::SourceRcon => input::from_json::<source_rcon::Packet>("RCON packet", response)?.encode(),
    }
}

/// Client side: parse a reply packet.
pub fn decode_response<S: Sink>(protocol: &str, bytes: &[u8], options: Option<&str>, out: S) -> Result<S::Out> {
    match Protocol::parse(protocol)? {
        Protocol::Minecraft => Err(minecraft_has_no_packets()),
        Protocol::Samp => {
            let options: samp::DecodeOptions = decode_options(options)?;
            Ok(out.emit(&samp::Response::decode(bytes, &options)?, bytes.len()))
        }
        Protocol::MinecraftJava => Ok(out.emit(&java::Response::decode(bytes)?, bytes.len())),
        Protocol::MinecraftLegacy => Ok(out.emit(&legacy::Response::decode(bytes)?, bytes.len())),
        Protocol::MinecraftBedrock => Ok(out.emit(&bedrock::Pong::decode(bytes)?, bytes.len())),
        Protocol::MinecraftQuery => Ok(out.emit(&mcquery::Response::decode(bytes)?, bytes.len())),
        Protocol::SourceRcon => Ok(out.emit(&source_rcon::Packet::decode(bytes)?, bytes.len())),
        Protocol::A2s => {
            let options: A2sDecodeOptions = decode_options(options)?;
            Ok(out.emit(&a2s::Response::decode(bytes, options.the_ship)?, bytes.len()))
        }
        Protocol::Sqp => {
            let options: SqpDecodeOptions = decode_options(options)?;
            Ok(out.emit(&sqp::Response::decode(bytes, options.chunks.0)?, bytes.len()))
        }
    }
}

/// `decodeResponse('a2s', bytes, { theShip })`: The Ship's player records carry deaths and
/// money, which only its info reply (app id 2400…) tells.
#[derive(Debug, Default)]
#[cfg_attr(feature = "ts", derive(serde::Serialize, ts_rs::TS))]
#[cfg_attr(feature = "ts", serde(rename_all = "camelCase", deny_unknown_fields))]
pub struct A2sDecodeOptions {
    #[cfg_attr(feature = "ts", serde(default))]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub the_ship: bool,
}

impl input::Input for A2sDecodeOptions {
    fn read(value: crate::json::Json, at: input::At<'_>) -> Result<Self> {
        let mut o = input::Obj::new(value, at)?;
        let options = Self {
            the_ship: o.or_default("theShip")?,
        };
        o.deny_unknown()?;
        Ok(options)
    }
}

/// `decodeResponse('sqp', bytes, { chunks })`: chunks carry no type tag, so the caller
/// says what it requested (names or the mask; default all five).
#[derive(Debug, Default)]
#[cfg_attr(feature = "ts", derive(serde::Serialize, ts_rs::TS))]
#[cfg_attr(feature = "ts", serde(rename_all = "camelCase", deny_unknown_fields))]
pub struct SqpDecodeOptions {
    #[cfg_attr(feature = "ts", serde(default))]
    #[cfg_attr(feature = "ts", ts(as = "Option<sqp::ChunkSet>", optional))]
    pub chunks: sqp::ChunkSet,
}

impl input::Input for SqpDecodeOptions {
    fn read(value: crate::json::Json, at: input::At<'_>) -> Result<Self> {
        let mut o = input::Obj::new(value, at)?;
        let options = Self {
            chunks: o.or_default("chunks")?,
        };
        o.deny_unknown()?;
        Ok(options)
    }
}

/// The VarInt at `offset` → (value, length in bytes); the oracle for the JS `decodeVarInt`.
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
pub fn frame_decoder(protocol: &str, max_frame: Option<u32>, gold_src: bool) -> Result<Frames> {
    match Protocol::parse(protocol)? {
        Protocol::MinecraftJava => Ok(Frames::Stream(crate::wire::FrameDecoder::new(
            max_frame.map_or(java::DEFAULT_FRAME_CAP, |m| m as usize),
        ))),
        Protocol::SourceRcon => Ok(Frames::Stream(crate::wire::FrameDecoder::source_rcon(
            max_frame.map_or(source_rcon::packet::MAX_PACKET, |m| m as usize),
        ))),
        Protocol::A2s => {
            let layout = if gold_src {
                a2s::split::Layout::GoldSrc
            } else {
                a2s::split::Layout::Source
            };
            Ok(Frames::A2s(a2s::split::Joiner::new(layout)))
        }
        other => Err(Error::invalid(format!(
            "{} has no frames to join",
            crate::error::quoted(other.name())
        ))),
    }
}

/// `FrameDecoder`: whole packets out of a TCP stream (Minecraft, Source RCON), or whole A2S
/// replies out of datagrams (split parts joined).
#[derive(Debug)]
pub enum Frames {
    Stream(crate::wire::FrameDecoder),
    A2s(a2s::split::Joiner),
}

impl Frames {
    pub fn push(&mut self, chunk: &[u8]) -> Result<Vec<Vec<u8>>> {
        match self {
            Self::Stream(f) => f.push(chunk),
            Self::A2s(j) => Ok(j.push(chunk)?.into_iter().collect()),
        }
    }
}
