//! Requests and single-packet replies (`FF FF FF FF` + type). A challenge is 4 bytes the
//! server chose, sent back verbatim (hex in JS).

use serde::Serialize;

use super::bohemia::Pages;
use super::info::{GoldSrcInfo, Info};
use super::players::{read_players, read_rules, write_players, write_rules, Player};
use super::split::{SINGLE, SPLIT};
use crate::error::{Error, ErrorCode, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::values::{Hex, RuleList};
use crate::wire::{Reader, Writer};

const INFO_PAYLOAD: &[u8] = b"Source Engine Query\0";
/// Asks for a challenge where one is expected (A2S_PLAYER, A2S_RULES).
pub const NO_CHALLENGE: [u8; 4] = [0xff; 4];

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "A2sRequest"))]
pub enum Request {
    /// `T` "Source Engine Query", with the challenge of an `A` reply when one came.
    Info {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        challenge: Option<Hex<4>>,
    },
    /// `U`; `FFFFFFFF` (the default) asks for a challenge.
    Players {
        #[serde(default = "no_challenge")]
        #[cfg_attr(feature = "ts", ts(as = "Option<Hex<4>>", optional))]
        challenge: Hex<4>,
    },
    /// `V`; `FFFFFFFF` (the default) asks for a challenge.
    Rules {
        #[serde(default = "no_challenge")]
        #[cfg_attr(feature = "ts", ts(as = "Option<Hex<4>>", optional))]
        challenge: Hex<4>,
    },
}

fn no_challenge() -> Hex<4> {
    Hex(NO_CHALLENGE)
}

impl Input for Request {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        match o.tag("type")?.as_str() {
            "info" => Ok(Self::Info {
                challenge: o.or_default("challenge")?,
            }),
            "players" => Ok(Self::Players {
                challenge: o.or_else("challenge", no_challenge)?,
            }),
            "rules" => Ok(Self::Rules {
                challenge: o.or_else("challenge", no_challenge)?,
            }),
            other => Err(o.unknown("type", other, &["info", "players", "rules"])),
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
            "info" => Info::take(&mut o).map(Self::Info),
            "goldSrcInfo" => GoldSrcInfo::take(&mut o).map(Self::GoldSrcInfo),
            "players" => Ok(Self::Players {
                players: o.req("players")?,
            }),
            "rules" => Ok(Self::Rules {
                rules: o.req("rules")?,
                truncated: o.or_default("truncated")?,
                pages: Pages::default(),
            }),
            other => Err(o.unknown("type", other, &["challenge", "info", "goldSrcInfo", "players", "rules"])),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "A2sResponse"))]
pub enum Response {
    /// `A`: send the request again with these bytes.
    Challenge { challenge: Hex<4> },
    /// `I`.
    Info(Info),
    /// `m`, GoldSrc's obsolete info reply.
    GoldSrcInfo(GoldSrcInfo),
    /// `D`.
    Players { players: Vec<Player> },
    /// `E`; `truncated` when the list ended before its count (servers cut long lists).
    Rules {
        rules: RuleList,
        #[serde(default)]
        truncated: bool,
        /// Arma 3's and DayZ's binary pages (`super::bohemia`), as read or to write. They
        /// are rules too (as text in `rules` when read); the query reads the message out
        /// of them, so the codec alone (the browser's download) carries no reader for it.
        #[serde(skip)]
        #[cfg_attr(feature = "ts", ts(skip))]
        pages: Pages,
    },
}

fn header(r: &mut Reader) -> Result<u8> {
    let at = r.offset();
    match r.array::<4>("header")? {
        SINGLE => r.u8("type"),
        SPLIT => Err(Error::at(
            ErrorCode::UnexpectedOpcode,
            "header",
            at,
            "a part of a split reply: join the parts first",
        )),
        _ => Err(Error::at(ErrorCode::BadMagic, "header", at, "expected FF FF FF FF")),
    }
}

impl Request {
    pub fn encode(&self) -> Vec<u8> {
        let mut w = Writer::with_capacity(32);
        w.bytes(&SINGLE);
        match self {
            Self::Info { challenge } => {
                w.u8(b'T').bytes(INFO_PAYLOAD);
                if let Some(c) = challenge {
                    w.bytes(&c.0);
                }
            }
            Self::Players { challenge } => {
                w.u8(b'U').bytes(&challenge.0);
            }
            Self::Rules { challenge } => {
                w.u8(b'V').bytes(&challenge.0);
            }
        }
        w.into_bytes()
    }

    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let mut r = Reader::new(bytes);
        let at = 4;
        let request = match header(&mut r)? {
            b'T' => {
                let payload_at = r.offset();
                if r.take(INFO_PAYLOAD.len(), "payload")? != INFO_PAYLOAD {
                    return Err(Error::at(
                        ErrorCode::Malformed,
                        "payload",
                        payload_at,
                        "expected \"Source Engine Query\"",
                    ));
                }
                let challenge = if r.is_empty() {
                    None
                } else {
                    Some(Hex(r.array("challenge")?))
                };
                Self::Info { challenge }
            }
            b'U' => Self::Players {
                challenge: Hex(r.array("challenge")?),
            },
            b'V' => Self::Rules {
                challenge: Hex(r.array("challenge")?),
            },
            other => {
                return Err(Error::at(
                    ErrorCode::UnexpectedOpcode,
                    "type",
                    at,
                    format_args!("0x{other:02x} is not an A2S request"),
                ))
            }
        };
        r.expect_end("request end")?;
        Ok(request)
    }
}

impl Response {
    pub fn encode(&self) -> Result<Vec<u8>> {
        let mut w = Writer::with_capacity(256);
        w.bytes(&SINGLE);
        match self {
            Self::Challenge { challenge } => {
                w.u8(b'A').bytes(&challenge.0);
            }
            Self::Info(info) => {
                w.u8(b'I');
                info.write(&mut w)?;
            }
            Self::GoldSrcInfo(info) => {
                w.u8(b'm');
                info.write(&mut w);
            }
            Self::Players { players } => {
                w.u8(b'D');
                write_players(players, &mut w);
            }
            Self::Rules { rules, pages, .. } => {
                w.u8(b'E');
                write_rules(rules, pages, &mut w);
            }
        }
        Ok(w.into_bytes())
    }

    /// One whole reply (a split one joined first). `the_ship`: players carry deaths and money.
    pub fn decode(bytes: &[u8], the_ship: bool) -> Result<Self> {
        let mut r = Reader::new(bytes);
        let response = match header(&mut r)? {
            b'A' => Self::Challenge {
                challenge: Hex(r.array("challenge")?),
            },
            b'I' => Self::Info(Info::read(&mut r)?),
            b'm' => Self::GoldSrcInfo(GoldSrcInfo::read(&mut r)?),
            b'D' => Self::Players {
                players: read_players(&mut r, the_ship)?,
            },
            b'E' => {
                let (rules, truncated, pages) = read_rules(&mut r)?;
                Self::Rules {
                    rules,
                    truncated,
                    pages,
                }
            }
            other => {
                return Err(Error::at(
                    ErrorCode::UnexpectedOpcode,
                    "type",
                    4,
                    format_args!("0x{other:02x} is not an A2S reply"),
                ))
            }
        };
        Ok(response)
    }
}
