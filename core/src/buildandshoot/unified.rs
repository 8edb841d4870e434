//! A Build and Shoot status as the unified `Status`: `serverName`, `map.name`, `gameMode`
//! as the mode, `serverVersion` (the protocol's: 3 for 0.75), the players by name with
//! their kills as the score and latency as the ping (from the list piqueserver writes, or
//! the `{ blue, green }` teams older status servers did), `maxPlayers`,
//! `serverIdentifier`'s port (`aos://<ip>:<port>`) for `connect`; the object in `raw` as
//! sent.

use serde_json::{Map, Value};

use super::PATH;
use crate::error::{Error, ErrorCode, Result};
use crate::http::page::Page;
use crate::json::members::{integer, text};
use crate::status::{count, known, Known, Status, StatusPlayer, StatusPlayers};

/// What `query('buildandshoot')` returns in `raw`: the status object as sent.
pub type BuildAndShootQueryResult = Map<String, Value>;

/// The reply as the status object it must be: one with a server name.
pub fn read(body: &[u8]) -> Result<Map<String, Value>> {
    let reply = crate::http::object::object(body, PATH)?;
    if !reply.get("serverName").is_some_and(Value::is_string) {
        return Err(Error::new(
            ErrorCode::WrongProtocol,
            format!("GET {PATH} answered JSON without a serverName: not a Build and Shoot status server"),
        ));
    }
    Ok(reply)
}

/// A row of the list: a name, or an object with one.
fn player(row: &Value) -> Option<StatusPlayer> {
    let (name, o) = match row {
        Value::String(name) => (name.as_str(), None),
        Value::Object(o) => (text(o, "name").unwrap_or_default(), Some(o)),
        _ => return None,
    };
    Some(StatusPlayer {
        name: name.to_string(),
        id: None,
        score: o.and_then(|o| integer(o, "kills")),
        ping: o.and_then(|o| integer(o, "latency")).map(count),
    })
}

pub fn status(reply: Map<String, Value>, latency_ms: f64) -> Status<BuildAndShootQueryResult> {
    let players = reply.get("players");
    let rows: Vec<&Value> = match players {
        Some(Value::Array(rows)) => rows.iter().collect(),
        Some(Value::Object(teams)) => ["blue", "green"]
            .iter()
            .filter_map(|t| teams.get(*t).and_then(Value::as_array))
            .flatten()
            .collect(),
        _ => vec![],
    };
    let list: Vec<StatusPlayer> = rows.into_iter().filter_map(player).collect();
    let max = integer(&reply, "maxPlayers")
        .or_else(|| {
            players
                .and_then(Value::as_object)
                .and_then(|t| integer(t, "maxPlayers"))
        })
        .map_or(0, count);
    let version = match reply.get("serverVersion") {
        Some(Value::Number(n)) => Some(n.to_string()),
        Some(Value::String(s)) => known(s),
        _ => None,
    };
    let map = reply
        .get("map")
        .and_then(Value::as_object)
        .and_then(|m| text(m, "name"))
        .and_then(known);
    let port = text(&reply, "serverIdentifier")
        .and_then(|id| id.rsplit_once(':'))
        .and_then(|(_, p)| p.parse::<u16>().ok());
    Status::new(
        Known {
            name: text(&reply, "serverName").unwrap_or_default().trim().to_string(),
            map,
            mode: text(&reply, "gameMode").and_then(known),
            version,
            password: false,
            players: StatusPlayers::new(list.len() as u32, max, list),
            ping_ms: Some(latency_ms),
            advertised_port: port.filter(|p| *p != 0),
        },
        reply,
    )
}

/// The status page, for the query and the responder `crate::http::page` makes of it.
pub struct StatusPage;

impl Page for StatusPage {
    const PATH: &'static str = super::PATH;
    const MAX_BODY: usize = super::MAX_BODY;
    const STATE: &'static str = "Build and Shoot state";
    type Raw = BuildAndShootQueryResult;

    fn status(body: &[u8], latency_ms: f64) -> Result<Status<Self::Raw>> {
        Ok(status(read(body)?, latency_ms))
    }
}

/// The status object (the TypeScript shape of `raw`), as piqueserver writes it.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "BuildAndShootQueryResult", rename_all = "camelCase", optional_fields)]
pub struct BuildAndShootReply {
    /// `aos://<the address as a number>:<port>`, once the server knows its public address.
    pub server_identifier: Option<String>,
    pub server_name: String,
    /// The game protocol's version (3: Ace of Spades 0.75).
    pub server_version: f64,
    /// Seconds since it started.
    pub server_uptime: f64,
    /// `ctf`, `tc` …
    pub game_mode: String,
    pub map: BuildAndShootMap,
    pub scripts: Vec<String>,
    pub players: Vec<BuildAndShootPlayer>,
    pub max_players: f64,
    pub scores: BuildAndShootScores,
}

/// `map`.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "BuildAndShootMap", optional_fields)]
pub struct BuildAndShootMap {
    pub name: String,
    pub version: String,
    pub author: String,
}

/// A row of `players`.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "BuildAndShootPlayer", optional_fields)]
pub struct BuildAndShootPlayer {
    pub name: String,
    /// Milliseconds.
    pub latency: f64,
    /// The client the player runs (`OpenSpades`, `BetterSpades` …).
    pub client: String,
    pub kills: f64,
    /// `Blue`, `Green` or `Spectator` (the server's team names).
    pub team: String,
}

/// `scores`.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "BuildAndShootScores", rename_all = "camelCase", optional_fields)]
pub struct BuildAndShootScores {
    pub current_blue_score: f64,
    pub current_green_score: f64,
    pub max_score: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_of_the_players_and_what_is_not_a_status_server() {
        let s = status(
            read(br#"{"serverIdentifier":"aos://16777343:32887","serverName":" P ","serverVersion":3,"gameMode":"ctf","map":{"name":"hallway"},"players":[{"name":"Deuce","latency":40,"kills":7,"team":"Blue"},"Bot"],"maxPlayers":32}"#).unwrap(),
            2.0,
        );
        assert_eq!(
            (
                s.name.as_str(),
                s.map.as_deref(),
                s.mode.as_deref(),
                s.version.as_deref()
            ),
            ("P", Some("hallway"), Some("ctf"), Some("3"))
        );
        assert_eq!(
            (s.players.online, s.players.max, s.advertised_port),
            (2, 32, Some(32887))
        );
        assert_eq!((s.players.list[0].score, s.players.list[0].ping), (Some(7), Some(40)));
        assert_eq!(s.players.list[1].name, "Bot");
        let teams = status(
            read(br#"{"serverName":"T","players":{"blue":["A"],"green":[{"name":"B"}],"maxPlayers":16}}"#).unwrap(),
            1.0,
        );
        assert_eq!(
            (teams.players.online, teams.players.max, teams.advertised_port),
            (2, 16, None)
        );
        assert_eq!(read(br#"{"name":"x"}"#).unwrap_err().code, ErrorCode::WrongProtocol);
        assert_eq!(read(b"[1]").unwrap_err().code, ErrorCode::Malformed);
    }
}
