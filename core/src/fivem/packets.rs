//! FXServer's out-of-band datagrams: `FF FF FF FF` + `getinfo` or `getstatus` + a
//! challenge, and the `infoResponse` / `statusResponse` replies (Quake 3's framing and
//! infostrings, `crate::idtech`'s readers). What FXServer does differently, from its
//! `GetInfoOutOfBand.h` / `GetStatusOutOfBand.h`: a request whose data after the command
//! is over 8 bytes is dropped, so a challenge is at most 8 bytes and nothing ends it (the
//! data is echoed up to a space or line end, a NUL included); `statusResponse` (off unless
//! `sv_enableGetStatus`) puts the player lines between `sv_maxclients`/`clients` and the
//! other settings. Everything is UTF-8.

use serde::Serialize;

use crate::error::{Error, ErrorCode, Result};
use crate::idtech::Info;
use crate::idtech::PlayerLine;
use crate::idtech::OOB;
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::values::RuleList;

/// The data after the command FXServer reads at most; longer requests it drops unanswered.
pub const MAX_DATA: usize = 8;

/// `{ command: 'getinfo', challenge: 'abc' }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "FivemRequest"))]
pub struct FivemRequest {
    #[cfg_attr(feature = "ts", ts(type = "'getinfo' | 'getstatus'"))]
    pub command: String,
    /// Echoed in the reply's infostring (`challenge`); at most 8 bytes.
    pub challenge: String,
}

impl FivemRequest {
    pub fn encode(&self) -> Result<Vec<u8>> {
        if !matches!(self.command.as_str(), "getinfo" | "getstatus") {
            return Err(Error::invalid(format!(
                "command must be 'getinfo' or 'getstatus', not {}",
                crate::error::quoted(&self.command)
            )));
        }
        let c = self.challenge.as_bytes();
        if c.len() > MAX_DATA || c.iter().any(|b| matches!(b, b' ' | b'\n' | b'\\' | 0)) {
            return Err(Error::invalid(format!(
                "a FiveM challenge is at most {MAX_DATA} bytes (FXServer drops longer requests), without spaces, backslashes or line ends"
            )));
        }
        let mut out = OOB.to_vec();
        out.extend_from_slice(self.command.as_bytes());
        out.push(b' ');
        out.extend_from_slice(c);
        Ok(out)
    }

    /// A request as FXServer reads it: the command up to a space or line end, the data
    /// after it (over 8 bytes: dropped), the challenge the data up to a space or line end.
    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let (command, challenge) = read_request(bytes)?;
        Ok(Self {
            command: command.to_string(),
            challenge: String::from_utf8_lossy(challenge).into_owned(),
        })
    }
}

/// The command and the challenge's bytes, as a responder echoes them.
pub fn read_request(bytes: &[u8]) -> Result<(&'static str, &[u8])> {
    let body = bytes
        .strip_prefix(&OOB)
        .ok_or_else(|| Error::at(ErrorCode::BadMagic, "out-of-band marker", 0, "not FF FF FF FF"))?;
    let end = body
        .iter()
        .position(|b| matches!(b, b' ' | b'\n'))
        .unwrap_or(body.len());
    let command = match &body[..end] {
        b"getinfo" => "getinfo",
        b"getstatus" => "getstatus",
        _ => {
            return Err(Error::at(
                ErrorCode::UnexpectedOpcode,
                "command",
                OOB.len(),
                "not getinfo or getstatus",
            ))
        }
    };
    let data = body.get(end + 1..).unwrap_or_default();
    if data.len() > MAX_DATA {
        return Err(Error::at(
            ErrorCode::BadLength,
            "challenge",
            OOB.len() + end + 1,
            format!("over {MAX_DATA} bytes: FXServer drops such a request"),
        ));
    }
    let challenge = &data[..data
        .iter()
        .position(|b| matches!(b, b' ' | b'\n'))
        .unwrap_or(data.len())];
    Ok((command, challenge))
}

/// One line of a `statusResponse`: FXServer writes `0 <ping> "name"`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "FivemStatusPlayer"))]
pub struct FivemStatusPlayer {
    pub name: String,
    pub score: i32,
    pub ping: i32,
}

/// A reply: its kind, the infostring's pairs (a `statusResponse`'s both runs, in order) and
/// a `statusResponse`'s players.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "FivemResponse"))]
pub struct FivemResponse {
    #[cfg_attr(feature = "ts", ts(type = "'infoResponse' | 'statusResponse'"))]
    pub kind: String,
    pub info: RuleList,
    pub players: Vec<FivemStatusPlayer>,
}

/// Pairs a `statusResponse` puts before its players; the other settings come after them.
const BEFORE_PLAYERS: [&str; 2] = ["sv_maxclients", "clients"];

impl FivemResponse {
    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let body = bytes
            .strip_prefix(&OOB)
            .ok_or_else(|| Error::at(ErrorCode::BadMagic, "out-of-band marker", 0, "not FF FF FF FF"))?;
        let (kind, line) = if body.starts_with(b"infoResponse\n") {
            ("infoResponse", "infoResponse\n".len())
        } else if body.starts_with(b"statusResponse\n") {
            ("statusResponse", "statusResponse\n".len())
        } else {
            return Err(Error::at(
                ErrorCode::UnexpectedOpcode,
                "command",
                OOB.len(),
                "not an infoResponse or statusResponse",
            ));
        };
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        let mut info = Vec::new();
        let mut players = Vec::new();
        let mut at = OOB.len() + line;
        for (n, l) in body[line..].split(|b| *b == b'\n').enumerate() {
            let line_at = at;
            at += l.len() + 1;
            if l.is_empty() {
                continue;
            }
            // The first line, and in a `statusResponse` the settings after the players.
            if n == 0 || l.starts_with(b"\\") {
                let pairs = Info::parse(l, line_at)?.pairs;
                if info.len() + pairs.len() > crate::idtech::MAX_PAIRS {
                    return Err(Error::at(ErrorCode::BadLength, "infostring", line_at, "too many pairs"));
                }
                info.extend(pairs.into_iter().map(|(k, v)| (text(k), text(v))));
                continue;
            }
            if kind == "infoResponse" {
                return Err(Error::at(
                    ErrorCode::TrailingBytes,
                    "infoResponse",
                    line_at,
                    "lines after the infostring",
                ));
            }
            if players.len() == crate::idtech::MAX_PLAYERS {
                return Err(Error::at(ErrorCode::BadLength, "players", line_at, "too many lines"));
            }
            let p = PlayerLine::parse(l.strip_suffix(b"\r").unwrap_or(l), line_at)?;
            players.push(FivemStatusPlayer {
                name: text(p.name),
                score: p.score.clamp(i32::MIN.into(), i32::MAX.into()) as i32,
                ping: p.ping.clamp(i32::MIN.into(), i32::MAX.into()) as i32,
            });
        }
        Ok(Self {
            kind: kind.to_string(),
            info: RuleList(info),
            players,
        })
    }

    /// The datagram, as FXServer writes it: no line end after an `infoResponse`; a
    /// `statusResponse`'s counts, its players, then its other settings.
    pub fn encode(&self) -> Result<Vec<u8>> {
        let pairs = |keep: &dyn Fn(&str) -> bool| -> Vec<(&[u8], &[u8])> {
            self.info
                .0
                .iter()
                .filter(|(k, _)| keep(k))
                .map(|(k, v)| (k.as_bytes(), v.as_bytes()))
                .collect()
        };
        let mut out = OOB.to_vec();
        match self.kind.as_str() {
            "infoResponse" => {
                out.extend_from_slice(b"infoResponse\n");
                Info::encode(&pairs(&|_| true), &mut out)?;
            }
            "statusResponse" => {
                out.extend_from_slice(b"statusResponse\n");
                Info::encode(&pairs(&|k| BEFORE_PLAYERS.contains(&k)), &mut out)?;
                out.push(b'\n');
                for p in &self.players {
                    if p.name.contains(['\n', '"', '\0']) {
                        return Err(Error::invalid("a player name cannot hold a line end or a quote"));
                    }
                    out.extend_from_slice(format!("{} {} \"{}\"\n", p.score, p.ping, p.name).as_bytes());
                }
                let rest = pairs(&|k| !BEFORE_PLAYERS.contains(&k));
                if !rest.is_empty() {
                    Info::encode(&rest, &mut out)?;
                    out.push(b'\n');
                }
            }
            _ => return Err(Error::invalid("kind must be 'infoResponse' or 'statusResponse'")),
        }
        Ok(out)
    }
}

impl Input for FivemRequest {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let request = Self {
            command: o.req("command")?,
            challenge: o.opt("challenge")?.unwrap_or_default(),
        };
        o.deny_unknown()?;
        Ok(request)
    }
}

impl Input for FivemResponse {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let response = Self {
            kind: o.req("kind")?,
            info: o.or_default("info")?,
            players: o.or_default("players")?,
        };
        o.deny_unknown()?;
        Ok(response)
    }
}

impl Input for FivemStatusPlayer {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let player = Self {
            name: o.req("name")?,
            score: o.opt("score")?.unwrap_or(0),
            ping: o.opt("ping")?.unwrap_or(0),
        };
        o.deny_unknown()?;
        Ok(player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// GameQ's captures of real FiveM servers' `getinfo` replies (Austinb/GameQ@93e9ec38,
    /// tests/Protocols/Providers/Gta5m/1_response.txt and 2_response.txt), challenge `xxx`.
    const GAMEQ_GTA5M_1: &[u8] = b"\xff\xff\xff\xffinfoResponse\n\\sv_maxclients\\30\\clients\\4\\challenge\\xxx\\gamename\\CitizenFX\\protocol\\4\\hostname\\State of Union RP | State Wide RP | Civilian Jobs | ServerHostedMenu | Robbery's! | Now Hiring!\\gametype\\Freeroam\\mapname\\fivem-map-skater\\iv\\173148099";
    const GAMEQ_GTA5M_2: &[u8] = b"\xff\xff\xff\xffinfoResponse\n\\sv_maxclients\\30\\clients\\0\\challenge\\xxx\\gamename\\CitizenFX\\protocol\\4\\hostname\\LIGHT 'EM UP ROLEPLAY\\gametype\\Freeroam\\mapname\\fivem-map-skater\\iv\\1194941742";

    #[test]
    fn real_info_responses_read_whole_and_write_back() {
        let r = FivemResponse::decode(GAMEQ_GTA5M_1).unwrap();
        assert_eq!(r.kind, "infoResponse");
        assert_eq!(r.info.0.len(), 9);
        assert_eq!(r.info.get("clients"), Some("4"));
        assert_eq!(r.info.get("iv"), Some("173148099"));
        assert_eq!(r.info.get("mapname"), Some("fivem-map-skater"));
        assert!(r.info.get("hostname").unwrap().ends_with("Robbery's! | Now Hiring!"));
        assert_eq!(r.encode().unwrap(), GAMEQ_GTA5M_1);
        let r = FivemResponse::decode(GAMEQ_GTA5M_2).unwrap();
        assert_eq!(r.info.get("hostname"), Some("LIGHT 'EM UP ROLEPLAY"));
        assert_eq!(r.encode().unwrap(), GAMEQ_GTA5M_2);
    }

    #[test]
    fn a_status_response_has_its_settings_after_its_players() {
        let bytes = b"\xff\xff\xff\xffstatusResponse\n\\sv_maxclients\\48\\clients\\2\n0 31 \"Ana \xf0\x9f\x9a\x93\"\n0 70 \"Bo\"\n\\gamename\\gta5\\sv_projectName\\City\n";
        let r = FivemResponse::decode(bytes).unwrap();
        assert_eq!(r.players.len(), 2);
        assert_eq!((r.players[0].name.as_str(), r.players[0].ping), ("Ana 🚓", 31));
        assert_eq!(r.info.get("sv_projectName"), Some("City"));
        assert_eq!(r.encode().unwrap(), bytes.to_vec());
    }

    #[test]
    fn requests_as_fxserver_reads_them() {
        let r = FivemRequest {
            command: "getinfo".into(),
            challenge: "a1b2c3d4".into(),
        };
        assert_eq!(r.encode().unwrap(), b"\xff\xff\xff\xffgetinfo a1b2c3d4");
        assert_eq!(FivemRequest::decode(&r.encode().unwrap()).unwrap(), r);
        // gamedig's NUL is part of the data, so part of the echo.
        assert_eq!(read_request(b"\xff\xff\xff\xffgetinfo xxx\0").unwrap().1, b"xxx\0");
        let e = read_request(b"\xff\xff\xff\xffgetinfo 123456789").unwrap_err();
        assert_eq!(
            (e.code, e.field, e.offset),
            (ErrorCode::BadLength, Some("challenge"), Some(12))
        );
        FivemRequest {
            command: "getinfo".into(),
            challenge: "123456789".into(),
        }
        .encode()
        .unwrap_err();
    }
}
