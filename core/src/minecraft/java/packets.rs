//! Handshake, status request/response and ping/pong, both directions. Packets are passed
//! whole, as on the wire: `VarInt length · VarInt id · payload`.

use serde::Serialize;

use super::status::JavaStatus;
use crate::error::{Error, ErrorCode, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::values::Hex;
use crate::wire::FrameDecoder;
use crate::wire::{Reader, Writer};

pub const DEFAULT_PORT: u16 = 25565;
/// 1.8's protocol: accepted by every server that answers a status at all (some drop -1).
pub const DEFAULT_PROTOCOL: i32 = 47;
/// Vanilla caps the handshake host at 255 characters.
const HOST_CAP: usize = 255;
/// Vanilla writes at most 32767 characters; modded servers with large favicons send more.
const STATUS_JSON_CAP: usize = 262_144;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "JavaRequest"))]
pub enum Request {
    /// Handshake (next state 1) and status request in one write, as clients send them.
    #[serde(rename_all = "camelCase")]
    Status {
        #[serde(default = "default_protocol")]
        #[cfg_attr(feature = "ts", ts(as = "Option<i32>", optional))]
        protocol: i32,
        host: String,
        #[serde(default = "default_port")]
        #[cfg_attr(feature = "ts", ts(as = "Option<u16>", optional))]
        port: u16,
    },
    #[serde(rename_all = "camelCase")]
    Handshake {
        protocol: i32,
        host: String,
        port: u16,
        next_state: i32,
    },
    StatusRequest,
    /// Eight bytes the server echoes in its pong, as hex.
    Ping {
        payload: Hex<8>,
    },
}

fn default_protocol() -> i32 {
    DEFAULT_PROTOCOL
}

fn default_port() -> u16 {
    DEFAULT_PORT
}

impl Input for Request {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        match o.tag("type")?.as_str() {
            "status" => Ok(Self::Status {
                protocol: o.or_else("protocol", default_protocol)?,
                host: o.req("host")?,
                port: o.or_else("port", default_port)?,
            }),
            "handshake" => Ok(Self::Handshake {
                protocol: o.req("protocol")?,
                host: o.req("host")?,
                port: o.req("port")?,
                next_state: o.req("nextState")?,
            }),
            "statusRequest" => Ok(Self::StatusRequest),
            "ping" => Ok(Self::Ping {
                payload: o.req("payload")?,
            }),
            other => Err(o.unknown("type", other, &["status", "handshake", "statusRequest", "ping"])),
        }
    }
}

impl Input for Response {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        match o.tag("type")?.as_str() {
            "status" => JavaStatus::take(&mut o).map(|s| Self::Status(Box::new(s))),
            "pong" => Ok(Self::Pong {
                payload: o.req("payload")?,
            }),
            other => Err(o.unknown("type", other, &["status", "pong"])),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "JavaResponse"))]
pub enum Response {
    Status(Box<JavaStatus>),
    Pong { payload: Hex<8> },
}

/// One frame: the packet id and the payload after it.
fn frame(id: i32, payload: impl FnOnce(&mut Writer)) -> Vec<u8> {
    let mut body = Writer::new();
    body.varint(id);
    payload(&mut body);
    let body = body.into_bytes();
    let mut w = Writer::with_capacity(body.len() + 5);
    w.varint(body.len() as i32).bytes(&body);
    w.into_bytes()
}

fn handshake(protocol: i32, host: &str, port: u16, next_state: i32) -> Vec<u8> {
    frame(0, |w| {
        w.varint(protocol).mc_string(host).u16_be(port).varint(next_state);
    })
}

/// Splits `bytes` into whole frames: a partial frame at the end is truncation.
fn frames(bytes: &[u8]) -> Result<Vec<&[u8]>> {
    let (frames, rest) = FrameDecoder::default().split(bytes)?;
    if rest > 0 || frames.is_empty() {
        return Err(Error::at(
            ErrorCode::Truncated,
            "frame",
            bytes.len() - rest,
            "the input ends inside a frame",
        ));
    }
    Ok(frames)
}

/// The id and a reader over the payload of one whole frame.
fn open(frame: &[u8]) -> Result<(i32, Reader<'_>)> {
    let mut r = Reader::new(frame);
    r.varint("frame length")?;
    let id = r.varint("packet id")?;
    Ok((id, r))
}

impl Request {
    pub fn encode(&self) -> Result<Vec<u8>> {
        Ok(match self {
            Self::Status { protocol, host, port } => {
                check_host(host)?;
                [handshake(*protocol, host, *port, 1), frame(0, |_| {})].concat()
            }
            Self::Handshake {
                protocol,
                host,
                port,
                next_state,
            } => {
                check_host(host)?;
                handshake(*protocol, host, *port, *next_state)
            }
            Self::StatusRequest => frame(0, |_| {}),
            Self::Ping { payload } => frame(1, |w| {
                w.bytes(&payload.0);
            }),
        })
    }

    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let frames = frames(bytes)?;
        let first = Self::decode_frame(frames[0])?;
        match (first, &frames[1..]) {
            (first, []) => Ok(first),
            (
                Self::Handshake {
                    protocol,
                    host,
                    port,
                    next_state: 1,
                },
                [second],
            ) if Self::decode_frame(second)? == Self::StatusRequest => Ok(Self::Status { protocol, host, port }),
            _ => Err(Error::at(
                ErrorCode::TrailingBytes,
                "frame",
                frames[0].len(),
                "unexpected packets after the first",
            )),
        }
    }

    fn decode_frame(frame: &[u8]) -> Result<Self> {
        let (id, mut r) = open(frame)?;
        let request = match id {
            0 if r.is_empty() => Self::StatusRequest,
            0 => {
                let protocol = r.varint("protocol version")?;
                let host = r.mc_string(HOST_CAP, "server address")?.to_string();
                let port = r.u16_be("server port")?;
                let next_state = r.varint("next state")?;
                Self::Handshake {
                    protocol,
                    host,
                    port,
                    next_state,
                }
            }
            1 => Self::Ping {
                payload: Hex(r.array("ping payload")?),
            },
            other => return Err(unknown_packet(other)),
        };
        r.expect_end("packet end")?;
        Ok(request)
    }
}

fn unknown_packet(id: i32) -> Error {
    Error::at(
        ErrorCode::UnexpectedOpcode,
        "packet id",
        1,
        format_args!("packet id {id}"),
    )
}

fn check_host(host: &str) -> Result<()> {
    if host.encode_utf16().count() > HOST_CAP {
        return Err(Error::invalid(format!(
            "handshake host is longer than {HOST_CAP} characters"
        )));
    }
    Ok(())
}

impl Response {
    pub fn encode(&self) -> Result<Vec<u8>> {
        Ok(match self {
            Self::Status(status) => {
                let json = status.to_json();
                frame(0, |w| {
                    w.mc_string(&json);
                })
            }
            Self::Pong { payload } => frame(1, |w| {
                w.bytes(&payload.0);
            }),
        })
    }

    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let frames = frames(bytes)?;
        if frames.len() > 1 {
            return Err(Error::at(
                ErrorCode::TrailingBytes,
                "frame",
                frames[0].len(),
                "more than one packet",
            ));
        }
        let (id, mut r) = open(frames[0])?;
        let response = match id {
            0 => {
                let at = r.offset();
                let json = r.mc_string(STATUS_JSON_CAP, "status json")?;
                Self::Status(Box::new(JavaStatus::from_json(json, at)?))
            }
            1 => Self::Pong {
                payload: Hex(r.array("pong payload")?),
            },
            other => return Err(unknown_packet(other)),
        };
        r.expect_end("packet end")?;
        Ok(response)
    }
}
