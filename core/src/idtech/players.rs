//! A status reply's player lines. Quake 3 and Quake 2: `score ping "name"`; Warsow adds a
//! team after the name (`-9999 8 "^1Crust^0Y" 0`); QuakeWorld: `userid frags time ping
//! "name" "skin" top bottom`. Numbers are signed (spectators score -9999); a name is the
//! bytes between the first quote and the last one on its line (names may hold quotes).

use crate::error::{Error, ErrorCode, Result};

/// Lines at most: the engines allow 64 clients (QuakeWorld 32, some mods 128); a reply
/// with more lines than this is no server's.
pub const MAX_PLAYERS: usize = 1024;

/// One player line, its text fields borrowed from the datagram.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerLine<'a> {
    /// Quake 3 / Quake 2 score; QuakeWorld frags.
    pub score: i64,
    pub ping: i64,
    pub name: &'a [u8],
    /// Warsow's team number after the name; other fields after it, as sent.
    pub team: Option<&'a [u8]>,
    /// QuakeWorld's fields besides score, ping and name.
    pub world: Option<WorldFields<'a>>,
}

/// What a QuakeWorld player line adds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorldFields<'a> {
    pub userid: i64,
    /// Minutes connected.
    pub time: i64,
    pub skin: &'a [u8],
    /// Shirt and pants colours (0–13).
    pub top: i64,
    pub bottom: i64,
}

/// A line's leading integer, then the rest after its spaces.
fn integer<'a>(line: &'a [u8], field: &'static str, at: usize) -> Result<(i64, &'a [u8])> {
    let digits = line
        .iter()
        .enumerate()
        .take_while(|(i, b)| b.is_ascii_digit() || (*i == 0 && **b == b'-'))
        .count();
    let parsed = std::str::from_utf8(&line[..digits]).ok().and_then(|s| s.parse().ok());
    let Some(n) = parsed else {
        return Err(Error::at(ErrorCode::Malformed, field, at, "not a number"));
    };
    let rest = &line[digits..];
    let spaces = rest.iter().take_while(|b| **b == b' ').count();
    Ok((n, &rest[spaces..]))
}

/// A quoted string at the start of `line`: its bytes and the rest after it. `last`: the
/// name runs to the line's last quote (a Quake 3 name may hold quotes); otherwise to the
/// next one (QuakeWorld's name and skin).
fn quoted<'a>(line: &'a [u8], field: &'static str, at: usize, last: bool) -> Result<(&'a [u8], &'a [u8])> {
    let missing = || Error::at(ErrorCode::Malformed, field, at, "no quoted string");
    let inner = line.strip_prefix(b"\"").ok_or_else(missing)?;
    let end = if last {
        inner.iter().rposition(|b| *b == b'"')
    } else {
        inner.iter().position(|b| *b == b'"')
    };
    let end = end.ok_or_else(missing)?;
    let rest = &inner[end + 1..];
    let spaces = rest.iter().take_while(|b| **b == b' ').count();
    Ok((&inner[..end], &rest[spaces..]))
}

impl<'a> PlayerLine<'a> {
    /// A Quake 3 / Quake 2 line (no line end); `at`: its offset in the datagram.
    pub fn parse(line: &'a [u8], at: usize) -> Result<Self> {
        let (score, rest) = integer(line, "player score", at)?;
        let (ping, rest) = integer(rest, "player ping", at + line.len() - rest.len())?;
        let (name, rest) = quoted(rest, "player name", at + line.len() - rest.len(), true)?;
        Ok(Self {
            score,
            ping,
            name,
            team: (!rest.is_empty()).then_some(rest),
            world: None,
        })
    }

    /// A QuakeWorld line.
    pub fn parse_world(line: &'a [u8], at: usize) -> Result<Self> {
        let offset = |rest: &[u8]| at + line.len() - rest.len();
        let (userid, rest) = integer(line, "player userid", at)?;
        let (score, rest) = integer(rest, "player frags", offset(rest))?;
        let (time, rest) = integer(rest, "player time", offset(rest))?;
        let (ping, rest) = integer(rest, "player ping", offset(rest))?;
        let (name, rest) = quoted(rest, "player name", offset(rest), false)?;
        let (skin, rest) = quoted(rest, "player skin", offset(rest), false)?;
        let (top, rest) = integer(rest, "player top colour", offset(rest))?;
        let (bottom, _) = integer(rest, "player bottom colour", offset(rest))?;
        Ok(Self {
            score,
            ping,
            name,
            team: None,
            world: Some(WorldFields {
                userid,
                time,
                skin,
                top,
                bottom,
            }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::PlayerLine;

    #[test]
    fn quake3_warsow_and_quakeworld_lines() {
        let p = PlayerLine::parse(b"-9999 8 \"^1Crust^0Y\" 0", 0).unwrap();
        assert_eq!(
            (p.score, p.ping, p.name, p.team),
            (-9999, 8, &b"^1Crust^0Y"[..], Some(&b"0"[..]))
        );
        let p = PlayerLine::parse(b"3 50 \"say \"hi\"\"", 0).unwrap();
        assert_eq!(p.name, b"say \"hi\"", "a name runs to the last quote");
        assert_eq!(p.team, None);
        let p = PlayerLine::parse_world(b"12 -3 45 80 \"\xe1nger\" \"base\" 4 13", 0).unwrap();
        assert_eq!((p.score, p.ping, p.name), (-3, 80, &b"\xe1nger"[..]));
        let w = p.world.unwrap();
        assert_eq!(
            (w.userid, w.time, w.skin, w.top, w.bottom),
            (12, 45, &b"base"[..], 4, 13)
        );
    }

    #[test]
    fn a_broken_line_names_its_field_and_offset() {
        let e = PlayerLine::parse(b"0 x \"a\"", 100).unwrap_err();
        assert_eq!((e.field, e.offset), (Some("player ping"), Some(102)));
        let e = PlayerLine::parse(b"0 1 a", 100).unwrap_err();
        assert_eq!((e.field, e.offset), (Some("player name"), Some(104)));
        PlayerLine::parse(b"99999999999999999999 1 \"a\"", 0).unwrap_err();
    }
}
