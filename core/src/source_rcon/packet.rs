//! `i32 LE size (of what follows) · i32 LE id · i32 LE type · body · 00 · 00`. Types:
//! 3 login, 2 command (and the login's answer), 0 a response value.

use serde::Serialize;

use crate::error::{Error, ErrorCode, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::wire::{Reader, Writer};

pub const LOGIN: i32 = 3;
pub const COMMAND: i32 = 2;
pub const AUTH_RESPONSE: i32 = 2;
pub const RESPONSE_VALUE: i32 = 0;
/// A reply body may exceed Valve's 4096-byte packets (Minecraft splits at 4096 UTF-16
/// units, up to 12 KiB of UTF-8); this bounds what one declared size can make us hold.
pub const MAX_PACKET: usize = 64 * 1024;

/// One packet, either direction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SourceRconPacket"))]
pub struct Packet {
    /// Chosen by the client, echoed by the server; −1 answers a refused login.
    pub id: i32,
    /// 3 login, 2 command / login answer, 0 response value.
    #[serde(rename = "type")]
    pub kind: i32,
    /// UTF-8 (invalid bytes become U+FFFD).
    #[serde(default)]
    pub body: String,
}

impl Input for Packet {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            id: o.req("id")?,
            kind: o.req("type")?,
            body: o.or_default("body")?,
        })
    }
}

impl Packet {
    pub fn new(id: i32, kind: i32, body: impl Into<String>) -> Self {
        Self {
            id,
            kind,
            body: body.into(),
        }
    }

    pub fn encode(&self) -> Result<Vec<u8>> {
        let size = self.body.len() + 10;
        if size > MAX_PACKET {
            return Err(Error::invalid(format!(
                "an RCON packet of {size} bytes exceeds {MAX_PACKET}"
            )));
        }
        let mut w = Writer::with_capacity(size + 4);
        w.i32_le(size as i32)
            .i32_le(self.id)
            .i32_le(self.kind)
            .bytes(self.body.as_bytes())
            .bytes(&[0, 0]);
        Ok(w.into_bytes())
    }

    /// One whole packet (size prefix included), as `FrameDecoder('source-rcon')` yields.
    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let mut r = Reader::new(bytes);
        let size = r.i32_le("size")?;
        if !(10..=MAX_PACKET as i32).contains(&size) {
            return Err(Error::at(
                ErrorCode::BadLength,
                "size",
                0,
                format_args!("size {size}, not 10 to {MAX_PACKET}"),
            ));
        }
        let id = r.i32_le("id")?;
        let kind = r.i32_le("type")?;
        let body = r.take(size as usize - 10, "body")?;
        let at = r.offset();
        if r.take(2, "terminator")? != [0, 0] {
            return Err(Error::at(
                ErrorCode::Malformed,
                "terminator",
                at,
                "expected two NUL bytes",
            ));
        }
        r.expect_end("packet end")?;
        Ok(Self {
            id,
            kind,
            body: String::from_utf8_lossy(body).into_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_bytes_and_errors() {
        let login = Packet::new(1, LOGIN, "pw").encode().unwrap();
        assert_eq!(login, [12, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, b'p', b'w', 0, 0]);
        assert_eq!(Packet::decode(&login).unwrap(), Packet::new(1, LOGIN, "pw"));
        let refused = Packet::new(-1, AUTH_RESPONSE, "").encode().unwrap();
        assert_eq!(&refused[4..8], &[0xff; 4]);
        assert_eq!(Packet::decode(&login[..10]).unwrap_err().code, ErrorCode::Truncated);
        let mut bad = login.clone();
        bad[0] = 9;
        assert_eq!(Packet::decode(&bad).unwrap_err().code, ErrorCode::BadLength);
        let mut unterminated = login;
        unterminated[15] = b'x';
        assert_eq!(Packet::decode(&unterminated).unwrap_err().code, ErrorCode::Malformed);
    }
}
