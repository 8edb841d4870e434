//! Requests and replies as JavaScript sees them (`encodeRequest('gamespy2', …)`,
//! `decodeResponse`): the sections as sent — the settings, each table's field names and
//! rows — every string decoded with one encoding for the whole reply, and back.

use serde::Serialize;

use super::packets::{decode_request, encode_request, Reply, Sections, Table};
use super::state::texts;
use crate::error::{Error, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::text::{encoding_name, resolve_writable_label, TextEncoding};
use crate::values::RuleList;

/// `{ id, server, players, teams }`: the id the reply echoes and the sections asked for
/// (default all three).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "GameSpy2Request", optional_fields))]
pub struct GameSpy2Request {
    pub id: u32,
    pub server: bool,
    pub players: bool,
    pub teams: bool,
}

impl GameSpy2Request {
    pub fn encode(&self) -> Result<Vec<u8>> {
        let s = Sections {
            server: self.server,
            players: self.players,
            teams: self.teams,
        };
        Ok(encode_request(self.id, s))
    }

    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let (id, s) = decode_request(bytes)?;
        Ok(Self {
            id,
            server: s.server,
            players: s.players,
            teams: s.teams,
        })
    }
}

impl Input for GameSpy2Request {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let request = Self {
            id: o.or_default("id")?,
            server: o.opt("server")?.unwrap_or(true),
            players: o.opt("players")?.unwrap_or(true),
            teams: o.opt("teams")?.unwrap_or(true),
        };
        o.deny_unknown()?;
        Ok(request)
    }
}

/// A table as sent: field names (`player_`, `score_` … `team_t`) and one row per player
/// or team.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "GameSpy2Table", optional_fields))]
pub struct GameSpy2Table {
    pub fields: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// `false`: sent without its count byte (America's Army).
    #[serde(skip_serializing_if = "Clone::clone")]
    #[cfg_attr(feature = "ts", ts(type = "false"))]
    pub counted: bool,
}

impl Input for GameSpy2Table {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let table = Self {
            fields: o.or_default("fields")?,
            rows: o.or_default("rows")?,
            counted: o.opt("counted")?.unwrap_or(true),
        };
        o.deny_unknown()?;
        Ok(table)
    }
}

/// A reply: the id it echoes, the sections it holds, and the encoding of its text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "GameSpy2Response", optional_fields))]
pub struct GameSpy2Response {
    pub id: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub server: Option<RuleList>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players: Option<GameSpy2Table>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub teams: Option<GameSpy2Table>,
    /// `windows-1252`, `utf-8` …
    #[cfg_attr(feature = "ts", ts(optional = false))]
    pub encoding: String,
}

/// A reply's sections as text, all its strings decoded with one encoding.
pub fn decode_reply(reply: &Reply<'_>, encoding: TextEncoding) -> GameSpy2Response {
    let mut strings: Vec<&[u8]> = Vec::new();
    for (k, v) in reply.server.iter().flatten() {
        strings.extend([*k, *v]);
    }
    for t in [&reply.players, &reply.teams].into_iter().flatten() {
        strings.extend(t.fields.iter().copied());
        strings.extend(t.rows.iter().flatten().copied());
    }
    let decoded = encoding.western(&strings).decode_all(&strings);
    let mut it = decoded.texts.into_iter();
    let mut next = || it.next().unwrap_or_default();
    let server = reply
        .server
        .as_ref()
        .map(|pairs| RuleList(pairs.iter().map(|_| (next(), next())).collect()));
    let mut table = |t: &Option<Table<'_>>| {
        t.as_ref().map(|t| {
            let (fields, rows) = texts(t, &mut next);
            GameSpy2Table {
                fields,
                rows,
                counted: t.counted,
            }
        })
    };
    let players = table(&reply.players);
    let teams = table(&reply.teams);
    GameSpy2Response {
        id: reply.id,
        server,
        players,
        teams,
        encoding: encoding_name(decoded.encoding),
    }
}

impl GameSpy2Response {
    pub fn decode(bytes: &[u8], encoding: Option<&str>) -> Result<Self> {
        Ok(decode_reply(
            &Reply::decode(bytes)?,
            TextEncoding::from_option(encoding)?,
        ))
    }

    pub fn encode(&self) -> Result<Vec<u8>> {
        let encoding = resolve_writable_label(&self.encoding)?;
        if let (None, None, Some(t)) = (&self.server, &self.players, &self.teams) {
            if t.fields.is_empty() || !t.fields.iter().all(|f| f.ends_with("_t")) {
                return Err(Error::invalid(
                    "a reply of teams alone reads back as players unless every field ends in _t",
                ));
            }
        }
        self.encode_with(|s| crate::text::encode(s, encoding))
    }

    /// Its bytes, its text written by `text` (a responder's: any sections asked for).
    pub fn encode_with(&self, text: impl Fn(&str) -> Vec<u8>) -> Result<Vec<u8>> {
        let server: Option<Vec<(Vec<u8>, Vec<u8>)>> = self
            .server
            .as_ref()
            .map(|r| r.0.iter().map(|(k, v)| (text(k), text(v))).collect());
        type Bytes = (Vec<Vec<u8>>, Vec<Vec<Vec<u8>>>, bool);
        let bytes = |t: &Option<GameSpy2Table>| -> Option<Bytes> {
            t.as_ref().map(|t| {
                let fields = t.fields.iter().map(|f| text(f)).collect();
                let rows = t.rows.iter().map(|r| r.iter().map(|v| text(v)).collect()).collect();
                (fields, rows, t.counted)
            })
        };
        let (players, teams) = (bytes(&self.players), bytes(&self.teams));
        fn borrow(t: &Option<Bytes>) -> Option<Table<'_>> {
            t.as_ref().map(|(fields, rows, counted)| Table {
                fields: fields.iter().map(Vec::as_slice).collect(),
                rows: rows.iter().map(|r| r.iter().map(Vec::as_slice).collect()).collect(),
                counted: *counted,
            })
        }
        Reply {
            id: self.id,
            server: server
                .as_ref()
                .map(|p| p.iter().map(|(k, v)| (k.as_slice(), v.as_slice())).collect()),
            players: borrow(&players),
            teams: borrow(&teams),
        }
        .encode()
    }
}

impl Input for GameSpy2Response {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let response = Self {
            id: o.or_default("id")?,
            server: o.opt("server")?,
            players: o.opt("players")?,
            teams: o.opt("teams")?,
            encoding: o.opt("encoding")?.unwrap_or_else(|| "utf-8".to_string()),
        };
        o.deny_unknown()?;
        Ok(response)
    }
}
