//! GameSpy 2's request and reply as bytes, borrowed.
//!
//! Request: `FE FD 00`, a 4-byte id, then three bytes turning the sections on (`FF`) or
//! off (`00`): the server's settings, the players, the teams. Reply: `00`, the id echoed,
//! then each section asked for — the settings as NUL-ended key/value strings until an
//! empty key; each table as `00`, a count byte, NUL-ended field names (`player_`,
//! `score_` … `team_t`, `score_t`) until an empty one, then count rows of one string per
//! field. America's Army leaves the count byte out. Facts from qstat's `gs2.c`, gamedig's
//! `gamespy2.js` and real Halo, SWAT 4, Hidden & Dangerous 2 and ArmA replies in GameQ's
//! tests.

use crate::error::{Error, ErrorCode, Result};
use crate::wire::Reader;

pub const MAGIC: [u8; 3] = [0xFE, 0xFD, 0x00];
/// Settings, fields and rows a reply may hold (a 64 KiB datagram of the shortest is under).
pub const MAX_PAIRS: usize = 16_384;
pub const MAX_FIELDS: usize = 64;
pub const MAX_ROWS: usize = 1024;

/// The sections asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sections {
    pub server: bool,
    pub players: bool,
    pub teams: bool,
}

impl Sections {
    pub const ALL: Self = Self {
        server: true,
        players: true,
        teams: true,
    };
}

pub fn encode_request(id: u32, s: Sections) -> Vec<u8> {
    let flag = |on: bool| if on { 0xFF } else { 0x00 };
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&id.to_be_bytes());
    out.extend_from_slice(&[flag(s.server), flag(s.players), flag(s.teams)]);
    out
}

pub fn decode_request(bytes: &[u8]) -> Result<(u32, Sections)> {
    let mut r = Reader::new(bytes);
    if r.array::<3>("magic")? != MAGIC {
        return Err(Error::at(ErrorCode::BadMagic, "magic", 0, "not FE FD 00"));
    }
    let id = r.u32_be("id")?;
    let flags = r.array::<3>("sections")?;
    r.expect_end("request")?;
    let on = |b: u8| b != 0;
    Ok((
        id,
        Sections {
            server: on(flags[0]),
            players: on(flags[1]),
            teams: on(flags[2]),
        },
    ))
}

/// A table: its field names and rows (one value per field).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Table<'a> {
    pub fields: Vec<&'a [u8]>,
    pub rows: Vec<Vec<&'a [u8]>>,
    /// Whether its count byte was sent (America's Army leaves it out).
    pub counted: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply<'a> {
    pub id: u32,
    pub server: Option<Vec<(&'a [u8], &'a [u8])>>,
    pub players: Option<Table<'a>>,
    pub teams: Option<Table<'a>>,
}

/// A table read with `count` rows (`None`: to the section's end).
fn rows<'a>(r: &mut Reader<'a>, count: Option<usize>) -> Result<Table<'a>> {
    let mut fields = Vec::new();
    loop {
        let at = r.offset();
        let field = r.cstr("field name")?;
        if field.is_empty() {
            break;
        }
        if fields.len() == MAX_FIELDS {
            return Err(Error::at(
                ErrorCode::BadLength,
                "fields",
                at,
                format!("over {MAX_FIELDS}"),
            ));
        }
        fields.push(field);
    }
    let mut rows = Vec::new();
    let more = |r: &Reader<'_>, rows: &Vec<Vec<&[u8]>>| match count {
        Some(n) => rows.len() < n,
        // Uncounted: rows until the section's end (the next table's `00`, or the datagram's).
        None => !fields.is_empty() && r.peek().first().is_some_and(|b| *b != 0),
    };
    while more(r, &rows) {
        if rows.len() == MAX_ROWS {
            return Err(Error::at(
                ErrorCode::BadLength,
                "rows",
                r.offset(),
                format!("over {MAX_ROWS}"),
            ));
        }
        // A row's last value may end with the datagram, unterminated (Battlefield Vietnam
        // 1.21 ends its players and teams so; gamedig and qstat read it): only there, and
        // only the bytes that are left.
        let last = fields.len() - 1;
        let value = |r: &mut Reader<'a>, i: usize| {
            let left = r.peek();
            if i == last && !left.is_empty() && !left.contains(&0) {
                Ok(r.rest())
            } else {
                r.cstr("value")
            }
        };
        let row = (0..fields.len()).map(|i| value(r, i)).collect::<Result<Vec<_>>>()?;
        rows.push(row);
    }
    Ok(Table {
        fields,
        rows,
        counted: count.is_some(),
    })
}

fn table<'a>(r: &mut Reader<'a>, name: &'static str) -> Result<Table<'a>> {
    let at = r.offset();
    if r.u8(name)? != 0 {
        return Err(Error::at(ErrorCode::Malformed, name, at, "a table starts with 00"));
    }
    // The count byte, unless America's Army left it out: a reading with it that ends where
    // a section may (the next table's 00, or the datagram's end) is the table; else the
    // byte was a field name's first letter.
    let count = usize::from(*r.peek().first().unwrap_or(&0));
    let mut counted = r.clone();
    counted.u8(name)?;
    match rows(&mut counted, Some(count)) {
        Ok(t) if counted.peek().first().is_none_or(|b| *b == 0) => {
            *r = counted;
            Ok(t)
        }
        Err(e) if count <= 64 => Err(e),
        _ if count <= 64 => Err(Error::at(ErrorCode::Malformed, name, at, "rows past the table's count")),
        _ => rows(r, None),
    }
}

impl<'a> Reply<'a> {
    /// The sections are told from the bytes: settings when the first byte after the id is
    /// no `00`; then a table of players and one of teams, as far as the datagram goes (one
    /// table alone is the teams' when its fields all end in `_t`).
    pub fn decode(bytes: &'a [u8]) -> Result<Self> {
        let mut r = Reader::new(bytes);
        if r.u8("header")? != 0 {
            return Err(Error::at(ErrorCode::BadMagic, "header", 0, "not 00"));
        }
        let id = r.u32_be("id")?;
        let mut server = None;
        if r.peek().first().is_some_and(|b| *b != 0) {
            let mut pairs = Vec::new();
            loop {
                let at = r.offset();
                let key = r.cstr("key")?;
                if key.is_empty() {
                    break;
                }
                if pairs.len() == MAX_PAIRS {
                    return Err(Error::at(
                        ErrorCode::BadLength,
                        "settings",
                        at,
                        format!("over {MAX_PAIRS}"),
                    ));
                }
                pairs.push((key, r.cstr("value")?));
            }
            server = Some(pairs);
        }
        let mut tables = Vec::new();
        while !r.is_empty() && tables.len() < 2 {
            tables.push(table(&mut r, if tables.is_empty() { "players" } else { "teams" })?);
        }
        r.expect_end("reply")?;
        let mut tables = tables.into_iter();
        let (mut players, mut teams) = (tables.next(), tables.next());
        if teams.is_none()
            && players
                .as_ref()
                .is_some_and(|t| !t.fields.is_empty() && t.fields.iter().all(|f| f.ends_with(b"_t")))
        {
            teams = players.take();
        }
        Ok(Self {
            id,
            server,
            players,
            teams,
        })
    }

    pub fn encode(&self) -> Result<Vec<u8>> {
        let mut out = vec![0];
        out.extend_from_slice(&self.id.to_be_bytes());
        let put = crate::gamespy::put_cstr;
        if let Some(pairs) = &self.server {
            if pairs.is_empty() {
                return Err(Error::invalid(
                    "a settings section without settings reads back as none: leave it out",
                ));
            }
            for (k, v) in pairs {
                if k.is_empty() {
                    return Err(Error::invalid("a setting's key is empty: the settings would end there"));
                }
                put(&mut out, k, "a key")?;
                put(&mut out, v, "a value")?;
            }
            out.push(0);
        }
        for t in [&self.players, &self.teams].into_iter().flatten() {
            if t.rows.len() > 255 || t.fields.len() > MAX_FIELDS || t.fields.iter().any(|f| f.is_empty()) {
                return Err(Error::invalid(
                    "a table has at most 255 rows, 64 fields, none of them unnamed",
                ));
            }
            out.push(0);
            if t.counted {
                out.push(t.rows.len() as u8);
            } else if t.fields.first().and_then(|f| f.first()).is_none_or(|b| *b <= 64) {
                return Err(Error::invalid(
                    "a table without its count byte needs a first field name starting with a letter",
                ));
            }
            for f in &t.fields {
                put(&mut out, f, "a field name")?;
            }
            out.push(0);
            for row in &t.rows {
                if row.len() != t.fields.len() {
                    return Err(Error::invalid("a row has one value per field"));
                }
                for v in row {
                    put(&mut out, v, "a value")?;
                }
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_combined_reply_reads_and_writes_back() {
        let bytes = b"\x00\x00\x00\x00\x07hostname\x00X\x00\x00\x00\x02player_\x00score_\x00\x00A\x001\x00B\x002\x00\x00\x01team_t\x00\x00Red\x00";
        let r = Reply::decode(bytes).unwrap();
        assert_eq!(r.id, 7);
        assert_eq!(r.server.as_ref().unwrap()[0], (&b"hostname"[..], &b"X"[..]));
        assert_eq!(r.players.as_ref().unwrap().rows[1], vec![&b"B"[..], b"2"]);
        assert_eq!(r.teams.as_ref().unwrap().rows, vec![vec![&b"Red"[..]]]);
        assert_eq!(r.encode().unwrap(), bytes);
        let request = encode_request(7, Sections::ALL);
        assert_eq!(request, b"\xfe\xfd\x00\x00\x00\x00\x07\xff\xff\xff");
        assert_eq!(decode_request(&request).unwrap(), (7, Sections::ALL));
    }

    #[test]
    fn americas_army_without_a_count_byte() {
        let bytes = b"\x00\x00\x00\x00\x01\x00player_\x00ping_\x00\x00Ann\x0040\x00Bo\x0050\x00";
        let r = Reply::decode(bytes).unwrap();
        let t = r.players.as_ref().unwrap();
        assert!(!t.counted);
        assert_eq!(t.rows.len(), 2);
        assert_eq!(r.encode().unwrap(), bytes);
    }

    #[test]
    fn a_last_value_ended_by_the_datagram() {
        // Battlefield Vietnam 1.21's players and teams: no NUL after the last team's score.
        let bytes = b"\x00\x00\x00\x00\x07\x00\x02player_\x00score_\x00\x00A\x001\x00B\x002\x00\x00\x02team_t\x00score_t\x00\x00Red\x005\x00Blue\x007";
        let r = Reply::decode(bytes).unwrap();
        assert_eq!(r.players.as_ref().unwrap().rows.len(), 2);
        assert_eq!(r.teams.as_ref().unwrap().rows[1], vec![&b"Blue"[..], b"7"]);
        // Written back whole, with its NUL.
        assert_eq!(r.encode().unwrap(), [&bytes[..], b"\x00"].concat());
        // Mid-row, a missing NUL is still a cut reply: the datagram ends a row's last value only.
        let cut = b"\x00\x00\x00\x00\x07\x00\x01player_\x00score_\x00\x00A";
        let e = Reply::decode(cut).unwrap_err();
        assert_eq!((e.code, e.field), (ErrorCode::Truncated, Some("value")));
    }

    #[test]
    fn broken_replies_name_the_field() {
        let e = Reply::decode(b"\x00\x00\x00\x00\x01\x00\x05player_\x00\x00A\x00").unwrap_err();
        assert_eq!((e.code, e.field), (ErrorCode::Truncated, Some("value")));
        let e = Reply::decode(b"\x01\x00\x00\x00\x01").unwrap_err();
        assert_eq!(e.code, ErrorCode::BadMagic);
    }
}
