//! Requests, replies and a server's state as JavaScript sees them (`encodeRequest(
//! 'all-seeing-eye', …)`, `decodeResponse`, `serve`): owned, their strings decoded with one
//! encoding for the whole reply, the counts and the port as numbers, and back.

use serde::Serialize;

use super::packets::{decode_request, Reply, STATUS};
use crate::error::{Error, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::text::{encoding_name, resolve_writable_label, TextEncoding};
use crate::values::RuleList;

/// `{ command: 's' }`: the letter sent (`s`, the full status, is what every client sends).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "AllSeeingEyeRequest"))]
pub struct AllSeeingEyeRequest {
    pub command: String,
}

impl AllSeeingEyeRequest {
    pub fn encode(&self) -> Result<Vec<u8>> {
        match self.command.as_bytes() {
            [c] if c.is_ascii_alphabetic() => Ok(vec![*c]),
            _ => Err(Error::invalid(format!(
                "command must be one letter ('s': the status), not {}",
                crate::error::quoted(&self.command)
            ))),
        }
    }

    pub fn decode(bytes: &[u8]) -> Result<Self> {
        Ok(Self {
            command: char::from(decode_request(bytes)?).to_string(),
        })
    }
}

impl Input for AllSeeingEyeRequest {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let request = Self {
            command: o.opt("command")?.unwrap_or_else(|| char::from(STATUS).to_string()),
        };
        o.deny_unknown()?;
        Ok(request)
    }
}

/// One player: the fields the server sent (each its own choice; MTA sends all six, team,
/// skin and time empty). Text as sent: MTA's score is whatever a script announces.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "AllSeeingEyePlayer", optional_fields)
)]
pub struct AllSeeingEyePlayer {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skin: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ping: Option<String>,
    /// Time on the server.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
}

impl AllSeeingEyePlayer {
    fn fields(&self) -> [Option<&str>; 6] {
        [&self.name, &self.team, &self.skin, &self.score, &self.ping, &self.time].map(|f| f.as_deref())
    }
}

impl Input for AllSeeingEyePlayer {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let player = Self {
            name: o.opt("name")?,
            team: o.opt("team")?,
            skin: o.opt("skin")?,
            score: o.opt("score")?,
            ping: o.opt("ping")?,
            time: o.opt("time")?,
        };
        o.deny_unknown()?;
        Ok(player)
    }
}

/// A server as its reply describes it (what `serve('all-seeing-eye')` answers with).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "AllSeeingEyeState", optional_fields))]
pub struct AllSeeingEyeState {
    /// The game's short name (`mta`; default `mta`).
    pub game: String,
    /// The game port players join (default 22003, MTA's; the query port is 123 above it).
    pub port: u16,
    pub name: String,
    pub game_type: String,
    pub map: String,
    pub version: String,
    pub password: bool,
    /// Players online (default: the list's length).
    pub num_players: u32,
    pub max_players: u32,
    pub rules: RuleList,
    pub players: Vec<AllSeeingEyePlayer>,
    /// Bytes after a player entry whose flags are 0, in hex.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trailing: Option<String>,
}

impl AllSeeingEyeState {
    /// Its fields from `o` (the state, and a response's besides its encoding).
    fn read_fields(o: &mut Obj<'_>) -> Result<Self> {
        let players: Vec<AllSeeingEyePlayer> = o.or_default("players")?;
        Ok(Self {
            game: o.opt("game")?.unwrap_or_else(|| "mta".into()),
            port: o.opt("port")?.unwrap_or(22003),
            name: o.or_default("name")?,
            game_type: o.or_default("gameType")?,
            map: o.or_default("map")?,
            version: o.or_default("version")?,
            password: o.or_default("password")?,
            num_players: o.opt("numPlayers")?.unwrap_or(players.len() as u32),
            max_players: o.or_default("maxPlayers")?,
            rules: o.or_default("rules")?,
            trailing: o.opt("trailing")?,
            players,
        })
    }
}

impl Input for AllSeeingEyeState {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let state = Self::read_fields(&mut o)?;
        // A query's raw (`AllSeeingEyeQueryResult`) serves as it is.
        o.skip(&["encoding", "latencyMs"]);
        o.deny_unknown()?;
        Ok(state)
    }
}

/// A reply: the server, and the encoding its text was read with (and is written with).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "AllSeeingEyeResponse"))]
pub struct AllSeeingEyeResponse {
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub state: AllSeeingEyeState,
    /// `utf-8`, `windows-1252` …
    pub encoding: String,
}

impl AllSeeingEyeResponse {
    pub fn decode(bytes: &[u8], encoding: Option<&str>) -> Result<Self> {
        let encoding = TextEncoding::from_option(encoding)?;
        let (state, encoding) = decode_reply(&Reply::decode(bytes)?, encoding);
        Ok(Self { state, encoding })
    }

    pub fn encode(&self) -> Result<Vec<u8>> {
        let encoding = resolve_writable_label(&self.encoding)?;
        encode_state(&self.state, |s| crate::text::encode(s, encoding))
    }
}

impl Input for AllSeeingEyeResponse {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let response = Self {
            state: AllSeeingEyeState::read_fields(&mut o)?,
            encoding: o.opt("encoding")?.unwrap_or_else(|| "utf-8".to_string()),
        };
        o.deny_unknown()?;
        Ok(response)
    }
}

/// A count or port sent as text, read as gamedig and qstat read it: its leading digits
/// (after spaces), else 0 (and 0 past the type's range).
fn number<T: TryFrom<u64> + Default>(text: &str) -> T {
    let digits = text.bytes().skip_while(|b| *b == b' ').take_while(u8::is_ascii_digit);
    let n = digits.fold(0u64, |n, d| n.saturating_mul(10).saturating_add(u64::from(d - b'0')));
    T::try_from(n).unwrap_or_default()
}

/// A reply's server as text, all its strings decoded with one encoding, and its name.
pub fn decode_reply(reply: &Reply<'_>, encoding: TextEncoding) -> (AllSeeingEyeState, String) {
    let mut strings: Vec<&[u8]> = reply.header.to_vec();
    for (k, v) in &reply.rules {
        strings.extend([*k, *v]);
    }
    for player in &reply.players {
        strings.extend(player.iter().flatten());
    }
    let decoded = encoding.decode_all(&strings);
    let mut texts = decoded.texts.into_iter();
    let mut next = || texts.next().unwrap_or_default();
    let header: [String; 9] = std::array::from_fn(|_| next());
    let rules = RuleList(reply.rules.iter().map(|_| (next(), next())).collect());
    let players = reply
        .players
        .iter()
        .map(|p| {
            let [name, team, skin, score, ping, time] = p.map(|f| f.map(|_| next()));
            AllSeeingEyePlayer {
                name,
                team,
                skin,
                score,
                ping,
                time,
            }
        })
        .collect();
    let [game, port, name, game_type, map, version, password, num_players, max_players] = header;
    let state = AllSeeingEyeState {
        game,
        port: number(&port),
        name,
        game_type,
        map,
        version,
        password: password == "1",
        num_players: number(&num_players),
        max_players: number(&max_players),
        rules,
        players,
        trailing: (!reply.trailing.is_empty()).then(|| crate::wire::to_hex(reply.trailing)),
    };
    (state, encoding_name(decoded.encoding))
}

/// `state` as a reply, its text written by `text`.
pub fn encode_state(state: &AllSeeingEyeState, text: impl Fn(&str) -> Vec<u8>) -> Result<Vec<u8>> {
    let numbers = [
        state.port.to_string(),
        state.num_players.to_string(),
        state.max_players.to_string(),
    ];
    let header = [
        text(&state.game),
        numbers[0].as_bytes().to_vec(),
        text(&state.name),
        text(&state.game_type),
        text(&state.map),
        text(&state.version),
        if state.password { b"1" } else { b"0" }.to_vec(),
        numbers[1].as_bytes().to_vec(),
        numbers[2].as_bytes().to_vec(),
    ];
    let rules: Vec<(Vec<u8>, Vec<u8>)> = state.rules.0.iter().map(|(k, v)| (text(k), text(v))).collect();
    let players: Vec<[Option<Vec<u8>>; 6]> = state.players.iter().map(|p| p.fields().map(|f| f.map(&text))).collect();
    let trailing = match &state.trailing {
        Some(hex) => crate::wire::from_hex(hex, "trailing")?,
        None => vec![],
    };
    Reply {
        header: std::array::from_fn(|i| header[i].as_slice()),
        rules: rules.iter().map(|(k, v)| (k.as_slice(), v.as_slice())).collect(),
        players: players
            .iter()
            .map(|p| std::array::from_fn(|i| p[i].as_deref()))
            .collect(),
        trailing: &trailing,
    }
    .encode()
}
