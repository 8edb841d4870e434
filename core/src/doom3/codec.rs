//! Requests and replies as JavaScript sees them (`encodeRequest('doom3', …)`,
//! `decodeResponse`): owned, their strings decoded, and back.

use serde::Serialize;

use super::packets::{Client, Command, Dialect, Figures, Reply, Request};
use super::state::{parse_protocol, protocol_text, Doom3Player, Doom3State};
use crate::error::{Error, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::text::{encoding_name, resolve_writable_label, TextEncoding};
use crate::values::RuleList;

/// `{ command: 'getInfo', challenge: 1234 }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Doom3Request"))]
pub struct Doom3Request {
    /// `getInfoEx`: ET:QW's, adding each player's campaign figures.
    #[cfg_attr(feature = "ts", ts(type = "'getInfo' | 'getInfoEx'"))]
    pub command: String,
    /// Echoed in the reply (default 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub challenge: Option<u32>,
}

impl Doom3Request {
    pub fn encode(&self) -> Result<Vec<u8>> {
        let command = match self.command.as_str() {
            "getInfo" => Command::GetInfo,
            "getInfoEx" => Command::GetInfoEx,
            other => {
                return Err(Error::invalid(format!(
                    "command must be 'getInfo' or 'getInfoEx', not {}",
                    crate::error::quoted(other)
                )))
            }
        };
        Ok(Request {
            command,
            challenge: self.challenge.unwrap_or(0),
        }
        .encode())
    }

    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let r = Request::decode(bytes)?;
        Ok(Self {
            command: r.command.name().to_string(),
            challenge: Some(r.challenge),
        })
    }
}

impl Input for Doom3Request {
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

/// A reply: its kind and layout, the echo, the server as text, and the encoding its text
/// was read with (and is written with).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Doom3Response", optional_fields))]
pub struct Doom3Response {
    #[cfg_attr(feature = "ts", ts(type = "'infoResponse' | 'infoExResponse'"))]
    pub kind: String,
    /// The game whose layout it has (told from the reply unless given).
    #[cfg_attr(feature = "ts", ts(type = "'doom3' | 'quake4' | 'etqw' | 'prey' | 'wolfenstein'"))]
    pub dialect: String,
    pub challenge: u32,
    /// ET:QW's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub task_id: Option<u32>,
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub state: Doom3State,
    /// `utf-8`, `windows-1252` …
    pub encoding: String,
}

impl Doom3Response {
    pub fn decode(bytes: &[u8], options: &DecodeOptions) -> Result<Self> {
        let encoding = TextEncoding::from_option(options.encoding.as_deref())?;
        let dialect = dialect_option(options.dialect.as_deref())?;
        let reply = Reply::decode(bytes, dialect)?;
        let (state, encoding) = decode_reply(&reply, encoding);
        Ok(Self {
            kind: kind(reply.extended).to_string(),
            dialect: reply.dialect.name().to_string(),
            challenge: reply.challenge,
            task_id: reply.task_id,
            state,
            encoding,
        })
    }

    pub fn encode(&self) -> Result<Vec<u8>> {
        let extended = match self.kind.as_str() {
            "infoResponse" => false,
            "infoExResponse" => true,
            _ => return Err(Error::invalid("kind must be 'infoResponse' or 'infoExResponse'")),
        };
        let dialect = Dialect::parse(&self.dialect).ok_or_else(|| Error::invalid(dialect_message(&self.dialect)))?;
        let encoding = resolve_writable_label(&self.encoding)?;
        encode_state(&self.state, dialect, extended, self.challenge, self.task_id, |s| {
            crate::text::encode(s, encoding)
        })
    }
}

impl Input for Doom3Response {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let response = Self {
            kind: o.req("kind")?,
            dialect: o.req("dialect")?,
            challenge: o.or_default("challenge")?,
            task_id: o.opt("taskId")?,
            state: Doom3State::read_fields(&mut o)?,
            encoding: o.opt("encoding")?.unwrap_or_else(|| "utf-8".to_string()),
        };
        o.deny_unknown()?;
        Ok(response)
    }
}

fn kind(extended: bool) -> &'static str {
    if extended {
        "infoExResponse"
    } else {
        "infoResponse"
    }
}

fn dialect_message(given: &str) -> String {
    let names: Vec<&str> = Dialect::ALL.iter().map(|d| d.name()).collect();
    format!(
        "dialect must be 'auto' or one of {}, not {}",
        names.join(", "),
        crate::error::quoted(given)
    )
}

/// `'auto'` (or none) → `None`: told from the reply.
pub fn dialect_option(given: Option<&str>) -> Result<Option<Dialect>> {
    match given {
        None | Some("auto") => Ok(None),
        Some(name) => Dialect::parse(name)
            .map(Some)
            .ok_or_else(|| Error::invalid(dialect_message(name))),
    }
}

/// `decodeResponse('doom3', bytes, { encoding, dialect })`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "Doom3DecodeOptions", optional_fields)
)]
pub struct DecodeOptions {
    /// A WHATWG label (`windows-1252`, `utf-8`, …) or `'auto'` (default: UTF-8 where the
    /// whole reply is, else windows-1252, the engine's own charset; Quake 4 sends Latin-1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encoding: Option<String>,
    /// The game whose layout to read, or `'auto'` (default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(
        feature = "ts",
        ts(type = "'doom3' | 'quake4' | 'etqw' | 'prey' | 'wolfenstein' | 'auto'")
    )]
    pub dialect: Option<String>,
}

impl Input for DecodeOptions {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let options = Self {
            encoding: o.opt("encoding")?,
            dialect: o.opt("dialect")?,
        };
        o.deny_unknown()?;
        dialect_option(options.dialect.as_deref())?;
        Ok(options)
    }
}

/// A reply's server as text, with one encoding for all its strings, and that encoding's
/// name. ET:QW's figures join the client of their slot.
pub fn decode_reply(reply: &Reply<'_>, encoding: TextEncoding) -> (Doom3State, String) {
    let mut strings: Vec<&[u8]> = Vec::with_capacity(reply.info.len() * 2 + reply.clients.len() * 3);
    for (k, v) in &reply.info {
        strings.extend([*k, *v]);
    }
    for c in &reply.clients {
        strings.push(c.name);
        strings.push(c.clan.unwrap_or_default());
        let figures = reply.figures.iter().find(|f| f.id == c.id);
        strings.push(figures.map(|f| f.team).unwrap_or_default());
    }
    // id Tech 4 draws the Western charset only (idStr's tables): what is not UTF-8 is
    // windows-1252, not a guess among every code page (two accented letters are too few).
    let decoded = encoding.western(&strings).decode_all(&strings);
    let mut texts = decoded.texts.into_iter();
    let mut next = || texts.next().unwrap_or_default();
    let info = RuleList(reply.info.iter().map(|_| (next(), next())).collect());
    let players = reply
        .clients
        .iter()
        .map(|c| {
            let (name, clan, team) = (next(), next(), next());
            let figures = reply.figures.iter().find(|f| f.id == c.id);
            Doom3Player {
                id: Some(c.id),
                name,
                ping: c.ping,
                rate: c.rate,
                clan: c.clan.map(|_| clan),
                clan_position: c.clan_position,
                bot: c.bot,
                xp: figures.map(|f| f.xp),
                team: figures.map(|_| team),
                kills: figures.map(|f| f.kills),
                deaths: figures.map(|f| f.deaths),
            }
        })
        .collect();
    let state = Doom3State {
        info,
        players,
        protocol: Some(protocol_text(reply.protocol)),
        os_mask: reply.os_mask,
        server: reply.server,
        trailing: (!reply.trailing.is_empty()).then(|| crate::wire::to_hex(reply.trailing)),
    };
    (state, encoding_name(decoded.encoding))
}

/// `state` as a reply of `dialect`, its text written by `text`. Players without a slot
/// take the next free one.
pub fn encode_state(
    state: &Doom3State,
    dialect: Dialect,
    extended: bool,
    challenge: u32,
    task_id: Option<u32>,
    text: impl Fn(&str) -> Vec<u8>,
) -> Result<Vec<u8>> {
    let protocol = match &state.protocol {
        Some(p) => parse_protocol(p)?,
        None => dialect.protocol(),
    };
    let info: Vec<(Vec<u8>, Vec<u8>)> = state.info.0.iter().map(|(k, v)| (text(k), text(v))).collect();
    let texts: Vec<[Vec<u8>; 3]> = state
        .players
        .iter()
        .map(|p| {
            [
                text(&p.name),
                text(p.clan.as_deref().unwrap_or_default()),
                text(p.team.as_deref().unwrap_or_default()),
            ]
        })
        .collect();
    let trailing = match &state.trailing {
        Some(hex) => crate::wire::from_hex(hex, "trailing")?,
        None => vec![],
    };
    let mut next = 0u8;
    let mut clients = Vec::with_capacity(state.players.len());
    let mut figures = Vec::new();
    for (p, [name, clan, team]) in state.players.iter().zip(&texts) {
        let id = p.id.unwrap_or(next);
        next = id.saturating_add(1);
        clients.push(Client {
            id,
            ping: p.ping,
            rate: p.rate,
            name,
            clan: p.clan.as_ref().map(|_| clan.as_slice()),
            clan_position: p.clan_position,
            bot: p.bot,
        });
        if extended {
            figures.push(Figures {
                id,
                xp: p.xp.unwrap_or(0.0),
                team,
                kills: p.kills.unwrap_or(0),
                deaths: p.deaths.unwrap_or(0),
            });
        }
    }
    let reply = Reply {
        extended,
        dialect,
        task_id,
        challenge,
        protocol,
        info: info.iter().map(|(k, v)| (k.as_slice(), v.as_slice())).collect(),
        clients,
        os_mask: state.os_mask,
        server: state.server,
        figures,
        trailing: &trailing,
    };
    reply.encode()
}
