//! Challenge and query packets, both directions. Big-endian throughout.

use serde::{Serialize, Serializer};

use super::chunks::{ChunkKind, Chunks};
use crate::error::{Error, ErrorCode, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::wire::{to_hex, Reader, Writer};

pub const CHALLENGE_TYPE: u8 = 0;
pub const QUERY_TYPE: u8 = 1;
pub const VERSION: u16 = 1;
pub const CHALLENGE_REQUEST_LEN: usize = 5;
pub const QUERY_REQUEST_LEN: usize = 8;
pub const RESPONSE_HEADER_LEN: usize = 11;
pub const ALL_CHUNKS: u8 = 0x1f;

/// Requested chunks: names (`['info', 'players']`) or the bit mask (`0x05`); shown as names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "Array<SqpChunk> | number"))]
pub struct ChunkSet(pub u8);

impl Default for ChunkSet {
    fn default() -> Self {
        Self(ALL_CHUNKS)
    }
}

impl Serialize for ChunkSet {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        ChunkKind::in_mask(self.0).serialize(s)
    }
}

impl Input for ChunkSet {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        Self::from_json(&value).map_err(|e| at.error(e))
    }
}

impl ChunkSet {
    /// The bit mask, or the chunks' names (`['info', 'players']`).
    pub fn from_json(v: &Json) -> std::result::Result<Self, String> {
        const ACCEPTS: &str = "a mask (1–31) or names from 'info', 'rules', 'players', 'teams', 'metrics'";
        match v {
            Json::Number(n) => match n.as_u64() {
                Some(m @ 1..=31) => Ok(Self(m as u8)),
                _ => Err(format!("chunks must be {ACCEPTS}, got {n}")),
            },
            Json::Array(names) if !names.is_empty() => {
                let mut mask = 0;
                for name in names {
                    let kind = ChunkKind::ALL
                        .into_iter()
                        .find(|k| name.as_str() == Some(k.name()))
                        .ok_or_else(|| format!("chunks must be {ACCEPTS}, got {name} among them"))?;
                    mask |= kind.bit();
                }
                Ok(Self(mask))
            }
            other => Err(format!("chunks must be {ACCEPTS}, got {other}")),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SqpRequest"))]
pub enum Request {
    Challenge,
    Query {
        challenge: u32,
        #[serde(default = "version")]
        #[cfg_attr(feature = "ts", ts(as = "Option<u16>", optional))]
        version: u16,
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(as = "Option<ChunkSet>", optional))]
        chunks: ChunkSet,
    },
}

fn version() -> u16 {
    VERSION
}

impl Input for Request {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        match o.tag("type")?.as_str() {
            "challenge" => Ok(Self::Challenge),
            "query" => Ok(Self::Query {
                challenge: o.req("challenge")?,
                version: o.or_else("version", version)?,
                chunks: o.or_default("chunks")?,
            }),
            other => Err(o.unknown("type", other, &["challenge", "query"])),
        }
    }
}

impl Input for Response {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        match o.tag("type")?.as_str() {
            "challenge" => Ok(Self::Challenge {
                challenge: o.req("challenge")?,
            }),
            "query" => Ok(Self::Query {
                challenge: o.req("challenge")?,
                version: o.or_else("version", version)?,
                chunks: Chunks::take(&mut o)?,
            }),
            "queryPart" => Ok(Self::QueryPart {
                challenge: o.req("challenge")?,
                version: o.req("version")?,
                current: o.req("current")?,
                last: o.req("last")?,
                payload: o.req("payload")?,
            }),
            other => Err(o.unknown("type", other, &["challenge", "query", "queryPart"])),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SqpResponse"))]
// A decoded reply lives briefly and is moved once; boxing the chunks would only add an allocation.
#[allow(clippy::large_enum_variant)]
pub enum Response {
    Challenge {
        challenge: u32,
    },
    Query {
        challenge: u32,
        #[serde(default = "version")]
        #[cfg_attr(feature = "ts", ts(as = "Option<u16>", optional))]
        version: u16,
        #[serde(flatten)]
        chunks: Chunks,
    },
    /// One part of a multi-packet reply; reassemble the parts' payloads in order.
    #[serde(rename_all = "camelCase")]
    QueryPart {
        challenge: u32,
        version: u16,
        current: u8,
        last: u8,
        /// The part's bytes after its header, as hex.
        payload: String,
    },
}

/// The 11-byte header of a query reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueryHeader {
    pub challenge: u32,
    pub version: u16,
    pub current: u8,
    pub last: u8,
    pub length: u16,
}

impl QueryHeader {
    /// Reads a query reply's header and checks its length against the packet.
    pub fn read(r: &mut Reader<'_>) -> Result<Self> {
        let at = r.offset();
        if r.u8("packet type")? != QUERY_TYPE {
            return Err(Error::at(
                ErrorCode::UnexpectedOpcode,
                "packet type",
                at,
                "not a query reply",
            ));
        }
        let h = Self {
            challenge: r.u32_be("challenge")?,
            version: r.u16_be("version")?,
            current: r.u8("current packet")?,
            last: r.u8("last packet")?,
            length: r.u16_be("packet length")?,
        };
        if h.current > h.last {
            return Err(Error::at(
                ErrorCode::Malformed,
                "current packet",
                7,
                "current packet after the last",
            ));
        }
        if usize::from(h.length) != r.remaining() {
            let code = if usize::from(h.length) > r.remaining() {
                ErrorCode::Truncated
            } else {
                ErrorCode::TrailingBytes
            };
            return Err(Error::at(
                code,
                "packet length",
                9,
                format_args!("declares {} bytes, {} follow", h.length, r.remaining()),
            ));
        }
        Ok(h)
    }

    pub fn write(&self, w: &mut Writer) {
        w.u8(QUERY_TYPE)
            .u32_be(self.challenge)
            .u16_be(self.version)
            .u8(self.current)
            .u8(self.last)
            .u16_be(self.length);
    }
}

impl Request {
    pub fn encode(&self) -> Result<Vec<u8>> {
        let mut w = Writer::with_capacity(QUERY_REQUEST_LEN);
        match self {
            // Padded to the challenge reply's size, so the request is no amplifier.
            Self::Challenge => {
                w.u8(CHALLENGE_TYPE).u32_be(0);
            }
            Self::Query {
                challenge,
                version,
                chunks,
            } => {
                w.u8(QUERY_TYPE).u32_be(*challenge).u16_be(*version).u8(chunks.0);
            }
        }
        Ok(w.into_bytes())
    }

    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let mut r = Reader::new(bytes);
        let request = match r.u8("packet type")? {
            CHALLENGE_TYPE => {
                r.take(4, "padding")?;
                Self::Challenge
            }
            QUERY_TYPE => Self::Query {
                challenge: r.u32_be("challenge")?,
                version: r.u16_be("version")?,
                chunks: ChunkSet(r.u8("requested chunks")?),
            },
            t => {
                return Err(Error::at(
                    ErrorCode::UnexpectedOpcode,
                    "packet type",
                    0,
                    format_args!("unknown packet type {t}"),
                ))
            }
        };
        r.expect_end("request end")?;
        Ok(request)
    }
}

impl Response {
    pub fn encode(&self) -> Result<Vec<u8>> {
        let mut w = Writer::new();
        match self {
            Self::Challenge { challenge } => {
                w.u8(CHALLENGE_TYPE).u32_be(*challenge);
            }
            Self::Query {
                challenge,
                version,
                chunks,
            } => {
                let mask = ChunkKind::ALL
                    .iter()
                    .filter(|k| chunks.has(**k))
                    .fold(0, |m, k| m | k.bit());
                let payload = chunks.encode(mask)?;
                let length = u16::try_from(payload.len())
                    .map_err(|_| Error::invalid("a single packet holds at most 65535 bytes of chunks"))?;
                QueryHeader {
                    challenge: *challenge,
                    version: *version,
                    current: 0,
                    last: 0,
                    length,
                }
                .write(&mut w);
                w.bytes(&payload);
            }
            Self::QueryPart {
                challenge,
                version,
                current,
                last,
                payload,
            } => {
                let payload = crate::wire::from_hex(payload, "payload")?;
                let length = u16::try_from(payload.len()).map_err(|_| Error::invalid("payload over 65535 bytes"))?;
                QueryHeader {
                    challenge: *challenge,
                    version: *version,
                    current: *current,
                    last: *last,
                    length,
                }
                .write(&mut w);
                w.bytes(&payload);
            }
        }
        Ok(w.into_bytes())
    }

    /// `requested`: the chunk mask the query asked for (chunks carry no type tag).
    pub fn decode(bytes: &[u8], requested: u8) -> Result<Self> {
        let mut r = Reader::new(bytes);
        match bytes.first() {
            Some(&CHALLENGE_TYPE) => {
                r.u8("packet type")?;
                let challenge = r.u32_be("challenge")?;
                r.expect_end("challenge reply end")?;
                Ok(Self::Challenge { challenge })
            }
            _ => {
                let h = QueryHeader::read(&mut r)?;
                if h.last > 0 {
                    return Ok(Self::QueryPart {
                        challenge: h.challenge,
                        version: h.version,
                        current: h.current,
                        last: h.last,
                        payload: to_hex(r.rest()),
                    });
                }
                let chunks = Chunks::decode(r.rest(), requested, RESPONSE_HEADER_LEN)?;
                Ok(Self::Query {
                    challenge: h.challenge,
                    version: h.version,
                    chunks,
                })
            }
        }
    }
}
