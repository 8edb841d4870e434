//! Server → client packets, both directions: clients decode them, responders encode them.

use serde::Serialize;

use super::header::{Address, Dialect, Header, Opcode, HEADER_LEN};
use super::info::{Info, OpenMpInfo};
use super::players::{Layout, PlayerList};
use super::reply_text::{read_texts, ReplyText, Texts, WireStrings};
use super::rules::Rules;
use crate::error::Result;
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::text::{encode, TextEncoding};
use crate::values::Hex;
use crate::wire::{Prefix, Reader, Writer};

/// Options for decoding replies.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SampDecodeOptions"))]
pub struct DecodeOptions {
    /// A WHATWG label (`windows-1251`, `cp1252`, `utf-8`, …) or `'auto'` (default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub encoding: Option<String>,
    /// Also return every string's undecoded bytes (`rawStrings`, hex) to re-decode them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub raw_strings: bool,
}

/// Serialized as one flat object (`response_ser.rs`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SampResponse"))]
pub struct Response {
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub address: Address,
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub body: ResponseBody,
    /// `'vcmp'` for Vice City: Multiplayer's (`MP04`); absent for SA:MP's.
    #[cfg_attr(feature = "ts", ts(as = "Option<Dialect>", optional))]
    pub dialect: Dialect,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "opcode")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SampResponseBody"))]
pub enum ResponseBody {
    #[serde(rename = "i")]
    Info(Info),
    #[serde(rename = "r")]
    Rules(Rules),
    #[serde(rename = "c")]
    Clients(PlayerList),
    #[serde(rename = "d")]
    Players(PlayerList),
    #[serde(rename = "o")]
    OpenMp(OpenMpInfo),
    #[serde(rename = "p")]
    Ping { payload: Hex<4> },
    /// One console line of an RCON reply (servers send one datagram per line).
    #[serde(rename = "x")]
    RconLine(RconLine),
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SampRconLine"))]
pub struct RconLine {
    pub line: String,
    #[serde(flatten)]
    pub text: ReplyText,
}

impl Input for DecodeOptions {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let options = Self {
            encoding: o.or_default("encoding")?,
            raw_strings: o.or_default("rawStrings")?,
        };
        o.deny_unknown()?;
        Ok(options)
    }
}

impl Input for Response {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let address = Address::take(&mut o)?;
        let dialect = o.or_default("dialect")?;
        let body = match o.tag("opcode")?.as_str() {
            "i" => ResponseBody::Info(Info::take(&mut o)?),
            "r" => ResponseBody::Rules(Rules::take(&mut o)?),
            "c" => ResponseBody::Clients(PlayerList::take(&mut o)?),
            "d" => ResponseBody::Players(PlayerList::take(&mut o)?),
            "o" => ResponseBody::OpenMp(OpenMpInfo::take(&mut o)?),
            "p" => ResponseBody::Ping {
                payload: o.req("payload")?,
            },
            "x" => ResponseBody::RconLine(RconLine {
                line: o.req("line")?,
                text: ReplyText::take(&mut o)?,
            }),
            other => return Err(o.unknown("opcode", other, &["i", "r", "c", "d", "o", "p", "x"])),
        };
        Ok(Self { address, body, dialect })
    }
}

/// Console lines are u16-prefixed; SA:MP's console buffer is far below this.
const RCON_LINE_CAP: usize = 4096;

impl ResponseBody {
    pub fn opcode(&self) -> Opcode {
        match self {
            Self::Info(_) => Opcode::Info,
            Self::Rules(_) => Opcode::Rules,
            Self::Clients(_) => Opcode::Clients,
            Self::Players(_) => Opcode::Players,
            Self::OpenMp(_) => Opcode::OpenMp,
            Self::Ping { .. } => Opcode::Ping,
            Self::RconLine(_) => Opcode::Rcon,
        }
    }

    /// Writes the body after a header the caller wrote (a responder copies the request's).
    pub fn write(&self, w: &mut Writer, dialect: Dialect) -> Result<()> {
        match self {
            Self::Info(info) => info.write(w, dialect)?,
            Self::Rules(rules) => rules.write(w)?,
            Self::Clients(list) => list.write(w, clients(dialect))?,
            Self::Players(list) => list.write(w, Layout::Detailed)?,
            Self::OpenMp(extra) => extra.write(w)?,
            Self::Ping { payload } => {
                w.bytes(&payload.0);
            }
            Self::RconLine(line) => {
                let bytes = encode(&line.line, line.text.encoding()?);
                w.str_u16(&bytes, RCON_LINE_CAP);
            }
        }
        Ok(())
    }

    /// Decodes the body of a packet whose header said `opcode`, its strings in one
    /// encoding. The body must end exactly where the packet does: trailing bytes mean we
    /// misread it.
    pub fn read(
        r: &mut Reader<'_>,
        opcode: Opcode,
        enc: TextEncoding,
        keep_raw: bool,
        dialect: Dialect,
    ) -> Result<Self> {
        let (mut body, text) = read_texts(r, enc, keep_raw, |r, t| {
            let body = Self::read_with(r, opcode, t, dialect)?;
            r.expect_end("reply end")?;
            Ok(body)
        })?;
        if let Some(slot) = body.text_mut() {
            *slot = text;
        }
        Ok(body)
    }

    /// Reads the body with `t` deciding the text; its `ReplyText` is left empty.
    pub(crate) fn read_with<'a>(
        r: &mut Reader<'a>,
        opcode: Opcode,
        t: &mut Texts<'a>,
        dialect: Dialect,
    ) -> Result<Self> {
        Ok(match opcode {
            Opcode::Info => Self::Info(Info::read(r, t, dialect)?),
            Opcode::Rules => Self::Rules(Rules::read(r, t)?),
            Opcode::Clients => Self::Clients(PlayerList::read(r, clients(dialect), t)?),
            Opcode::Players => Self::Players(PlayerList::read(r, Layout::Detailed, t)?),
            Opcode::OpenMp => Self::OpenMp(OpenMpInfo::read(r, t)?),
            Opcode::Ping => Self::Ping {
                payload: Hex(r.array("ping payload")?),
            },
            Opcode::Rcon => Self::RconLine(RconLine {
                line: t.text(r.prefixed(Prefix::U16Le, RCON_LINE_CAP, "rcon line")?),
                text: ReplyText::default(),
            }),
        })
    }

    /// The encoding report of a text-bearing body.
    pub fn text_mut(&mut self) -> Option<&mut ReplyText> {
        match self {
            Self::Info(i) => Some(&mut i.text),
            Self::Rules(r) => Some(&mut r.text),
            Self::Clients(l) | Self::Players(l) => Some(&mut l.text),
            Self::OpenMp(o) => Some(&mut o.text),
            Self::RconLine(l) => Some(&mut l.text),
            Self::Ping { .. } => None,
        }
    }
}

/// The `c` list's layout: VC:MP's holds names only.
fn clients(dialect: Dialect) -> Layout {
    match dialect {
        Dialect::Samp => Layout::Clients,
        Dialect::Vcmp => Layout::Names,
    }
}

impl WireStrings for ResponseBody {
    fn each_string(&mut self, f: &mut dyn FnMut(&mut String)) {
        match self {
            Self::Info(i) => [&mut i.hostname, &mut i.gamemode, &mut i.language]
                .into_iter()
                .for_each(f),
            Self::Rules(r) => r.rules.0.iter_mut().for_each(|(name, value)| {
                f(name);
                f(value);
            }),
            Self::Clients(l) | Self::Players(l) => l.players.iter_mut().for_each(|p| f(&mut p.name)),
            Self::OpenMp(o) => [&mut o.discord, &mut o.light_banner, &mut o.dark_banner]
                .into_iter()
                .chain(o.logo.as_mut())
                .for_each(f),
            Self::RconLine(l) => f(&mut l.line),
            Self::Ping { .. } => {}
        }
    }
}

impl Response {
    /// A SA:MP reply.
    pub fn new(address: Address, body: ResponseBody) -> Self {
        Self {
            address,
            body,
            dialect: Dialect::Samp,
        }
    }

    pub fn encode(&self) -> Result<Vec<u8>> {
        let mut w = Writer::with_capacity(HEADER_LEN + 64);
        Header {
            address: self.address,
            opcode: self.body.opcode(),
        }
        .write_with(&mut w, self.dialect.reply_magic());
        self.body.write(&mut w, self.dialect)?;
        Ok(w.into_bytes())
    }

    /// A reply of either dialect (`SAMP`, or VC:MP's `MP04`).
    pub fn decode(bytes: &[u8], options: &DecodeOptions) -> Result<Self> {
        let enc = TextEncoding::from_option(options.encoding.as_deref())?;
        let mut r = Reader::new(bytes);
        let header = Header::read(&mut r)?;
        let dialect = Dialect::of_magic(&bytes[..4]).unwrap_or_default();
        let body = ResponseBody::read(&mut r, header.opcode, enc, options.raw_strings, dialect)?;
        Ok(Self {
            address: header.address,
            body,
            dialect,
        })
    }
}
