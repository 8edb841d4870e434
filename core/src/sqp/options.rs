//! What `query('sqp')` takes (the chunks to ask for) and what `serve('sqp')` takes.

use serde_json::Value;

use super::ChunkSet;
use crate::error::{Error, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::options::{Common, Options, COMMON};

/// An SQP query's options.
#[derive(Debug, Clone)]
pub struct SqpRequest {
    pub common: Common,
    /// The chunk mask.
    pub chunks: u8,
}

impl SqpRequest {
    pub fn parse(options: Value) -> Result<Self> {
        let mut o = Options::new("SQP query", options)?;
        let common = Common::read(&mut o)?;
        let chunks = match o.raw("chunks") {
            None => ChunkSet::default(),
            Some(v) => ChunkSet::from_json(&crate::json::Json::from_value(&v))
                .map_err(|e| Error::invalid(format!("option {e}")))?,
        };
        o.finish(&[COMMON, &["chunks"]].concat())?;
        Ok(Self {
            common,
            chunks: chunks.0,
        })
    }
}

#[derive(Debug)]
pub struct ServeOptions {
    pub host: Option<String>,
    pub port: Option<u16>,
    /// How long an issued challenge stays valid (default 5000 ms).
    pub challenge_ttl: Option<u64>,
    /// Bound on outstanding challenges (default 4096).
    pub max_challenges: Option<usize>,
    /// Split replies above this many bytes into several packets.
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
