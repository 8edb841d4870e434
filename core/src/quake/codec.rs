//! Requests and replies as JavaScript sees them (`encodeRequest('quake3', …)`,
//! `decodeResponse`): owned, their strings decoded, and back.

use serde::Serialize;

use super::colours::{rendered, rendered_world, Coloured};
use super::packets::{Command, Dialect, Reply, ReplyKind, Request};
use super::state::QuakePlayer;
use super::unified::decode_reply;
use crate::error::{Error, Result};
use crate::idtech::{PlayerLine, WorldFields};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::text::{resolve_writable_label, TextEncoding};
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
    /// The server's name (`sv_hostname` / `hostname`) in every rendering, as a Minecraft
    /// MOTD has them: `raw` as in `info`, `plain` without colour codes (QuakeWorld's: its
    /// charset's glyphs), `ansi`, `html`. Read only: `encodeResponse` writes `info`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub name: Option<Coloured>,
    /// Each player's name in every rendering, in the order of `players`. Read only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub names: Option<Vec<Coloured>>,
}

/// `decodeResponse('quake3', bytes, { encoding, render })`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "QuakeDecodeOptions", optional_fields)
)]
pub struct DecodeOptions {
    /// A WHATWG label (`windows-1252`, `utf-8`, …) or `'auto'` (default: UTF-8 where the
    /// whole reply is, else one guess over all of its text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encoding: Option<String>,
    /// Add `name` and `names`: the hostname and each player's name in every rendering
    /// (default false: four more strings a name, which a decode that only reads does not
    /// pay for).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub render: Option<bool>,
}

impl Input for DecodeOptions {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let options = Self {
            encoding: o.opt("encoding")?,
            render: o.opt("render")?,
        };
        o.deny_unknown()?;
        Ok(options)
    }
}

const KINDS: [(ReplyKind, &str); 4] = [
    (ReplyKind::Status, "statusResponse"),
    (ReplyKind::Info, "infoResponse"),
    (ReplyKind::Print, "print"),
    (ReplyKind::World, "n"),
];

impl QuakeResponse {
    pub fn decode(bytes: &[u8], options: &DecodeOptions) -> Result<Self> {
        let encoding = TextEncoding::from_option(options.encoding.as_deref())?;
        let reply = Reply::decode(bytes)?;
        let (state, encoding) = decode_reply(&reply, encoding);
        let kind = KINDS.iter().find(|(k, _)| *k == reply.kind).map_or("", |(_, n)| n);
        let dialect = match reply.kind {
            ReplyKind::Status | ReplyKind::Info => Dialect::Quake3,
            ReplyKind::Print => Dialect::Quake2,
            ReplyKind::World => Dialect::QuakeWorld,
        };
        // QuakeWorld's from the bytes (its high bit is a glyph's colour); the others' from the text.
        let render = |bytes: &[u8], text: &str| match dialect {
            Dialect::QuakeWorld => rendered_world(bytes, text.to_string()),
            _ => rendered(text, dialect),
        };
        let (name, names) = match options.render {
            Some(true) => {
                let hostname = ["sv_hostname", "hostname"]
                    .iter()
                    .find_map(|k| Some((reply.info.get(k)?, state.info.get(k)?)));
                let name = hostname.map(|(bytes, text)| render(bytes, text));
                (
                    name,
                    Some(
                        reply
                            .players
                            .iter()
                            .zip(&state.players)
                            .map(|(p, s)| render(p.name, &s.name))
                            .collect(),
                    ),
                )
            }
            _ => (None, None),
        };
        Ok(Self {
            kind: kind.to_string(),
            info: state.info,
            players: state.players,
            encoding,
            name,
            names,
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
            // What decodeResponse adds for reading: a decoded reply encodes back as it is.
            name: None,
            names: None,
        };
        o.skip(&["name", "names"]);
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
        let r = QuakeResponse::decode(bytes, &DecodeOptions::default()).unwrap();
        assert_eq!(
            (r.name.as_ref(), r.names.as_ref()),
            (None, None),
            "renderings only when asked"
        );
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

    fn decoded(bytes: &[u8]) -> QuakeResponse {
        let render = DecodeOptions {
            render: Some(true),
            ..DecodeOptions::default()
        };
        QuakeResponse::decode(bytes, &render).unwrap()
    }

    #[test]
    fn names_in_every_rendering_by_the_dialects_codes() {
        // Quake 3: carets are colours (and `^xRGB` DarkPlaces').
        let q3 = decoded(b"\xff\xff\xff\xffstatusResponse\n\\sv_hostname\\^1Red ^7<Base>\n0 50 \"^0x2^4|^7Loreman\"\n");
        let name = q3.name.as_ref().unwrap();
        assert_eq!(
            (name.raw.as_str(), name.plain.as_str()),
            ("^1Red ^7<Base>", "Red <Base>")
        );
        assert_eq!(name.ansi, "\x1b[91mRed \x1b[0m\x1b[97m<Base>\x1b[0m");
        assert_eq!(
            name.html,
            "<span style=\"color:#ff0000\">Red </span><span style=\"color:#ffffff\">&lt;Base&gt;</span>"
        );
        assert_eq!(
            (
                q3.names.as_ref().unwrap()[0].raw.as_str(),
                q3.names.as_ref().unwrap()[0].plain.as_str()
            ),
            ("^0x2^4|^7Loreman", "x2|Loreman")
        );
        // Quake 2 has no codes: a caret is text.
        let q2 = decoded(b"\xff\xff\xff\xffprint\n\\hostname\\^1Rail <&>\n5 30 \"^2Bob\"\n");
        assert_eq!(q2.name.as_ref().unwrap().plain, "^1Rail <&>");
        assert_eq!(q2.name.as_ref().unwrap().html, "^1Rail &lt;&amp;&gt;");
        assert_eq!(q2.names.as_ref().unwrap()[0].plain, "^2Bob");
        // QuakeWorld: the high bit is the second glyph set, not Latin-1.
        let qw = decoded(b"\xff\xff\xff\xffn\\hostname\\\xd1\xf5\xe1\xeb\xe5 server\n3 10 600 25 \"supreme \xe1\xec\xec\xe1\xe8\" \"base\" 4 4\n");
        let who = &qw.names.as_ref().unwrap()[0];
        assert_eq!(
            (who.raw.as_str(), who.plain.as_str()),
            ("supreme \u{e1}\u{ec}\u{ec}\u{e1}\u{e8}", "supreme allah")
        );
        assert_eq!(who.ansi, "supreme \x1b[33mallah\x1b[0m");
        assert_eq!(who.html, "supreme <span style=\"color:#c08040\">allah</span>");
        assert_eq!(qw.name.as_ref().unwrap().plain, "Quake server");
    }

    #[test]
    fn a_decoded_reply_with_its_renderings_encodes_back() {
        let bytes = b"\xff\xff\xff\xffstatusResponse\n\\sv_hostname\\^1Red\n0 50 \"^2Bob\"\n";
        let json = serde_json::to_string(&decoded(bytes)).unwrap();
        let back: QuakeResponse = crate::input::from_json("response", &json).unwrap();
        assert_eq!(back.encode().unwrap(), bytes.to_vec());
    }
}
