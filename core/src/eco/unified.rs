//! An Eco status as the unified `Status`: `Info.Description` as the name (its rich-text
//! tags left out), `OnlinePlayers` of `TotalPlayers` (every player the world has seen, as
//! gamedig reads it: the reply says no slot count), `HasPassword`, `Version`, the players
//! by name (`OnlinePlayersNames`, where the server writes it), `GamePort` for `connect`;
//! `Info` in `raw` as sent (its `Graphs` beside it, the world's statistics, left out).

use serde_json::{Map, Value};

use super::PATH;
use crate::error::{Error, ErrorCode, Result};
use crate::http::page::Page;
use crate::json::members::{integer, port, text};
use crate::status::{count, known, Known, Status, StatusPlayer, StatusPlayers};

/// What `query('eco')` returns in `raw`: the reply's `Info` as sent.
pub type EcoQueryResult = Map<String, Value>;

/// The reply's `Info`, which it must hold.
pub fn read(body: &[u8]) -> Result<Map<String, Value>> {
    match crate::http::object::object(body, PATH)?.remove("Info") {
        Some(Value::Object(info)) => Ok(info),
        _ => Err(Error::new(
            ErrorCode::WrongProtocol,
            format!("GET {PATH} answered JSON without its Info: not an Eco server"),
        )),
    }
}

pub fn status(info: Map<String, Value>, latency_ms: f64) -> Status<EcoQueryResult> {
    let list: Vec<StatusPlayer> = info
        .get("OnlinePlayersNames")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .filter_map(Value::as_str)
        .map(|name| StatusPlayer {
            name: name.to_string(),
            id: None,
            score: None,
            ping: None,
        })
        .collect();
    let online = integer(&info, "OnlinePlayers").map_or(list.len() as u32, count);
    let max = integer(&info, "TotalPlayers").map_or(0, count);
    Status::new(
        Known {
            name: crate::text::rich::strip(text(&info, "Description").unwrap_or_default())
                .trim()
                .to_string(),
            map: None,
            mode: None,
            version: text(&info, "Version").and_then(known),
            password: info.get("HasPassword").and_then(Value::as_bool).unwrap_or(false),
            players: StatusPlayers::new(online, max, list),
            ping_ms: Some(latency_ms),
            advertised_port: port(&info, "GamePort"),
        },
        info,
    )
}

/// The status page, for the query and the responder `crate::http::page` makes of it.
pub struct StatusPage;

impl Page for StatusPage {
    const PATH: &'static str = super::PATH;
    const MAX_BODY: usize = super::MAX_BODY;
    const STATE: &'static str = "Eco state";
    type Raw = EcoQueryResult;

    fn status(body: &[u8], latency_ms: f64) -> Result<Status<Self::Raw>> {
        Ok(status(read(body)?, latency_ms))
    }

    /// The front page; a saved query's `raw` (its `Info`) serves under `Info`.
    fn served(state: Map<String, Value>) -> Map<String, Value> {
        if state.get("Info").is_some_and(Value::is_object) {
            return state;
        }
        Map::from_iter([("Info".to_string(), Value::Object(state))])
    }
}

/// `Info` (the TypeScript shape of `raw`; a server's other fields as sent beside these).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "EcoQueryResult", rename_all = "PascalCase", optional_fields)]
pub struct EcoInfo {
    /// Above 2^53 on many servers: read it from the reply's text where it matters.
    pub unique_identifier: f64,
    pub game_port: f64,
    pub web_port: f64,
    #[ts(rename = "IsLAN")]
    pub is_lan: bool,
    /// The name, in Unity's rich text (`<color=#ff0000>…</color>`).
    pub description: String,
    pub detailed_description: String,
    pub category: String,
    pub online_players: f64,
    /// Every player the world has seen.
    pub total_players: f64,
    pub online_players_names: Vec<String>,
    pub admin_online: bool,
    pub time_since_start: f64,
    pub time_left: f64,
    pub animals: f64,
    pub plants: f64,
    pub laws: f64,
    pub world_size: String,
    pub version: String,
    pub economy_desc: String,
    pub language: String,
    pub has_password: bool,
    pub has_meteor: bool,
    pub leader: String,
    pub world_objective: String,
    pub discord_address: String,
    pub join_url: String,
}

/// The front page as a server writes it: what `serve('eco')` takes.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "EcoState", optional_fields)]
pub struct EcoReply {
    #[ts(rename = "Info", optional = false)]
    pub info: EcoInfo,
    /// The world's statistics.
    #[ts(rename = "Graphs", type = "unknown[]")]
    pub graphs: (),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_and_what_is_not_an_eco_server() {
        let s = status(
            read(br#"{"Info":{"Description":"<b><color=#ff0000>E</color>co</b> ","OnlinePlayers":2,"TotalPlayers":40,"HasPassword":true,"Version":"0.11.1.5 beta","GamePort":3000,"OnlinePlayersNames":["Ana","Bo"]},"Graphs":[]}"#).unwrap(),
            4.0,
        );
        assert_eq!(
            (s.name.as_str(), s.version.as_deref(), s.password),
            ("Eco", Some("0.11.1.5 beta"), true)
        );
        assert_eq!(
            (s.players.online, s.players.max, s.advertised_port),
            (2, 40, Some(3000))
        );
        assert_eq!(
            s.players.list.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(),
            ["Ana", "Bo"]
        );
        assert!(!s.raw.contains_key("Graphs"));
        assert_eq!(
            read(br#"{"Description":"x"}"#).unwrap_err().code,
            ErrorCode::WrongProtocol
        );
        assert_eq!(read(b"[1]").unwrap_err().code, ErrorCode::Malformed);
        assert_eq!(read(b"<html>").unwrap_err().code, ErrorCode::BadJson);
    }
}
