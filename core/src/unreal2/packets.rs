//! Unreal Engine 2's server query as bytes (UT2003/2004, Killing Floor, Red Orchestra).
//!
//! Request: a 4-byte little-endian header (`79 00 00 00`, UT2003 retail; any is answered)
//! and a command: 0 server info, 1 rules, 2 players, 3 rules and players. Each reply
//! datagram: a 4-byte header (the engine's version: `80` UT2004, `79` UT2003 …) and the
//! command, then — info: u32 server id, the IP, u32 game port, u32 query port, name, map,
//! game type, u32 players, u32 max players, then bytes the games differ in (ping, flags,
//! skill; Killing Floor's waves first); rules: key/value strings to the datagram's end;
//! players: u32 number, name, u32 ping, i32 score, u32 stats id (team bits 29 and 30), to
//! the end. Rules and players come in as many datagrams as they fill, with no count and
//! no end mark. Strings: a length byte, then Latin-1 ending in a NUL, or with bit 7 set
//! (length & 127) UTF-16LE units ending in a NUL unit. Facts from `ServerQueryClient.uc`,
//! qstat's `deal_with_ut2003_packet`, gamedig's `unreal2.js` and real UT2004 and Killing
//! Floor replies in GameQ's tests.

use crate::error::{Error, ErrorCode, Result};
use crate::wire::Reader;

pub const INFO: u8 = 0;
pub const RULES: u8 = 1;
pub const PLAYERS: u8 = 2;
pub const RULES_AND_PLAYERS: u8 = 3;
/// UT2003 retail's header, what gamedig and GameQ send.
pub const REQUEST_VERSION: u32 = 0x79;
/// UT2004 retail's, our responder's.
pub const REPLY_VERSION: u32 = 0x80;
/// Rules and players one datagram may hold (a 64 KiB datagram of the shortest is under).
pub const MAX_ENTRIES: usize = 8192;

/// One string: Latin-1 (read to its NUL: Killing Floor's length byte for its long names
/// is wrong, as GameQ and gamedig found) or UTF-16LE.
pub fn string(r: &mut Reader<'_>, field: &'static str) -> Result<String> {
    let at = r.offset();
    let len = r.u8(field)?;
    if len == 0 {
        return Ok(String::new());
    }
    if len & 0x80 == 0 {
        let bytes = r.cstr(field)?;
        return Ok(bytes.iter().map(|&b| char::from(b)).collect());
    }
    // Some engines put a stray 01 after a wide string's length, which gamedig skips; `01 04`
    // is no stray but `Ё`, the one common letter whose unit starts 01.
    let units = usize::from(len & 0x7F);
    if units > 0 && r.peek().first() == Some(&1) && r.peek().get(1) != Some(&4) {
        r.u8(field)?;
    }
    if units * 2 > r.remaining() {
        return Err(Error::at(
            ErrorCode::Truncated,
            field,
            at,
            format!("declared {units} UTF-16 units, {} bytes remain", r.remaining()),
        ));
    }
    let bytes = r.take(units * 2, field)?;
    let wide: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    let text = String::from_utf16_lossy(&wide);
    Ok(text.strip_suffix('\0').unwrap_or(&text).to_string())
}

/// `text` as a string: Latin-1 where it fits, else UTF-16; Latin-1 text longer than a
/// length byte counts is written whole after 127, as Killing Floor writes its names.
pub fn put_string(out: &mut Vec<u8>, text: &str) -> Result<()> {
    if text.contains('\0') {
        return Err(Error::invalid("a string holds a NUL, Unreal's terminator"));
    }
    if text.is_empty() {
        out.push(0);
    } else if text.chars().all(|c| u32::from(c) <= 0xFF) {
        out.push(u8::try_from(text.chars().count() + 1).unwrap_or(127).min(127));
        out.extend(text.chars().map(|c| c as u8));
        out.push(0);
    } else {
        let wide: Vec<u16> = text.encode_utf16().chain([0]).collect();
        if wide.len() > 127 {
            return Err(Error::invalid(format!(
                "{} is over 126 UTF-16 units: no Unreal string holds it",
                crate::error::quoted(text)
            )));
        }
        out.push(0x80 | wide.len() as u8);
        // A first unit whose low byte is 01 (`ā`, `丁`, not `Ё`) would be taken for the stray
        // 01 readers skip: write one, so that they skip it and not the letter.
        if wide[0] & 0xFF == 1 && wide[0] != 0x0401 {
            out.push(1);
        }
        out.extend(wide.iter().flat_map(|u| u.to_le_bytes()));
    }
    Ok(())
}

/// The server's info.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Info {
    pub server_id: u32,
    pub ip: String,
    pub port: u32,
    pub query_port: u32,
    pub name: String,
    pub map: String,
    pub game_type: String,
    pub num_players: u32,
    pub max_players: u32,
    /// What follows, which the games lay out differently.
    pub extra: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Player {
    pub id: u32,
    pub name: String,
    pub ping: u32,
    pub score: i32,
    pub stats_id: u32,
}

/// One reply datagram.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Body {
    Info(Info),
    Rules(Vec<(String, String)>),
    Players(Vec<Player>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Datagram {
    pub version: u32,
    pub body: Body,
}

fn entries<T>(r: &mut Reader<'_>, mut one: impl FnMut(&mut Reader<'_>) -> Result<T>) -> Result<Vec<T>> {
    let mut out = Vec::new();
    while !r.is_empty() {
        if out.len() == MAX_ENTRIES {
            return Err(Error::at(
                ErrorCode::BadLength,
                "entries",
                r.offset(),
                format!("over {MAX_ENTRIES}"),
            ));
        }
        out.push(one(r)?);
    }
    Ok(out)
}

impl Datagram {
    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let mut r = Reader::new(bytes);
        let version = r.u32_le("header")?;
        if !(0x77..=0x80).contains(&version) {
            return Err(Error::at(
                ErrorCode::BadMagic,
                "header",
                0,
                format!("{version:#x} is no Unreal 2 version"),
            ));
        }
        let body = match r.u8("command")? {
            INFO => Body::Info(Info {
                server_id: r.u32_le("server id")?,
                ip: string(&mut r, "ip")?,
                port: r.u32_le("port")?,
                query_port: r.u32_le("query port")?,
                name: string(&mut r, "name")?,
                map: string(&mut r, "map")?,
                game_type: string(&mut r, "game type")?,
                num_players: r.u32_le("players")?,
                max_players: r.u32_le("max players")?,
                extra: r.rest().to_vec(),
            }),
            RULES => Body::Rules(entries(&mut r, |r| {
                Ok((string(r, "rule key")?, string(r, "rule value")?))
            })?),
            PLAYERS => Body::Players(entries(&mut r, |r| {
                Ok(Player {
                    id: r.u32_le("player number")?,
                    name: string(r, "player name")?,
                    ping: r.u32_le("ping")?,
                    score: r.i32_le("score")?,
                    stats_id: r.u32_le("stats id")?,
                })
            })?),
            other => {
                return Err(Error::at(
                    ErrorCode::UnexpectedOpcode,
                    "command",
                    4,
                    format!("{other} is no reply's"),
                ));
            }
        };
        Ok(Self { version, body })
    }

    pub fn encode(&self) -> Result<Vec<u8>> {
        let mut out = self.version.to_le_bytes().to_vec();
        match &self.body {
            Body::Info(i) => {
                out.push(INFO);
                out.extend_from_slice(&i.server_id.to_le_bytes());
                put_string(&mut out, &i.ip)?;
                out.extend_from_slice(&i.port.to_le_bytes());
                out.extend_from_slice(&i.query_port.to_le_bytes());
                for s in [&i.name, &i.map, &i.game_type] {
                    put_string(&mut out, s)?;
                }
                out.extend_from_slice(&i.num_players.to_le_bytes());
                out.extend_from_slice(&i.max_players.to_le_bytes());
                out.extend_from_slice(&i.extra);
            }
            Body::Rules(rules) => {
                out.push(RULES);
                for (k, v) in rules {
                    put_string(&mut out, k)?;
                    put_string(&mut out, v)?;
                }
            }
            Body::Players(players) => {
                out.push(PLAYERS);
                for p in players {
                    out.extend_from_slice(&p.id.to_le_bytes());
                    put_string(&mut out, &p.name)?;
                    out.extend_from_slice(&p.ping.to_le_bytes());
                    out.extend_from_slice(&p.score.to_le_bytes());
                    out.extend_from_slice(&p.stats_id.to_le_bytes());
                }
            }
        }
        Ok(out)
    }
}

pub fn encode_request(version: u32, command: u8) -> Vec<u8> {
    let mut out = version.to_le_bytes().to_vec();
    out.push(command);
    out
}

pub fn decode_request(bytes: &[u8]) -> Result<(u32, u8)> {
    let mut r = Reader::new(bytes);
    let version = r.u32_le("header")?;
    let command = r.u8("command")?;
    r.expect_end("request")?;
    if command > RULES_AND_PLAYERS {
        return Err(Error::at(
            ErrorCode::UnexpectedOpcode,
            "command",
            4,
            format!("{command} is none of 0 to 3"),
        ));
    }
    Ok((version, command))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_latin1_and_wide_and_the_stray_01() {
        let mut out = Vec::new();
        put_string(&mut out, "Café").unwrap();
        put_string(&mut out, "Привет").unwrap();
        put_string(&mut out, "").unwrap();
        assert_eq!(&out[..6], b"\x05Caf\xe9\0");
        let mut r = Reader::new(&out);
        assert_eq!(string(&mut r, "a").unwrap(), "Café");
        assert_eq!(string(&mut r, "b").unwrap(), "Привет");
        assert_eq!(string(&mut r, "c").unwrap(), "");
        let stray = b"\x82\x01A\x00\x00\x00";
        assert_eq!(string(&mut Reader::new(stray), "d").unwrap(), "A");
        for text in ["Ёлка", "āба", "丁目"] {
            let mut out = Vec::new();
            put_string(&mut out, text).unwrap();
            assert_eq!(string(&mut Reader::new(&out), "e").unwrap(), text);
        }
        let e = string(&mut Reader::new(b"\x90A\x00"), "name").unwrap_err();
        assert_eq!(
            (e.code, e.field, e.offset),
            (ErrorCode::Truncated, Some("name"), Some(0))
        );
    }
}
