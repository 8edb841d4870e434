//! Requests and replies as JavaScript sees them (`encodeRequest('gamespy3', …)`,
//! `decodeResponse`): the handshake and its challenge; a query; each reply datagram as
//! sent — its packet index, last flag, and sections (keys, field blocks with their start
//! offsets, JC2-MP's players), every string decoded with one encoding for the datagram.

use serde::Serialize;

use super::packets::{Body, Datagram, Field, Request, Section, JC2MP, SPLIT};
use crate::error::{Error, Result};
use crate::gamespy::challenge::{challenge_reply, read_challenge, HANDSHAKE};
use crate::gamespy::split::{Header, LAST};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::text::{encoding_name, resolve_writable_label, TextEncoding};
use crate::values::RuleList;

/// `{ type: 'handshake', session }`, or `{ type: 'query', session, challenge, server,
/// players, teams, layout }` (sections default all; `challenge` 0 or left out: none).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "GameSpy3Request", optional_fields))]
pub struct GameSpy3Request {
    #[serde(rename = "type")]
    #[cfg_attr(feature = "ts", ts(type = "'handshake' | 'query'", optional = false))]
    pub kind: String,
    #[cfg_attr(feature = "ts", ts(optional = false))]
    pub session: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub challenge: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub server: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub teams: Option<bool>,
    /// `'split'` (default, `01`), `'jc2mp'` (`02`), `'single'` (no byte: one datagram).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "'split' | 'jc2mp' | 'single'", optional))]
    pub layout: Option<String>,
}

fn layout_byte(layout: Option<&str>) -> Result<Option<u8>> {
    match layout.unwrap_or("split") {
        "split" => Ok(Some(SPLIT)),
        "jc2mp" => Ok(Some(JC2MP)),
        "single" => Ok(None),
        other => Err(Error::invalid(format!(
            "layout {}: 'split', 'jc2mp' or 'single'",
            crate::error::quoted(other)
        ))),
    }
}

impl GameSpy3Request {
    pub fn encode(&self) -> Result<Vec<u8>> {
        let request = match self.kind.as_str() {
            "handshake" => Request::Handshake { session: self.session },
            "query" => Request::Query {
                session: self.session,
                challenge: self.challenge,
                sections: [self.server, self.players, self.teams].map(|s| s.unwrap_or(true)),
                tail: layout_byte(self.layout.as_deref())?,
            },
            other => {
                return Err(Error::invalid(format!(
                    "type {}: 'handshake' or 'query'",
                    crate::error::quoted(other)
                )))
            }
        };
        Ok(request.encode())
    }

    pub fn decode(bytes: &[u8]) -> Result<Self> {
        Ok(match Request::decode(bytes)? {
            Request::Handshake { session } => Self {
                kind: "handshake".into(),
                session,
                challenge: None,
                server: None,
                players: None,
                teams: None,
                layout: None,
            },
            Request::Query {
                session,
                challenge,
                sections,
                tail,
            } => Self {
                kind: "query".into(),
                session,
                challenge,
                server: Some(sections[0]),
                players: Some(sections[1]),
                teams: Some(sections[2]),
                layout: Some(
                    match tail {
                        Some(JC2MP) => "jc2mp",
                        None => "single",
                        Some(_) => "split",
                    }
                    .into(),
                ),
            },
        })
    }
}

impl Input for GameSpy3Request {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let request = Self {
            kind: o.req("type")?,
            session: o.or_default("session")?,
            challenge: o.opt("challenge")?,
            server: o.opt("server")?,
            players: o.opt("players")?,
            teams: o.opt("teams")?,
            layout: o.opt("layout")?,
        };
        o.deny_unknown()?;
        Ok(request)
    }
}

/// A field block: a column's values from `offset` on (`open`: the datagram ended in it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
pub struct GameSpy3Field {
    #[cfg_attr(feature = "ts", ts(optional = false))]
    pub name: String,
    #[cfg_attr(feature = "ts", ts(optional = false))]
    pub offset: u8,
    #[cfg_attr(feature = "ts", ts(optional = false))]
    pub values: Vec<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(type = "true", optional))]
    pub open: bool,
}

/// A JC2-MP player as sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Jc2mpPlayer {
    pub name: String,
    pub steamid: String,
    pub ping: u16,
}

/// A section's part in a datagram: `object` 0 with `keys`, 1 (players) or 2 (teams) with
/// `fields`, or JC2-MP's `players`; `open`: its end mark was not sent (the datagram ended
/// inside it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
pub struct GameSpy3Section {
    #[cfg_attr(feature = "ts", ts(optional = false))]
    pub object: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keys: Option<RuleList>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<Vec<GameSpy3Field>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players: Option<Vec<Jc2mpPlayer>>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(type = "true", optional))]
    pub open: bool,
}

/// `{ type: 'challenge', session, challenge }` (the handshake's reply; 0: none needed), or
/// `{ type: 'reply', session, packet, last, object, sections, encoding }`, one datagram.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "GameSpy3Response", optional_fields))]
pub struct GameSpy3Response {
    #[serde(rename = "type")]
    #[cfg_attr(feature = "ts", ts(type = "'challenge' | 'reply'", optional = false))]
    pub kind: String,
    #[cfg_attr(feature = "ts", ts(optional = false))]
    pub session: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub challenge: Option<i32>,
    /// The datagram's index in the reply (0 …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub packet: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last: Option<bool>,
    /// The section it starts in (0 keys, 1 players, 2 teams).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub object: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sections: Option<Vec<GameSpy3Section>>,
    /// `windows-1252`, `utf-8` …
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding: Option<String>,
}

/// `decodeResponse('gamespy3', bytes, options)`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "GameSpy3DecodeOptions", optional_fields)
)]
pub struct DecodeOptions {
    /// A WHATWG label (`windows-1252`, `utf-8` …) or `'auto'` (default: UTF-8 where the
    /// whole datagram is, else windows-1252).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encoding: Option<String>,
    /// `'jc2mp'`, `'split'`, or `'auto'` (default: JC2-MP's when an unflagged first
    /// datagram's keys are followed by exactly a JC2-MP player list).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "'split' | 'jc2mp' | 'auto'"))]
    pub layout: Option<String>,
}

impl DecodeOptions {
    pub fn jc2mp(&self) -> Result<Option<bool>> {
        match self.layout.as_deref().unwrap_or("auto") {
            "auto" => Ok(None),
            "jc2mp" => Ok(Some(true)),
            "split" => Ok(Some(false)),
            other => Err(Error::invalid(format!(
                "layout {}: 'split', 'jc2mp' or 'auto'",
                crate::error::quoted(other)
            ))),
        }
    }
}

impl Input for DecodeOptions {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let options = Self {
            encoding: o.opt("encoding")?,
            layout: o.opt("layout")?,
        };
        o.deny_unknown()?;
        options.jc2mp()?;
        Ok(options)
    }
}

/// A datagram's strings as text, all decoded with one encoding.
pub fn decode_datagram(d: &Datagram<'_>, encoding: TextEncoding) -> GameSpy3Response {
    decode_datagrams(std::slice::from_ref(d), encoding).remove(0)
}

/// A reply's datagrams as text, all their strings decoded with one encoding.
pub fn decode_datagrams(ds: &[Datagram<'_>], encoding: TextEncoding) -> Vec<GameSpy3Response> {
    let mut strings: Vec<&[u8]> = Vec::new();
    for s in ds.iter().flat_map(|d| &d.sections) {
        match &s.body {
            Body::Keys(pairs) => pairs.iter().for_each(|(k, v)| strings.extend([*k, *v])),
            Body::Table(_, fields) => fields.iter().for_each(|f| {
                strings.push(f.name);
                strings.extend(f.values.iter().copied());
            }),
            Body::Jc2mp(players) => players.iter().for_each(|(n, s, _)| strings.extend([*n, *s])),
        }
    }
    let decoded = encoding.western(&strings).decode_all(&strings);
    let name = encoding_name(decoded.encoding);
    let mut it = decoded.texts.into_iter();
    let mut next = || it.next().unwrap_or_default();
    let mut section = |s: &Section<'_>| {
        let mut out = GameSpy3Section {
            object: 0,
            keys: None,
            fields: None,
            players: None,
            open: !s.ended,
        };
        match &s.body {
            Body::Keys(pairs) => out.keys = Some(RuleList(pairs.iter().map(|_| (next(), next())).collect())),
            Body::Table(object, fields) => {
                out.object = *object;
                out.fields = Some(
                    fields
                        .iter()
                        .map(|f| GameSpy3Field {
                            name: next(),
                            offset: f.offset,
                            values: f.values.iter().map(|_| next()).collect(),
                            open: !f.ended,
                        })
                        .collect(),
                );
            }
            Body::Jc2mp(players) => {
                out.object = 1;
                out.players = Some(
                    players
                        .iter()
                        .map(|(_, _, ping)| Jc2mpPlayer {
                            name: next(),
                            steamid: next(),
                            ping: *ping,
                        })
                        .collect(),
                );
            }
        }
        out
    };
    ds.iter()
        .map(|d| GameSpy3Response {
            kind: "reply".into(),
            session: d.header.session,
            challenge: None,
            packet: Some(d.header.packet & !LAST),
            last: Some(d.header.packet & LAST != 0),
            object: Some(d.header.object),
            sections: Some(d.sections.iter().map(&mut section).collect()),
            encoding: Some(name.clone()),
        })
        .collect()
}

impl GameSpy3Response {
    pub fn decode(bytes: &[u8], options: &DecodeOptions) -> Result<Self> {
        if bytes.first() == Some(&HANDSHAKE) {
            let (session, challenge) = read_challenge(bytes)?;
            return Ok(Self {
                kind: "challenge".into(),
                session,
                challenge: Some(challenge),
                packet: None,
                last: None,
                object: None,
                sections: None,
                encoding: None,
            });
        }
        let d = Datagram::decode(bytes, options.jc2mp()?)?;
        Ok(decode_datagram(
            &d,
            TextEncoding::from_option(options.encoding.as_deref())?,
        ))
    }

    pub fn encode(&self) -> Result<Vec<u8>> {
        let encoding = resolve_writable_label(self.encoding.as_deref().unwrap_or("utf-8"))?;
        self.encode_with(|s| crate::text::encode(s, encoding))
    }

    /// Its bytes, its text written by `text`.
    pub fn encode_with(&self, text: impl Fn(&str) -> Vec<u8>) -> Result<Vec<u8>> {
        match self.kind.as_str() {
            "challenge" => return Ok(challenge_reply(self.session, self.challenge.unwrap_or(0))),
            "reply" => {}
            other => {
                return Err(Error::invalid(format!(
                    "type {}: 'challenge' or 'reply'",
                    crate::error::quoted(other)
                )))
            }
        }
        let packet = self.packet.unwrap_or(0);
        if packet >= LAST {
            return Err(Error::invalid("a packet index is under 128"));
        }
        let sections = self.sections.as_deref().unwrap_or_default();
        let object = self.object.unwrap_or_else(|| sections.first().map_or(0, |s| s.object));
        // Owned bytes first, then the borrowed datagram over them.
        type Owned = (
            u8,
            Vec<(Vec<u8>, Vec<u8>)>,
            Vec<(Vec<u8>, u8, Vec<Vec<u8>>, bool)>,
            Option<Vec<(Vec<u8>, Vec<u8>, u16)>>,
            bool,
        );
        let owned: Vec<Owned> = sections
            .iter()
            .map(|s| {
                let keys = s
                    .keys
                    .iter()
                    .flat_map(|k| &k.0)
                    .map(|(k, v)| (text(k), text(v)))
                    .collect();
                let fields = s
                    .fields
                    .iter()
                    .flatten()
                    .map(|f| {
                        (
                            text(&f.name),
                            f.offset,
                            f.values.iter().map(|v| text(v)).collect(),
                            !f.open,
                        )
                    })
                    .collect();
                let players = s
                    .players
                    .as_ref()
                    .map(|p| p.iter().map(|p| (text(&p.name), text(&p.steamid), p.ping)).collect());
                (s.object, keys, fields, players, !s.open)
            })
            .collect();
        let sections = owned
            .iter()
            .map(|(object, keys, fields, players, ended)| {
                let body = match (object, players) {
                    (_, Some(p)) => Body::Jc2mp(
                        p.iter()
                            .map(|(n, s, ping)| (n.as_slice(), s.as_slice(), *ping))
                            .collect(),
                    ),
                    (0, None) => Body::Keys(keys.iter().map(|(k, v)| (k.as_slice(), v.as_slice())).collect()),
                    (o, None) => Body::Table(
                        *o,
                        fields
                            .iter()
                            .map(|(name, offset, values, ended)| Field {
                                name,
                                offset: *offset,
                                values: values.iter().map(Vec::as_slice).collect(),
                                ended: *ended,
                            })
                            .collect(),
                    ),
                };
                Section { body, ended: *ended }
            })
            .collect();
        let packet = packet | if self.last.unwrap_or(true) { LAST } else { 0 };
        Datagram {
            header: Header {
                session: self.session,
                packet,
                object,
            },
            sections,
        }
        .encode()
    }
}

impl Input for GameSpy3Field {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let field = Self {
            name: o.req("name")?,
            offset: o.or_default("offset")?,
            values: o.or_default("values")?,
            open: o.or_default("open")?,
        };
        o.deny_unknown()?;
        Ok(field)
    }
}

impl Input for Jc2mpPlayer {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let player = Self {
            name: o.or_default("name")?,
            steamid: o.or_default("steamid")?,
            ping: o.or_default("ping")?,
        };
        o.deny_unknown()?;
        Ok(player)
    }
}

impl Input for GameSpy3Section {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let section = Self {
            object: o.or_default("object")?,
            keys: o.opt("keys")?,
            fields: o.opt("fields")?,
            players: o.opt("players")?,
            open: o.or_default("open")?,
        };
        o.deny_unknown()?;
        Ok(section)
    }
}

impl Input for GameSpy3Response {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let response = Self {
            kind: o.req("type")?,
            session: o.or_default("session")?,
            challenge: o.opt("challenge")?,
            packet: o.opt("packet")?,
            last: o.opt("last")?,
            object: o.opt("object")?,
            sections: o.opt("sections")?,
            encoding: o.opt("encoding")?,
        };
        o.deny_unknown()?;
        Ok(response)
    }
}
