//! Requests `FE FD · type · session (u32 BE) · payload`: handshake (type 9, no payload),
//! stat (type 0 · token i32 BE, plus 4 padding bytes for a full stat — a 15-byte request
//! means "full" whatever the padding). Replies `type · session · payload`: the handshake's
//! token as NUL-terminated ASCII decimal, or a stat.

use serde::Serialize;

use super::stat::Stat;
use crate::error::{Error, ErrorCode, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::wire::{Reader, Writer};

use crate::gamespy::challenge::{challenge_reply, read_challenge};
pub use crate::gamespy::challenge::{HANDSHAKE, MAGIC, QUERY as STAT};
pub const HANDSHAKE_LEN: usize = 7;
pub const BASIC_LEN: usize = 11;
pub const FULL_LEN: usize = 15;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "QueryRequestKind"))]
pub enum RequestKind {
    Handshake,
    BasicStat,
    FullStat,
}

/// Client → server.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "MinecraftQueryRequest"))]
pub struct Request {
    #[serde(rename = "type")]
    pub kind: RequestKind,
    pub session_id: u32,
    /// The challenge token (stats only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub token: Option<i32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "QueryResponseKind"))]
pub enum ResponseKind {
    Handshake,
    /// A stat reply; basic or full is in `stat.full`.
    Stat,
}

/// Server → client.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "MinecraftQueryResponse"))]
pub struct Response {
    #[serde(rename = "type")]
    pub kind: ResponseKind,
    pub session_id: u32,
    /// The handshake's token, parsed as the i32 to send back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub token: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub stat: Option<Stat>,
}

impl Input for RequestKind {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        match String::read(value, at)?.as_str() {
            "handshake" => Ok(Self::Handshake),
            "basicStat" => Ok(Self::BasicStat),
            "fullStat" => Ok(Self::FullStat),
            other => Err(at.error(format_args!(
                "unknown variant {}, expected one of handshake, basicStat, fullStat",
                crate::error::quoted(other)
            ))),
        }
    }
}

impl Input for Request {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            kind: o.req("type")?,
            session_id: o.req("sessionId")?,
            token: o.or_default("token")?,
        })
    }
}

impl Input for ResponseKind {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        match String::read(value, at)?.as_str() {
            "handshake" => Ok(Self::Handshake),
            "stat" => Ok(Self::Stat),
            other => Err(at.error(format_args!(
                "unknown variant {}, expected one of handshake, stat",
                crate::error::quoted(other)
            ))),
        }
    }
}

impl Input for Response {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            kind: o.req("type")?,
            session_id: o.req("sessionId")?,
            token: o.or_default("token")?,
            stat: o.or_default("stat")?,
        })
    }
}

impl Request {
    pub fn encode(&self) -> Result<Vec<u8>> {
        let mut w = Writer::with_capacity(FULL_LEN);
        w.bytes(&MAGIC);
        let token = || {
            self.token
                .ok_or_else(|| Error::invalid("a stat request needs the handshake's token"))
        };
        match self.kind {
            RequestKind::Handshake => {
                w.u8(HANDSHAKE).u32_be(self.session_id);
            }
            RequestKind::BasicStat => {
                w.u8(STAT).u32_be(self.session_id).u32_be(token()? as u32);
            }
            RequestKind::FullStat => {
                w.u8(STAT)
                    .u32_be(self.session_id)
                    .u32_be(token()? as u32)
                    .bytes(&[0; 4]);
            }
        }
        Ok(w.into_bytes())
    }

    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let mut r = Reader::new(bytes);
        if r.array::<2>("magic")? != MAGIC {
            return Err(Error::at(
                ErrorCode::BadMagic,
                "magic",
                0,
                "a query request starts with FE FD",
            ));
        }
        let kind = r.u8("type")?;
        let session_id = r.u32_be("session id")?;
        match kind {
            HANDSHAKE => Ok(Self {
                kind: RequestKind::Handshake,
                session_id,
                token: None,
            }),
            STAT => {
                let token = r.u32_be("token")? as i32;
                // Vanilla: a 15-byte request is a full stat, whatever the padding holds.
                let kind = if bytes.len() == FULL_LEN {
                    RequestKind::FullStat
                } else {
                    RequestKind::BasicStat
                };
                Ok(Self {
                    kind,
                    session_id,
                    token: Some(token),
                })
            }
            other => Err(Error::at(
                ErrorCode::UnexpectedOpcode,
                "type",
                2,
                format_args!("{other} is neither a handshake (9) nor a stat (0)"),
            )),
        }
    }
}

impl Response {
    pub fn encode(&self) -> Result<Vec<u8>> {
        let mut w = Writer::with_capacity(256);
        match self.kind {
            ResponseKind::Handshake => {
                let token = self
                    .token
                    .ok_or_else(|| Error::invalid("a handshake reply needs its token"))?;
                w.bytes(&challenge_reply(self.session_id, token));
            }
            ResponseKind::Stat => {
                let stat = self
                    .stat
                    .as_ref()
                    .ok_or_else(|| Error::invalid("a stat reply needs its stat"))?;
                w.u8(STAT).u32_be(self.session_id);
                if stat.full {
                    stat.write_full(&mut w);
                } else {
                    stat.write_basic(&mut w);
                }
            }
        }
        Ok(w.into_bytes())
    }

    /// A stat reply says whether it is full only by its padding (`splitnum\0`).
    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let mut r = Reader::new(bytes);
        let kind = r.u8("type")?;
        let session_id = r.u32_be("session id")?;
        match kind {
            HANDSHAKE => {
                let (_, token) = read_challenge(bytes)?;
                Ok(Self {
                    kind: ResponseKind::Handshake,
                    session_id,
                    token: Some(token),
                    stat: None,
                })
            }
            STAT => {
                // A full stat: 11 bytes of padding (GameSpy 3's `splitnum\0\x80\0` from vanilla,
                // `GeyserMC\0\x80\0`, zeros in mcstatus' captures), then `hostname\0`.
                let rest = r.peek();
                let full = rest.get(8..11) == Some(&b"\0\x80\0"[..]) || rest.get(11..20) == Some(&b"hostname\0"[..]);
                let stat = if full {
                    Stat::read_full(&mut r)?
                } else {
                    Stat::read_basic(&mut r)?
                };
                Ok(Self {
                    kind: ResponseKind::Stat,
                    session_id,
                    token: None,
                    stat: Some(stat),
                })
            }
            other => Err(Error::at(
                ErrorCode::UnexpectedOpcode,
                "type",
                0,
                format_args!("{other} is neither a handshake (9) nor a stat (0) reply"),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_golden_bytes() {
        let hs = Request {
            kind: RequestKind::Handshake,
            session_id: 0x0102_0304,
            token: None,
        };
        assert_eq!(hs.encode().unwrap(), [0xfe, 0xfd, 9, 1, 2, 3, 4]);
        let full = Request {
            kind: RequestKind::FullStat,
            session_id: 1,
            token: Some(-2),
        };
        let bytes = full.encode().unwrap();
        assert_eq!(bytes, [0xfe, 0xfd, 0, 0, 0, 0, 1, 0xff, 0xff, 0xff, 0xfe, 0, 0, 0, 0]);
        assert_eq!(Request::decode(&bytes).unwrap(), full);
        // gamedig pads with FF FF FF 01: still full.
        let mut padded = bytes.clone();
        padded[11..].copy_from_slice(&[0xff, 0xff, 0xff, 0x01]);
        assert_eq!(Request::decode(&padded).unwrap().kind, RequestKind::FullStat);
        assert_eq!(Request::decode(&bytes[..11]).unwrap().kind, RequestKind::BasicStat);
    }

    #[test]
    fn tokens_negative_and_beyond_i32() {
        let reply = |t: &str| [&[9u8, 0, 0, 0, 1][..], t.as_bytes(), &[0]].concat();
        assert_eq!(Response::decode(&reply("9513307")).unwrap().token, Some(9_513_307));
        assert_eq!(Response::decode(&reply("-12345")).unwrap().token, Some(-12345));
        assert_eq!(Response::decode(&reply("4294967295")).unwrap().token, Some(-1));
        assert_eq!(Response::decode(&reply("x1")).unwrap_err().code, ErrorCode::Malformed);
        assert_eq!(
            Response::decode(&[9, 0, 0, 0, 1, b'1']).unwrap_err().code,
            ErrorCode::Truncated
        );
    }
}
