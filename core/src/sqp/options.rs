//! What `query('sqp')` takes (the chunks to ask for) and what `serve('sqp')` takes.

use serde_json::Value;

use super::ChunkSet;
use crate::error::{Error, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;

crate::options::declare! {
    /// `query('sqp', target, options)`.
    pub struct SqpRequest("SQP query"), ts SqpQueryOptions, cli "";
    /// Chunks to request: names or the bit mask (default all five).
    chunks: u8 = "chunks" by value(chunks), ts "SqpChunk[] | number",
        flag("chunks", List, "info,rules,players,teams,metrics");
}

/// `chunks`: the mask of the chunk names or the number given (all five by default).
fn chunks(given: Option<Value>) -> Result<u8> {
    match given {
        None => Ok(ChunkSet::default().0),
        Some(v) => ChunkSet::from_json(&crate::json::Json::from_value(&v))
            .map(|set| set.0)
            .map_err(|e| Error::invalid(format!("option {e}"))),
    }
}

/// `serve('sqp', state, options)`.
#[derive(Debug)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "SqpServeOptions", rename_all = "camelCase", optional_fields)
)]
pub struct ServeOptions {
    /// IP address to listen on (default `'0.0.0.0'`: every IPv4 interface).
    pub host: Option<String>,
    /// UDP port (SQP has no default: 0, the default, picks a free one).
    pub port: Option<u16>,
    /// How long an issued challenge stays valid, ms (default 5000).
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>"))]
    pub challenge_ttl: Option<u64>,
    /// Bound on outstanding challenges (default 4096).
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>"))]
    pub max_challenges: Option<usize>,
    /// Split replies above this many bytes into several packets.
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>"))]
    pub max_packet_size: Option<usize>,
}

impl Input for ServeOptions {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let options = Self {
            host: o.opt("host")?,
            port: o.opt("port")?,
            challenge_ttl: o.opt("challengeTtl")?,
            max_challenges: o.opt("maxChallenges")?,
            max_packet_size: o.opt("maxPacketSize")?,
        };
        o.deny_unknown()?;
        Ok(options)
    }
}

/// `decodeResponse('sqp', bytes, { chunks })`: chunks carry no type tag, so the caller
/// says what it requested (names or the mask; default all five).
#[derive(Debug, Default)]
#[cfg_attr(feature = "ts", derive(serde::Serialize, ts_rs::TS))]
#[cfg_attr(
    feature = "ts",
    serde(rename_all = "camelCase", deny_unknown_fields),
    ts(rename = "SqpDecodeOptions")
)]
pub struct DecodeOptions {
    #[cfg_attr(feature = "ts", serde(default))]
    #[cfg_attr(feature = "ts", ts(as = "Option<ChunkSet>", optional))]
    pub chunks: ChunkSet,
}

impl Input for DecodeOptions {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let options = Self {
            chunks: o.or_default("chunks")?,
        };
        o.deny_unknown()?;
        Ok(options)
    }
}
