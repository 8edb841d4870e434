//! An ElDewrito status as the unified `Status`: `name`, `map`, the game variant as the
//! mode, `eldewritoVersion` as the version, the counts (`numPlayers`, `maxPlayers`), the
//! players by name with their scores, the game `port` for `connect`; the reply in `raw` as
//! sent.

use serde_json::{Map, Value};

use super::PATH;
use crate::error::{Error, ErrorCode, Result};
use crate::http::page::Page;
use crate::json::members::{integer, port, text};
use crate::status::{count, known, Known, Status, StatusPlayer, StatusPlayers};

/// What `query('eldewrito')` returns in `raw`: the status object as sent.
pub type ElDewritoQueryResult = Map<String, Value>;

/// The reply as the status object it must be.
pub fn read(body: &[u8]) -> Result<Map<String, Value>> {
    let reply = crate::http::object::object(body, PATH)?;
    if !reply.get("name").is_some_and(Value::is_string) {
        return Err(Error::new(
            ErrorCode::WrongProtocol,
            format!("GET {PATH} answered JSON without a server name: not an ElDewrito server"),
        ));
    }
    Ok(reply)
}

pub fn status(reply: Map<String, Value>, latency_ms: f64) -> Status<ElDewritoQueryResult> {
    let list: Vec<StatusPlayer> = reply
        .get("players")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .filter_map(Value::as_object)
        .map(|p| StatusPlayer {
            name: text(p, "name").unwrap_or_default().to_string(),
            id: None,
            score: integer(p, "score"),
            ping: None,
        })
        .collect();
    let online = integer(&reply, "numPlayers").map_or(list.len() as u32, count);
    let max = integer(&reply, "maxPlayers").map_or(0, count);
    // A server with a password answers a shorter status that says so.
    let password = reply.get("passworded").and_then(Value::as_bool).unwrap_or(false);
    Status::new(
        Known {
            name: text(&reply, "name").unwrap_or_default().trim().to_string(),
            map: text(&reply, "map").and_then(known),
            mode: text(&reply, "variant").and_then(known).filter(|v| v != "none"),
            version: text(&reply, "eldewritoVersion").and_then(known),
            password,
            players: StatusPlayers::new(online, max, list),
            ping_ms: Some(latency_ms),
            advertised_port: port(&reply, "port"),
        },
        reply,
    )
}

/// The status page, for the query and the responder `crate::http::page` makes of it.
pub struct StatusPage;

impl Page for StatusPage {
    const PATH: &'static str = super::PATH;
    const MAX_BODY: usize = super::MAX_BODY;
    const STATE: &'static str = "ElDewrito state";
    type Raw = ElDewritoQueryResult;

    fn status(body: &[u8], latency_ms: f64) -> Result<Status<Self::Raw>> {
        Ok(status(read(body)?, latency_ms))
    }

    /// `numPlayers` the players listed, where the state leaves it out.
    fn served(mut status: Map<String, Value>) -> Map<String, Value> {
        let listed = status.get("players").and_then(Value::as_array).map_or(0, Vec::len);
        status.entry("numPlayers").or_insert_with(|| Value::from(listed));
        status
    }
}

/// The status object (the TypeScript shape of `raw`; the server's other fields —
/// `sprintState`, `modCount`, `xnkid` … — as sent, beside these).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "ElDewritoQueryResult", rename_all = "camelCase", optional_fields)]
pub struct ElDewritoReply {
    pub name: String,
    /// The game port (11774).
    pub port: f64,
    pub file_server_port: f64,
    pub host_player: String,
    pub map: String,
    pub map_file: String,
    /// The game variant's name (`Slayer`), and its type (`slayer`).
    pub variant: String,
    pub variant_type: String,
    /// `InLobby`, `InGame` …
    pub status: String,
    pub num_players: f64,
    pub max_players: f64,
    pub teams: bool,
    pub passworded: bool,
    pub is_dedicated: bool,
    pub game_version: String,
    pub eldewrito_version: String,
    pub players: Vec<ElDewritoPlayer>,
}

/// A row of `players`.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "ElDewritoPlayer", rename_all = "camelCase", optional_fields)]
pub struct ElDewritoPlayer {
    pub name: String,
    pub uid: String,
    pub team: f64,
    pub score: f64,
    pub kills: f64,
    pub assists: f64,
    pub deaths: f64,
    pub betrayals: f64,
    pub time_spent_alive: f64,
    pub suicides: f64,
    pub best_streak: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_object_and_what_is_not_one() {
        let s = status(
            read(br#"{"name":" E ","map":"Guardian","variant":"none","numPlayers":1,"maxPlayers":16,"port":11774,"players":[{"name":"A","score":-2}],"eldewritoVersion":"0.6.1.0"}"#).unwrap(),
            3.0,
        );
        assert_eq!(
            (s.name.as_str(), s.map.as_deref(), s.mode.as_deref()),
            ("E", Some("Guardian"), None)
        );
        assert_eq!(
            (s.players.online, s.players.max, s.players.list[0].score),
            (1, 16, Some(-2))
        );
        assert_eq!(
            (s.version.as_deref(), s.advertised_port),
            (Some("0.6.1.0"), Some(11774))
        );
        assert!(status(read(br#"{"name":"P","passworded":true}"#).unwrap(), 1.0).password);
        assert_eq!(read(br#"{"hostname":"x"}"#).unwrap_err().code, ErrorCode::WrongProtocol);
        assert_eq!(read(b"[1]").unwrap_err().code, ErrorCode::Malformed);
        assert_eq!(read(b"<html>").unwrap_err().code, ErrorCode::BadJson);
    }
}
