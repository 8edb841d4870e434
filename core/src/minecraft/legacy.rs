//! The pre-1.7 pings, both directions. Replies are `FF · u16 BE length (UTF-16 units) ·
//! UTF-16BE text`, read by that length (some servers never close the socket).

use serde::Serialize;

use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{round_ms, Millis};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::text::Motd;
use crate::wire::{Reader, Writer};

const PING_HOST: &str = "MC|PingHost";
/// The protocol number 1.6 clients put in their ping.
pub const PROTOCOL_1_6: u8 = 74;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "variant")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "LegacyRequest"))]
pub enum Request {
    /// Beta 1.8 – 1.3: `FE`.
    #[serde(rename = "beta")]
    Beta,
    /// 1.4 – 1.5: `FE 01`.
    #[serde(rename = "1.4")]
    V1_4,
    /// 1.6: `FE 01 FA` + `MC|PingHost` with protocol, host and port.
    #[serde(rename = "1.6")]
    V1_6 {
        #[serde(default = "protocol_1_6")]
        #[cfg_attr(feature = "ts", ts(as = "Option<u8>", optional))]
        protocol: u8,
        host: String,
        port: u16,
    },
}

fn protocol_1_6() -> u8 {
    PROTOCOL_1_6
}

impl Input for Request {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        match o.tag("variant")?.as_str() {
            "beta" => Ok(Self::Beta),
            "1.4" => Ok(Self::V1_4),
            "1.6" => Ok(Self::V1_6 {
                protocol: o.or_else("protocol", protocol_1_6)?,
                host: o.req("host")?,
                port: o.req("port")?,
            }),
            other => Err(o.unknown("variant", other, &["beta", "1.4", "1.6"])),
        }
    }
}

impl Input for Response {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            variant: o.req("variant")?,
            protocol: o.or_default("protocol")?,
            version: o.or_default("version")?,
            motd: o.req("motd")?,
            online: o.req("online")?,
            max: o.req("max")?,
        })
    }
}

/// The reply: beta servers send `motd§online§max`, 1.4+ servers `§1\0protocol\0version\0motd\0online\0max`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "LegacyResponse"))]
pub struct Response {
    /// `'beta'` or `'1.4'` (1.4 – 1.6 and modern servers answering a legacy ping).
    pub variant: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
    pub protocol: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub version: Option<String>,
    /// When serving: a `§` string, or this object.
    pub motd: Motd,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub online: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub max: i64,
}

fn utf16be(text: &str) -> Vec<u8> {
    text.encode_utf16().flat_map(u16::to_be_bytes).collect()
}

impl Request {
    pub fn encode(&self) -> Result<Vec<u8>> {
        Ok(match self {
            Self::Beta => vec![0xfe],
            Self::V1_4 => vec![0xfe, 0x01],
            Self::V1_6 { protocol, host, port } => {
                let host16 = utf16be(host);
                let units = host16.len() / 2;
                if units > 255 {
                    return Err(Error::invalid("the host is longer than 255 characters"));
                }
                let mut w = Writer::with_capacity(64 + host16.len());
                w.bytes(&[0xfe, 0x01, 0xfa])
                    .u16_be(PING_HOST.len() as u16)
                    .bytes(&utf16be(PING_HOST))
                    .u16_be((7 + host16.len()) as u16)
                    .u8(*protocol)
                    .u16_be(units as u16)
                    .bytes(&host16)
                    .u32_be(u32::from(*port));
                w.into_bytes()
            }
        })
    }

    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let mut r = Reader::new(bytes);
        if r.u8("packet id")? != 0xfe {
            return Err(Error::at(
                ErrorCode::UnexpectedOpcode,
                "packet id",
                0,
                "a legacy ping starts with 0xFE",
            ));
        }
        if r.is_empty() {
            return Ok(Self::Beta);
        }
        if r.u8("payload")? != 0x01 {
            return Err(Error::at(ErrorCode::Malformed, "payload", 1, "expected 0x01"));
        }
        if r.is_empty() {
            return Ok(Self::V1_4);
        }
        if r.u8("plugin message")? != 0xfa {
            return Err(Error::at(ErrorCode::Malformed, "plugin message", 2, "expected 0xFA"));
        }
        let at = r.offset();
        let len = usize::from(r.u16_be("channel length")?);
        let channel = r.take(len * 2, "channel")?;
        if channel != utf16be(PING_HOST) {
            return Err(Error::at(ErrorCode::Malformed, "channel", at, "expected MC|PingHost"));
        }
        let at = r.offset();
        let rest = usize::from(r.u16_be("data length")?);
        let protocol = r.u8("protocol")?;
        let host_len = usize::from(r.u16_be("host length")?);
        if rest != 7 + 2 * host_len {
            return Err(Error::at(
                ErrorCode::BadLength,
                "data length",
                at,
                format_args!("{rest} ≠ 7 + 2 × {host_len}"),
            ));
        }
        let host = String::from_utf16_lossy(&units(r.take(host_len * 2, "host")?));
        let port = r.u32_be("port")?;
        r.expect_end("ping end")?;
        Ok(Self::V1_6 {
            protocol,
            host,
            port: port as u16,
        })
    }
}

fn units(bytes: &[u8]) -> Vec<u16> {
    bytes
        .chunks_exact(2)
        .map(|c| u16::from_be_bytes([c[0], c[1]]))
        .collect()
}

/// `FF` · u16 length · at most 65535 UTF-16 units.
const MAX_REPLY: usize = 3 + 2 * 65535;

/// Bytes a complete reply needs, once its 3-byte header has arrived.
pub fn reply_len(header: &[u8]) -> Option<usize> {
    match header {
        [0xff, hi, lo, ..] => Some(3 + 2 * usize::from(u16::from_be_bytes([*hi, *lo]))),
        _ => None,
    }
}

impl Response {
    pub fn encode(&self) -> Result<Vec<u8>> {
        // A `§` string goes out as given; a component as its `§` rendering.
        let motd = self.motd.raw.as_str().unwrap_or(&self.motd.minecraft);
        let text = if self.variant == "beta" {
            format!("{motd}§{}§{}", self.online, self.max)
        } else {
            format!(
                "§1\0{}\0{}\0{}\0{}\0{}",
                self.protocol.unwrap_or(127),
                self.version.as_deref().unwrap_or(""),
                motd,
                self.online,
                self.max
            )
        };
        let text16 = utf16be(&text);
        if text16.len() / 2 > usize::from(u16::MAX) {
            return Err(Error::invalid("the legacy reply is longer than 65535 characters"));
        }
        let mut w = Writer::with_capacity(3 + text16.len());
        w.u8(0xff).u16_be((text16.len() / 2) as u16).bytes(&text16);
        Ok(w.into_bytes())
    }

    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let mut r = Reader::new(bytes);
        if r.u8("packet id")? != 0xff {
            return Err(Error::at(
                ErrorCode::UnexpectedOpcode,
                "packet id",
                0,
                "a legacy reply starts with 0xFF",
            ));
        }
        let len = usize::from(r.u16_be("length")?);
        let text = String::from_utf16_lossy(&units(r.take(len * 2, "text")?));
        r.expect_end("reply end")?;
        let number = |s: &str, field: &'static str| {
            s.trim_ascii().parse::<i64>().map_err(|_| {
                Error::at(
                    ErrorCode::Malformed,
                    field,
                    3,
                    format_args!("{} is not a number", crate::error::quoted(s)),
                )
            })
        };
        if let Some(rest) = text.strip_prefix("§1\0") {
            let parts: Vec<&str> = rest.split('\0').collect();
            let [protocol, version, motd, online, max] = parts[..] else {
                return Err(Error::at(
                    ErrorCode::Malformed,
                    "text",
                    3,
                    format_args!("{} fields, expected 6", parts.len() + 1),
                ));
            };
            return Ok(Self {
                variant: "1.4".into(),
                protocol: Some(number(protocol, "protocol")?),
                version: Some(version.into()),
                motd: Motd::from_legacy(motd),
                online: number(online, "online")?,
                max: number(max, "max")?,
            });
        }
        // The MOTD may itself contain `§`: split from the right.
        let split = split_last(&text).and_then(|(rest, max)| Some((split_last(rest)?, max)));
        let Some(((motd, online), max)) = split else {
            return Err(Error::at(ErrorCode::Malformed, "text", 3, "expected motd§online§max"));
        };
        Ok(Self {
            variant: "beta".into(),
            protocol: None,
            version: None,
            motd: Motd::from_legacy(motd),
            online: number(online, "online")?,
            max: number(max, "max")?,
        })
    }
}

/// Around the last `§`, found as bytes: `rsplitn` with a `char` brought 1.5 KB of reverse
/// searcher into the browser's module.
fn split_last(text: &str) -> Option<(&str, &str)> {
    const MARK: &[u8] = "§".as_bytes();
    let at = text.as_bytes().windows(MARK.len()).rposition(|w| w == MARK)?;
    Some((text.get(..at)?, text.get(at + MARK.len()..)?))
}

/// The client flow for a legacy ping: one request, then a reply read by its length field.
#[derive(Debug)]
pub struct LegacyExchange {
    request: Option<Vec<u8>>,
    buf: Vec<u8>,
    sent_at: Millis,
    deadline: Option<Millis>,
    result: Option<Result<(Response, f64)>>,
}

impl LegacyExchange {
    /// `end`: when this connection's attempt gives up.
    pub fn new(request: &Request, end: Millis, now: Millis) -> Result<Self> {
        Ok(Self {
            request: Some(request.encode()?),
            buf: Vec::new(),
            sent_at: now,
            deadline: Some(end),
            result: None,
        })
    }

    fn done(&mut self, result: Result<(Response, f64)>) {
        self.deadline = None;
        self.result = Some(result);
    }
}

impl crate::exchange::Exchange for LegacyExchange {
    /// The reply and the round trip in milliseconds.
    type Output = (Response, f64);

    fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.request.take()
    }

    fn handle_input(&mut self, now: Millis, bytes: &[u8]) {
        if self.deadline.is_none() {
            return;
        }
        if self.buf.is_empty() && bytes.first().is_some_and(|&b| b != 0xff) {
            return self.done(Err(Error::new(
                ErrorCode::WrongProtocol,
                format!("not a Minecraft server: it answered {}", crate::sniff::describe(bytes)),
            )));
        }
        // Never more than the largest reply there can be.
        let room = MAX_REPLY - self.buf.len();
        self.buf.extend_from_slice(&bytes[..bytes.len().min(room)]);
        if let Some(need) = reply_len(&self.buf).filter(|&n| self.buf.len() >= n) {
            let rtt = round_ms(now - self.sent_at);
            let result = Response::decode(&self.buf[..need]).map(|r| (r, rtt));
            self.done(result);
        }
    }

    fn poll_timeout(&self) -> Option<Millis> {
        self.deadline
    }

    fn handle_timeout(&mut self, now: Millis) {
        if self.deadline.is_some_and(|d| now >= d) {
            self.done(Err(Error::timeout("the legacy ping", 1)));
        }
    }

    fn handle_close(&mut self, _now: Millis) {
        if self.deadline.is_some() {
            self.done(Err(if self.buf.is_empty() {
                Error::new(ErrorCode::Network, "the server closed the connection without answering")
            } else {
                Error::new(
                    ErrorCode::Truncated,
                    "the server closed the connection inside its legacy reply",
                )
            }));
        }
    }

    fn poll_result(&mut self) -> Option<Result<(Response, f64)>> {
        self.result.take()
    }
}
