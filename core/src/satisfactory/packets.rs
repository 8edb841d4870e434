//! The Lightweight Query's two messages as bytes, and as JavaScript sees them.
//!
//! Every message: magic `D5 F6` (u16 0xF6D5) · type (u8) · protocol version (u8, 1) ·
//! payload · terminator `01` (a message without it is discarded). Poll Server State (type
//! 0): cookie (u64). Server State Response (type 1): cookie (echoed) · state (u8: 0
//! offline, 1 idle, 2 loading, 3 playing) · ServerNetCL (u32, the build's changelist) ·
//! flags (u64; bit 0: modded) · sub-state count (u8) · count × {id u8, version u16} ·
//! name (u16 length, UTF-8).

use serde::Serialize;

use crate::error::{Error, ErrorCode, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::wire::{Prefix, Reader, Writer};

pub const DEFAULT_PORT: u16 = 7777;
const MAGIC: u16 = 0xF6D5;
const POLL: u8 = 0;
const STATE: u8 = 1;
/// The protocol version this layout is (the only one there is).
pub const PROTOCOL_VERSION: u8 = 1;
const TERMINATOR: u8 = 1;
/// A poll is its envelope and a cookie.
const POLL_LEN: usize = 13;
/// The longest name a reply carries; [`SatisfactoryState::fits`] checks it beside the
/// sub-states against what one UDP datagram holds.
const MAX_NAME: usize = 65_000;
/// A UDP datagram's payload at most (IPv4).
const MAX_DATAGRAM: usize = 65_507;
/// A reply without its name and sub-states: envelope, cookie, state, changelist, flags,
/// count, name length, terminator.
const REPLY_FIXED: usize = 4 + 8 + 1 + 4 + 8 + 1 + 2 + 1;

/// Poll Server State: `{ cookie }`, the u64 the reply echoes, as a decimal string.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SatisfactoryRequest"))]
pub struct SatisfactoryRequest {
    pub cookie: String,
    /// The protocol version the client asks for (1).
    pub protocol_version: u8,
}

/// Server State Response: the echoed cookie and the server's state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SatisfactoryResponse"))]
pub struct SatisfactoryResponse {
    pub cookie: String,
    pub protocol_version: u8,
    #[serde(flatten)]
    pub state: SatisfactoryState,
}

/// A dedicated server as its Lightweight Query describes it (what
/// `serve('satisfactory')` answers with).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SatisfactoryState"))]
pub struct SatisfactoryState {
    pub name: String,
    /// 0 offline (never sent), 1 idle (no save loaded), 2 loading, 3 playing.
    pub state: u8,
    /// ServerNetCL: the changelist (build number) the server runs, `365306`.
    pub changelist: u32,
    /// The server's flags, a u64 as a decimal string (bit 0: modded; the others are for
    /// mods to use).
    pub flags: String,
    /// Each sub-state's version: it changes when that part of the game does (0 the game
    /// state, 1 the options, 2 the advanced settings, 3 the saves …), so a poller can tell
    /// when asking the HTTPS API is worth it.
    pub sub_states: Vec<SubState>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SatisfactorySubState"))]
pub struct SubState {
    pub id: u8,
    pub version: u16,
}

impl SatisfactoryState {
    /// The flags as the u64 they are.
    pub fn flag_bits(&self) -> Result<u64> {
        self.flags.parse().map_err(|_| {
            Error::invalid(format!(
                "flags must be a u64 in decimal, not {}",
                crate::error::quoted(&self.flags)
            ))
        })
    }

    /// The state fits one reply: at most 255 sub-states, and a name that fits the datagram
    /// beside them.
    pub fn fits(&self) -> Result<()> {
        if self.sub_states.len() > usize::from(u8::MAX) {
            return Err(Error::invalid("at most 255 sub-states fit the reply"));
        }
        let room = (MAX_DATAGRAM - REPLY_FIXED - 3 * self.sub_states.len()).min(MAX_NAME);
        if self.name.len() > room {
            return Err(Error::invalid(format!(
                "name must be at most {room} bytes of UTF-8 with {} sub-states (one datagram)",
                self.sub_states.len()
            )));
        }
        Ok(())
    }

    /// What the state byte means.
    pub fn state_name(&self) -> &'static str {
        match self.state {
            0 => "offline",
            1 => "idle",
            2 => "loading",
            3 => "playing",
            _ => "unknown",
        }
    }
}

fn cookie_of(text: &str) -> Result<u64> {
    text.parse().map_err(|_| {
        Error::invalid(format!(
            "cookie must be a u64 in decimal, not {}",
            crate::error::quoted(text)
        ))
    })
}

fn envelope(kind: u8, version: u8) -> Writer {
    let mut w = Writer::with_capacity(64);
    w.u16_le(MAGIC).u8(kind).u8(version);
    w
}

/// The envelope's head, checked: the message's protocol version.
fn open(r: &mut Reader<'_>, kind: u8, what: &'static str) -> Result<u8> {
    let at = r.offset();
    if r.u16_le("magic")? != MAGIC {
        return Err(Error::at(
            ErrorCode::BadMagic,
            "magic",
            at,
            "not a Satisfactory Lightweight Query message",
        ));
    }
    let at = r.offset();
    let got = r.u8("type")?;
    if got != kind {
        return Err(Error::at(
            ErrorCode::UnexpectedOpcode,
            "type",
            at,
            format_args!("message type {got}, not {kind} ({what})"),
        ));
    }
    r.u8("protocol version")
}

/// The terminator, and nothing after it.
fn close(mut r: Reader<'_>, what: &'static str) -> Result<()> {
    let at = r.offset();
    if r.u8("terminator")? != TERMINATOR {
        return Err(Error::at(
            ErrorCode::Malformed,
            "terminator",
            at,
            "a message ends with 01 (the server discards any other)",
        ));
    }
    r.expect_end(what)
}

impl SatisfactoryRequest {
    pub fn encode(&self) -> Result<Vec<u8>> {
        let mut w = envelope(POLL, self.protocol_version);
        w.bytes(&cookie_of(&self.cookie)?.to_le_bytes()).u8(TERMINATOR);
        Ok(w.into_bytes())
    }

    pub fn decode(bytes: &[u8]) -> Result<Self> {
        if bytes.len() != POLL_LEN {
            return Err(Error::at(
                ErrorCode::BadLength,
                "poll",
                0,
                format_args!("a poll is {POLL_LEN} bytes, this is {}", bytes.len()),
            ));
        }
        let mut r = Reader::new(bytes);
        let protocol_version = open(&mut r, POLL, "Poll Server State")?;
        let cookie = u64::from_le_bytes(r.array("cookie")?);
        close(r, "poll")?;
        Ok(Self {
            cookie: cookie.to_string(),
            protocol_version,
        })
    }
}

impl SatisfactoryResponse {
    pub fn encode(&self) -> Result<Vec<u8>> {
        let s = &self.state;
        s.fits()?;
        let mut w = envelope(STATE, self.protocol_version);
        w.bytes(&cookie_of(&self.cookie)?.to_le_bytes())
            .u8(s.state)
            .u32_le(s.changelist)
            .bytes(&s.flag_bits()?.to_le_bytes())
            .u8(s.sub_states.len() as u8);
        for sub in &s.sub_states {
            w.u8(sub.id).u16_le(sub.version);
        }
        w.str_u16(s.name.as_bytes(), MAX_NAME).u8(TERMINATOR);
        Ok(w.into_bytes())
    }

    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let mut r = Reader::new(bytes);
        let protocol_version = open(&mut r, STATE, "Server State Response")?;
        let cookie = u64::from_le_bytes(r.array("cookie")?);
        let state = r.u8("state")?;
        let changelist = r.u32_le("changelist")?;
        let flags = u64::from_le_bytes(r.array("flags")?);
        let count = r.u8("sub-state count")?;
        // Three bytes each, checked against what remains before any is read.
        if usize::from(count) * 3 > r.remaining() {
            return Err(Error::at(
                ErrorCode::Truncated,
                "sub-states",
                r.offset(),
                format_args!("{count} declared (3 bytes each), {} bytes remain", r.remaining()),
            ));
        }
        let mut sub_states = Vec::with_capacity(usize::from(count));
        for _ in 0..count {
            sub_states.push(SubState {
                id: r.u8("sub-state id")?,
                version: r.u16_le("sub-state version")?,
            });
        }
        let at = r.offset();
        let name = r.prefixed(Prefix::U16Le, MAX_NAME, "name")?;
        let name = std::str::from_utf8(name)
            .map_err(|e| Error::at(ErrorCode::Malformed, "name", at + 2 + e.valid_up_to(), "not UTF-8"))?;
        close(r, "reply")?;
        Ok(Self {
            cookie: cookie.to_string(),
            protocol_version,
            state: SatisfactoryState {
                name: name.to_string(),
                state,
                changelist,
                flags: flags.to_string(),
                sub_states,
            },
        })
    }
}

impl Input for SatisfactoryRequest {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let r = Self {
            cookie: o.opt("cookie")?.unwrap_or_else(|| "0".into()),
            protocol_version: o.or_else("protocolVersion", || PROTOCOL_VERSION)?,
        };
        o.deny_unknown()?;
        Ok(r)
    }
}

impl Input for SubState {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let s = Self {
            id: o.req("id")?,
            version: o.or_default("version")?,
        };
        o.deny_unknown()?;
        Ok(s)
    }
}

impl SatisfactoryState {
    /// The state's fields from `o`, defaults for those left out.
    pub(super) fn take(o: &mut Obj<'_>) -> Result<Self> {
        Ok(Self {
            name: o.or_default("name")?,
            state: o.or_else("state", || 3)?,
            changelist: o.or_default("changelist")?,
            flags: o.opt("flags")?.unwrap_or_else(|| "0".into()),
            sub_states: o.or_default("subStates")?,
        })
    }
}

impl Input for SatisfactoryState {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let s = Self::take(&mut o)?;
        s.flag_bits()?;
        s.fits()?;
        // A query's raw (`SatisfactoryQueryResult`) serves as it is.
        o.skip(&["stateName", "modded", "protocolVersion", "latencyMs"]);
        o.deny_unknown()?;
        Ok(s)
    }
}

impl Input for SatisfactoryResponse {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let r = Self {
            cookie: o.opt("cookie")?.unwrap_or_else(|| "0".into()),
            protocol_version: o.or_else("protocolVersion", || PROTOCOL_VERSION)?,
            state: SatisfactoryState::take(&mut o)?,
        };
        o.deny_unknown()?;
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_poll_and_a_reply_as_the_document_lays_them_out() {
        let poll = SatisfactoryRequest {
            cookie: 0x0102030405060708u64.to_string(),
            protocol_version: 1,
        };
        let bytes = poll.encode().unwrap();
        assert_eq!(crate::wire::to_hex(&bytes), "d5f60001080706050403020101");
        assert_eq!(SatisfactoryRequest::decode(&bytes).unwrap(), poll);
        let reply = SatisfactoryResponse {
            cookie: "7".into(),
            protocol_version: 1,
            state: SatisfactoryState {
                name: "Ficsit ✓".into(),
                state: 3,
                changelist: 365_306,
                flags: u64::MAX.to_string(),
                sub_states: vec![SubState { id: 0, version: 17 }, SubState { id: 3, version: 5 }],
            },
        };
        let bytes = reply.encode().unwrap();
        assert_eq!(bytes.len(), 4 + 8 + 1 + 4 + 8 + 1 + 6 + 2 + "Ficsit ✓".len() + 1);
        assert_eq!(SatisfactoryResponse::decode(&bytes).unwrap(), reply);
    }

    #[test]
    fn what_is_no_message_of_its_says_so() {
        let code = |b: &[u8]| SatisfactoryResponse::decode(b).unwrap_err().code;
        assert_eq!(code(&[0xd5, 0xf7, 1, 1]), ErrorCode::BadMagic);
        assert_eq!(code(&[0xd5, 0xf6, 0, 1]), ErrorCode::UnexpectedOpcode);
        // 255 sub-states declared, none there.
        let mut head = vec![0xd5, 0xf6, 1, 1];
        head.extend([0; 8 + 1 + 4 + 8]);
        head.push(255);
        let err = SatisfactoryResponse::decode(&head).unwrap_err();
        // A state that would not fit one datagram is refused, not served as silence.
        let big = SatisfactoryState {
            name: "n".repeat(65_000),
            sub_states: vec![SubState::default(); 255],
            flags: "0".into(),
            ..SatisfactoryState::default()
        };
        assert!(big.fits().unwrap_err().message.contains("at most 64713 bytes"));
        assert_eq!((err.code, err.field), (ErrorCode::Truncated, Some("sub-states")));
        // A name longer than what remains.
        let mut long = head[..head.len() - 1].to_vec();
        long.extend([0, 0xff, 0xff, b'a', 1]);
        assert_eq!(code(&long), ErrorCode::BadLength);
        // No terminator.
        let mut open = long[..long.len() - 5].to_vec();
        open.extend([0, 1, 0, b'a', 2]);
        assert_eq!(code(&open), ErrorCode::Malformed);
        assert_eq!(
            SatisfactoryRequest::decode(&[0; 12]).unwrap_err().code,
            ErrorCode::BadLength
        );
    }
}
