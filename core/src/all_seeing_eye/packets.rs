//! The status request and its `EYE1` reply as bytes, borrowed from the datagram.
//!
//! Request: the byte `s`. Reply: `EYE1`, then strings each led by a length byte that
//! counts itself (`01` is the empty string): game, game port, server name, game type, map,
//! version, password (`0`/`1`), players, max players; rules as key/value strings until an
//! empty key; then one entry per player to the end of the datagram: a flags byte (01 name,
//! 02 team, 04 skin, 08 score, 10 ping, 20 time) and a string for each bit set, in that
//! order. Facts from Multi Theft Auto's `Server/mods/deathmatch/logic/ASE.cpp`
//! (mtasa-blue), qstat's `deal_with_eye_packet` and real MTA replies in GameQ's tests.

use crate::error::{Error, ErrorCode, Result};
use crate::wire::Reader;

pub const MAGIC: &[u8; 4] = b"EYE1";
/// The full status request, all anyone sends.
pub const STATUS: u8 = b's';
/// The longest string a length byte that counts itself can carry.
pub const MAX_STRING: usize = 254;
/// Rules and players a reply may hold: a datagram (64 KiB) of the shortest entries is
/// under this many of either.
pub const MAX_RULES: usize = 4096;
pub const MAX_PLAYERS: usize = 4096;
/// The header's strings, in wire order.
pub const HEADER: [&str; 9] = [
    "game",
    "port",
    "name",
    "game type",
    "map",
    "version",
    "password",
    "players",
    "max players",
];
/// The player fields a flags bit selects, bit 0 first.
pub const PLAYER_FIELDS: [&str; 6] = ["player name", "team", "skin", "score", "ping", "time"];
const KNOWN_FLAGS: u8 = 0x3F;

/// A reply, every string as its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply<'a> {
    pub header: [&'a [u8]; 9],
    pub rules: Vec<(&'a [u8], &'a [u8])>,
    pub players: Vec<[Option<&'a [u8]>; 6]>,
    /// What follows a player entry whose flags are 0 (qstat's end of the list): kept, so
    /// that the reply writes back as it came.
    pub trailing: &'a [u8],
}

/// One string: its length byte counts itself.
fn string<'a>(r: &mut Reader<'a>, field: &'static str) -> Result<&'a [u8]> {
    let at = r.offset();
    match r.u8(field)? {
        0 => Err(Error::at(
            ErrorCode::Malformed,
            field,
            at,
            "a length byte of 0 (it counts itself: 1 is the empty string)",
        )),
        len if usize::from(len) - 1 > r.remaining() => Err(Error::at(
            ErrorCode::Truncated,
            field,
            at,
            format!("declared length {}, {} bytes remain", len - 1, r.remaining()),
        )),
        len => r.take(usize::from(len) - 1, field),
    }
}

fn put(out: &mut Vec<u8>, s: &[u8], field: &str) -> Result<()> {
    if s.len() > MAX_STRING {
        return Err(Error::invalid(format!(
            "{field} is {} bytes; a string of All-Seeing Eye holds at most {MAX_STRING}",
            s.len()
        )));
    }
    out.push(s.len() as u8 + 1);
    out.extend_from_slice(s);
    Ok(())
}

impl<'a> Reply<'a> {
    pub fn decode(bytes: &'a [u8]) -> Result<Self> {
        let mut r = Reader::new(bytes);
        if r.array::<4>("magic")? != *MAGIC {
            return Err(Error::at(ErrorCode::BadMagic, "magic", 0, "not an EYE1 reply"));
        }
        let mut header: [&[u8]; 9] = [&[]; 9];
        for (slot, field) in header.iter_mut().zip(HEADER) {
            *slot = string(&mut r, field)?;
        }
        // Rules until an empty key; a reply may also end right after its header.
        let mut rules = Vec::new();
        while !r.is_empty() {
            let at = r.offset();
            let key = string(&mut r, "rule key")?;
            if key.is_empty() {
                break;
            }
            if rules.len() == MAX_RULES {
                return Err(Error::at(
                    ErrorCode::BadLength,
                    "rules",
                    at,
                    format!("over {MAX_RULES}"),
                ));
            }
            rules.push((key, string(&mut r, "rule value")?));
        }
        let mut players = Vec::new();
        while !r.is_empty() {
            let at = r.offset();
            let flags = r.u8("player flags")?;
            if flags == 0 {
                break;
            }
            if flags & !KNOWN_FLAGS != 0 {
                return Err(Error::at(
                    ErrorCode::Malformed,
                    "player flags",
                    at,
                    format!("{flags:#04x} selects fields no game defines"),
                ));
            }
            if players.len() == MAX_PLAYERS {
                return Err(Error::at(
                    ErrorCode::BadLength,
                    "players",
                    at,
                    format!("over {MAX_PLAYERS}"),
                ));
            }
            let mut player = [None; 6];
            for (bit, (slot, field)) in player.iter_mut().zip(PLAYER_FIELDS).enumerate() {
                if flags & 1 << bit != 0 {
                    *slot = Some(string(&mut r, field)?);
                }
            }
            players.push(player);
        }
        Ok(Self {
            header,
            rules,
            players,
            trailing: r.rest(),
        })
    }

    pub fn encode(&self) -> Result<Vec<u8>> {
        let mut out = MAGIC.to_vec();
        for (s, field) in self.header.iter().zip(HEADER) {
            put(&mut out, s, field)?;
        }
        if self.rules.len() > MAX_RULES || self.players.len() > MAX_PLAYERS {
            return Err(Error::invalid(format!(
                "at most {MAX_RULES} rules and {MAX_PLAYERS} players fit a reply"
            )));
        }
        for (k, v) in &self.rules {
            if k.is_empty() {
                return Err(Error::invalid(
                    "a rule's key is empty: the reply would end its rules there",
                ));
            }
            put(&mut out, k, "a rule's key")?;
            put(&mut out, v, "a rule's value")?;
        }
        out.push(1);
        for player in &self.players {
            let flags = player
                .iter()
                .enumerate()
                .fold(0u8, |f, (bit, s)| if s.is_some() { f | 1 << bit } else { f });
            if flags == 0 {
                return Err(Error::invalid(
                    "a player has none of name, team, skin, score, ping, time: the reply would end its players there",
                ));
            }
            out.push(flags);
            for (s, field) in player.iter().zip(PLAYER_FIELDS) {
                if let Some(s) = s {
                    put(&mut out, s, field)?;
                }
            }
        }
        if !self.trailing.is_empty() {
            out.push(0);
            out.extend_from_slice(self.trailing);
        }
        Ok(out)
    }
}

/// The status request: the one byte `s`.
pub fn decode_request(bytes: &[u8]) -> Result<u8> {
    match bytes {
        [c] if c.is_ascii_alphabetic() => Ok(*c),
        [_] => Err(Error::at(ErrorCode::UnexpectedOpcode, "request", 0, "not a letter")),
        _ => Err(Error::at(
            ErrorCode::BadLength,
            "request",
            0,
            format!("a request is one byte, this is {}", bytes.len()),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_reads_and_writes_back() {
        let bytes =
            b"EYE1\x04mta\x0622003\x03gq\x04dm \x01\x041.6\x020\x021\x0332\x02k\x03vv\x01\x19\x04Ann\x0342\x0350";
        let r = Reply::decode(bytes).unwrap();
        assert_eq!(r.header[0], b"mta");
        assert_eq!(r.header[3], b"dm ");
        assert_eq!(r.header[4], b"");
        assert_eq!(r.rules, vec![(&b"k"[..], &b"vv"[..])]);
        assert_eq!(
            r.players,
            vec![[Some(&b"Ann"[..]), None, None, Some(b"42"), Some(b"50"), None]]
        );
        assert_eq!(r.encode().unwrap(), bytes);
    }

    #[test]
    fn broken_replies_name_the_field_and_offset() {
        let e = Reply::decode(b"EYE1\x04mta\x09220").unwrap_err();
        assert_eq!(
            (e.code, e.field, e.offset),
            (ErrorCode::Truncated, Some("port"), Some(8))
        );
        let e = Reply::decode(b"EYE1\x00").unwrap_err();
        assert_eq!(
            (e.code, e.field, e.offset),
            (ErrorCode::Malformed, Some("game"), Some(4))
        );
        let e = Reply::decode(b"EYE2\x01").unwrap_err();
        assert_eq!(e.code, ErrorCode::BadMagic);
        let e = Reply::decode(b"EYE1\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x40\x01").unwrap_err();
        assert_eq!(
            (e.code, e.field, e.offset),
            (ErrorCode::Malformed, Some("player flags"), Some(14))
        );
        assert_eq!(decode_request(b"s").unwrap(), b's');
        assert_eq!(decode_request(b"ss").unwrap_err().code, ErrorCode::BadLength);
    }
}
