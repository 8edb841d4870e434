//! Requests, reply datagrams and a server's state as JavaScript sees them
//! (`encodeRequest('unreal2', …)`, `decodeResponse`, `serve`).

use serde::Serialize;

use super::packets::{
    decode_request, encode_request, Body, Datagram, Info, Player, INFO, PLAYERS, REQUEST_VERSION, RULES,
};
use crate::error::{Error, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::values::RuleList;

const COMMANDS: [&str; 4] = ["info", "rules", "players", "rulesAndPlayers"];

/// `{ command: 'info' | 'rules' | 'players' | 'rulesAndPlayers', version? }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Unreal2Request"))]
pub struct Unreal2Request {
    #[cfg_attr(feature = "ts", ts(type = "'info' | 'rules' | 'players' | 'rulesAndPlayers'"))]
    pub command: String,
    /// The header: the engine's version (default 0x79, UT2003's, what gamedig sends).
    pub version: u32,
}

fn command(name: &str) -> Result<u8> {
    COMMANDS
        .iter()
        .position(|c| *c == name)
        .map(|i| i as u8)
        .ok_or_else(|| {
            Error::invalid(format!(
                "command must be 'info', 'rules', 'players' or 'rulesAndPlayers', not {}",
                crate::error::quoted(name)
            ))
        })
}

impl Unreal2Request {
    pub fn encode(&self) -> Result<Vec<u8>> {
        Ok(encode_request(self.version, command(&self.command)?))
    }

    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let (version, c) = decode_request(bytes)?;
        Ok(Self {
            command: COMMANDS[usize::from(c)].into(),
            version,
        })
    }
}

impl Input for Unreal2Request {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let request = Self {
            command: o.req("command")?,
            version: o.opt("version")?.unwrap_or(REQUEST_VERSION),
        };
        o.deny_unknown()?;
        command(&request.command)?;
        Ok(request)
    }
}

/// The server's info reply.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Unreal2Info", optional_fields))]
pub struct Unreal2Info {
    pub server_id: u32,
    /// Empty from every server seen.
    pub ip: String,
    /// The game port.
    pub port: u32,
    pub query_port: u32,
    /// With Unreal's colour codes (ESC and three bytes of colour) as sent.
    pub name: String,
    pub map: String,
    pub game_type: String,
    pub num_players: u32,
    pub max_players: u32,
    /// What follows, in hex: the games differ (UT2004: ping, flags, skill; Killing Floor:
    /// the wave and the waves first).
    pub extra: String,
}

impl From<Info> for Unreal2Info {
    fn from(i: Info) -> Self {
        Self {
            server_id: i.server_id,
            ip: i.ip,
            port: i.port,
            query_port: i.query_port,
            name: i.name,
            map: i.map,
            game_type: i.game_type,
            num_players: i.num_players,
            max_players: i.max_players,
            extra: crate::wire::to_hex(&i.extra),
        }
    }
}

impl Unreal2Info {
    pub fn wire(&self) -> Result<Info> {
        Ok(Info {
            server_id: self.server_id,
            ip: self.ip.clone(),
            port: self.port,
            query_port: self.query_port,
            name: self.name.clone(),
            map: self.map.clone(),
            game_type: self.game_type.clone(),
            num_players: self.num_players,
            max_players: self.max_players,
            extra: crate::wire::from_hex(&self.extra, "extra")?,
        })
    }
}

/// UT2004's ping 0, flags 0, skill "2" and the two bytes after.
pub const UT2004_EXTRA: &str = "00000000000000000232000000";

impl Input for Unreal2Info {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let info = Self {
            server_id: o.or_default("serverId")?,
            ip: o.or_default("ip")?,
            port: o.opt("port")?.unwrap_or(7777),
            query_port: o.or_default("queryPort")?,
            name: o.or_default("name")?,
            map: o.or_default("map")?,
            game_type: o.or_default("gameType")?,
            num_players: o.or_default("numPlayers")?,
            max_players: o.or_default("maxPlayers")?,
            extra: o.opt("extra")?.unwrap_or_else(|| UT2004_EXTRA.into()),
        };
        o.deny_unknown()?;
        Ok(info)
    }
}

/// A player line: bots have no ping; number 0 is a scoreboard line (a team's score).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Unreal2Player"))]
pub struct Unreal2Player {
    pub id: u32,
    pub name: String,
    pub ping: u32,
    pub score: i32,
    /// Bit 29 red team, bit 30 blue.
    pub stats_id: u32,
}

impl From<Player> for Unreal2Player {
    fn from(p: Player) -> Self {
        Self {
            id: p.id,
            name: p.name,
            ping: p.ping,
            score: p.score,
            stats_id: p.stats_id,
        }
    }
}

impl Unreal2Player {
    pub fn wire(&self) -> Player {
        Player {
            id: self.id,
            name: self.name.clone(),
            ping: self.ping,
            score: self.score,
            stats_id: self.stats_id,
        }
    }
}

impl Input for Unreal2Player {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let player = Self {
            id: o.or_default("id")?,
            name: o.or_default("name")?,
            ping: o.or_default("ping")?,
            score: o.or_default("score")?,
            stats_id: o.or_default("statsId")?,
        };
        o.deny_unknown()?;
        Ok(player)
    }
}

/// One reply datagram.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Unreal2Response", optional_fields))]
pub struct Unreal2Response {
    /// The header: the engine's version (128 UT2004, 121 UT2003 …).
    #[cfg_attr(feature = "ts", ts(optional = false))]
    pub version: u32,
    #[cfg_attr(feature = "ts", ts(type = "'info' | 'rules' | 'players'", optional = false))]
    pub command: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub info: Option<Unreal2Info>,
    /// `[key, value]` in order (`Mutator` repeats).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "Array<[string, string]>"))]
    pub rules: Option<Vec<(String, String)>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players: Option<Vec<Unreal2Player>>,
}

impl Unreal2Response {
    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let d = Datagram::decode(bytes)?;
        let mut r = Self {
            version: d.version,
            command: String::new(),
            info: None,
            rules: None,
            players: None,
        };
        match d.body {
            Body::Info(i) => (r.command, r.info) = ("info".into(), Some(i.into())),
            Body::Rules(rules) => (r.command, r.rules) = ("rules".into(), Some(rules)),
            Body::Players(p) => {
                (r.command, r.players) = ("players".into(), Some(p.into_iter().map(Into::into).collect()))
            }
        }
        Ok(r)
    }

    pub fn encode(&self) -> Result<Vec<u8>> {
        let body = match (command(&self.command)?, &self.info, &self.rules, &self.players) {
            (INFO, Some(i), None, None) => Body::Info(i.wire()?),
            (RULES, None, Some(r), None) => Body::Rules(r.clone()),
            (PLAYERS, None, None, Some(p)) => Body::Players(p.iter().map(Unreal2Player::wire).collect()),
            _ => {
                return Err(Error::invalid(
                    "a reply is the info, the rules or the players, as its command says",
                ))
            }
        };
        Datagram {
            version: self.version,
            body,
        }
        .encode()
    }
}

impl Input for Unreal2Response {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let r = Self {
            version: o.opt("version")?.unwrap_or(super::packets::REPLY_VERSION),
            command: o.req("command")?,
            info: o.opt("info")?,
            rules: o
                .opt::<Vec<Vec<String>>>("rules")?
                .map(|rules| rules.into_iter().map(pair).collect::<Result<_>>())
                .transpose()?,
            players: o.opt("players")?,
        };
        o.deny_unknown()?;
        Ok(r)
    }
}

fn pair(p: Vec<String>) -> Result<(String, String)> {
    match <[String; 2]>::try_from(p) {
        Ok([k, v]) => Ok((k, v)),
        Err(_) => Err(Error::invalid("each of rules is [key, value]")),
    }
}

/// A server to serve, and what `query` reads (`raw`, with the rules gathered).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Unreal2State", optional_fields))]
pub struct Unreal2State {
    #[cfg_attr(feature = "ts", ts(optional = false))]
    pub info: Unreal2Info,
    /// Every rule but the mutators; a key sent twice has its values joined by `,`.
    #[cfg_attr(feature = "ts", ts(optional = false))]
    pub rules: RuleList,
    /// The `Mutator` rules' values.
    #[cfg_attr(feature = "ts", ts(optional = false))]
    pub mutators: Vec<String>,
    #[cfg_attr(feature = "ts", ts(optional = false))]
    pub players: Vec<Unreal2Player>,
    /// The replies' header (default 128, UT2004's).
    pub version: u32,
}

impl Input for Unreal2State {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let state = Self {
            info: o.req("info")?,
            rules: o.or_default("rules")?,
            mutators: o.or_default("mutators")?,
            players: o.or_default("players")?,
            version: o.opt("version")?.unwrap_or(super::packets::REPLY_VERSION),
        };
        // A query's raw (`Unreal2QueryResult`) serves as it is.
        o.skip(&["parts", "latencyMs"]);
        o.deny_unknown()?;
        Ok(state)
    }
}

/// Rules as `raw` has them: mutators apart, a repeated key's values joined by `,`.
pub fn gather_rules(pairs: impl IntoIterator<Item = (String, String)>) -> (RuleList, Vec<String>) {
    let (mut rules, mut mutators): (Vec<(String, String)>, Vec<String>) = (vec![], vec![]);
    for (k, v) in pairs {
        if k.eq_ignore_ascii_case("mutator") {
            mutators.push(v);
        } else if let Some((_, value)) = rules.iter_mut().find(|(key, _)| *key == k) {
            value.push(',');
            value.push_str(&v);
        } else if !(k.is_empty() && v.is_empty()) {
            rules.push((k, v));
        }
    }
    (RuleList(rules), mutators)
}
