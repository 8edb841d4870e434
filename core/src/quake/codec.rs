//! Requests and replies as JavaScript sees them (`encodeRequest('quake3', …)`,
//! `decodeResponse`): owned, their strings decoded, and back.

use serde::Serialize;

use super::packets::{Command, Reply, ReplyKind, Request};
use super::state::QuakePlayer;
use super::unified::decode_reply;
use crate::error::{Error, Result};
use crate::idtech::{PlayerLine, WorldFields};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::text::{resolve_writable_label, EncodingOptions, TextEncoding};
use crate::values::RuleList;

/// `{ command: 'getstatus', challenge: 'abc' }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "QuakeRequest"))]
pub struct QuakeRequest {
    /// `getstatus` and `getinfo` (Quake 3), `status` (Quake 2, QuakeWorld).
    #[cfg_attr(feature = "ts", ts(type = "'getstatus' | 'getinfo' | 'status'"))]
    pub command: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub challenge: Option<String>,
}

impl QuakeRequest {
    pub fn encode(&self) -> Result<Vec<u8>> {
        let command = match self.command.as_str() {
            "getstatus" => Command::GetStatus,
            "getinfo" => Command::GetInfo,
            "status" => Command::Status,
            other => {
                return Err(Error::invalid(format!(
                    "command must be 'getstatus', 'getinfo' or 'status', not {}",
                    crate::error::quoted(other)
                )))
            }
        };
        let challenge = self.challenge.as_deref().map(str::as_bytes);
        Request { command, challenge }.encode()
    }

    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let request = Request::decode(bytes)?;
        Ok(Self {
            command: request.command.name().to_string(),
            challenge: request.challenge.map(|c| String::from_utf8_lossy(c).into_owned()),
        })
    }
}

impl Input for QuakeRequest {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let request = Self {
            command: o.req("command")?,
            challenge: o.opt("challenge")?,
        };
        o.deny_unknown()?;
        Ok(request)
    }
}

/// A reply: its kind, the infostring, the players, and the encoding its text was read
/// with (and is written with).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "QuakeResponse"))]
pub struct QuakeResponse {
    /// Quake 3 `statusResponse` / `infoResponse`, Quake 2 `print`, QuakeWorld `n`.
    #[cfg_attr(feature = "ts", ts(type = "'statusResponse' | 'infoResponse' | 'print' | 'n'"))]
    pub kind: String,
    pub info: RuleList,
    pub players: Vec<QuakePlayer>,
    /// `utf-8`, `windows-1252` …
    pub encoding: String,
}

const KINDS: [(ReplyKind, &str); 4] = [
    (ReplyKind::Status, "statusResponse"),
    (ReplyKind::Info, "infoResponse"),
    (ReplyKind::Print, "print"),
    (ReplyKind::World, "n"),
];

impl QuakeResponse {
    pub fn decode(bytes: &[u8], options: &EncodingOptions) -> Result<Self> {
        let encoding = TextEncoding::from_option(options.encoding.as_deref())?;
        let reply = Reply::decode(bytes)?;
        let (state, encoding) = decode_reply(&reply, encoding);
        let kind = KINDS.iter().find(|(k, _)| *k == reply.kind).map_or("", |(_, n)| n);
        Ok(Self {
            kind: kind.to_string(),
            info: state.info,
            players: state.players,
            encoding,
        })
    }

    pub fn encode(&self) -> Result<Vec<u8>> {
        let kind = KINDS
            .iter()
            .find(|(_, n)| *n == self.kind)
            .map(|(k, _)| *k)
            .ok_or_else(|| Error::invalid("kind must be 'statusResponse', 'infoResponse', 'print' or 'n'"))?;
        let encoding = resolve_writable_label(&self.encoding)?;
        let text = |s: &str| crate::text::encode(s, encoding);
        let info: Vec<(Vec<u8>, Vec<u8>)> = self.info.0.iter().map(|(k, v)| (text(k), text(v))).collect();
        let pairs: Vec<(&[u8], &[u8])> = info.iter().map(|(k, v)| (k.as_slice(), v.as_slice())).collect();
        let texts: Vec<(Vec<u8>, Vec<u8>, Vec<u8>)> = self
            .players
            .iter()
            .map(|p| {
                let team = p.team.as_deref().map(text).unwrap_or_default();
                let skin = p.world.as_ref().map(|w| text(&w.skin)).unwrap_or_default();
                (text(&p.name), team, skin)
            })
            .collect();
        let players: Vec<PlayerLine<'_>> = self
            .players
            .iter()
            .zip(&texts)
            .map(|(p, (name, team, skin))| PlayerLine {
                score: p.score,
                ping: p.ping,
                name,
                team: p.team.as_ref().map(|_| team.as_slice()),
                world: p.world.as_ref().map(|w| WorldFields {
                    userid: w.userid,
                    time: w.time,
                    skin,
                    top: w.top,
                    bottom: w.bottom,
                }),
            })
            .collect();
        Reply::encode(kind, &pairs, &players)
    }
}

impl Input for QuakeResponse {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let response = Self {
            kind: o.req("kind")?,
            info: o.or_default("info")?,
            players: o.or_default("players")?,
            encoding: o.opt("encoding")?.unwrap_or_else(|| "utf-8".to_string()),
        };
        o.deny_unknown()?;
        Ok(response)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_response_decodes_and_encodes_back_byte_for_byte() {
        let bytes = b"\xff\xff\xff\xffstatusResponse\n\\sv_hostname\\Caf\xe9\\mapname\\q3dm17\n3 40 \"Jos\xe9\"\n-9999 8 \"W\" 0\n";
        let r = QuakeResponse::decode(bytes, &EncodingOptions::default()).unwrap();
        assert_eq!(
            (r.kind.as_str(), r.encoding.as_str()),
            ("statusResponse", "windows-1252")
        );
        assert_eq!(r.info.get("sv_hostname"), Some("Café"));
        assert_eq!(
            (r.players[0].name.as_str(), r.players[1].team.as_deref()),
            ("José", Some("0"))
        );
        assert_eq!(r.encode().unwrap(), bytes.to_vec());
        let q = QuakeRequest::decode(b"\xff\xff\xff\xffgetinfo xyz\n").unwrap();
        assert_eq!((q.command.as_str(), q.challenge.as_deref()), ("getinfo", Some("xyz")));
        assert_eq!(q.encode().unwrap(), b"\xff\xff\xff\xffgetinfo xyz\n");
    }
}
