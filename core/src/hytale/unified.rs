//! A Hytale status as the unified `Status`: the server's name, version and slots
//! (`Server`, else `Basic` where only that section may be read), the default world as the
//! map, the players by name with the count (`Universe.CurrentPlayers`, or the rows where
//! more are listed: the server's count can read 0 while players are on, gamedig #755),
//! `Basic.Address`'s port for `connect`; the reply in `raw` as sent.

use serde_json::{Map, Value};

use super::PATH;
use crate::error::{Error, ErrorCode, Result};
use crate::http::page::Page;
use crate::json::members::{integer, text};
use crate::status::{count, known, Known, PlayerId, Status, StatusPlayer, StatusPlayers};

/// What `query('hytale')` returns in `raw`: the reply's sections as sent.
pub type HytaleQueryResult = Map<String, Value>;

/// The sections the plugin writes; a reply with none is not the plugin's.
const SECTIONS: [&str; 5] = ["Basic", "Server", "Universe", "Players", "Plugins"];

/// The reply as the plugin's object.
pub fn read(body: &[u8]) -> Result<Map<String, Value>> {
    let reply = crate::http::object::object(body, PATH)?;
    if !SECTIONS.iter().any(|s| reply.contains_key(*s)) {
        return Err(Error::new(
            ErrorCode::WrongProtocol,
            format!("GET {PATH} answered JSON without the query plugin's sections: not a Hytale server's"),
        ));
    }
    Ok(reply)
}

fn section<'a>(reply: &'a Map<String, Value>, name: &str) -> Option<&'a Map<String, Value>> {
    reply.get(name).and_then(Value::as_object)
}

pub fn status(reply: Map<String, Value>, latency_ms: f64) -> Status<HytaleQueryResult> {
    let (basic, server, universe) = (
        section(&reply, "Basic"),
        section(&reply, "Server"),
        section(&reply, "Universe"),
    );
    // The server's section, else the basic one.
    let either = |key: &str| {
        server
            .and_then(|s| s.get(key))
            .or_else(|| basic.and_then(|b| b.get(key)))
    };
    let list: Vec<StatusPlayer> = reply
        .get("Players")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .filter_map(Value::as_object)
        .map(|p| StatusPlayer {
            name: text(p, "Name").unwrap_or_default().to_string(),
            id: text(p, "UUID").and_then(known).map(PlayerId::Text),
            score: None,
            ping: None,
        })
        .collect();
    let said = universe
        .and_then(|u| integer(u, "CurrentPlayers"))
        .or_else(|| basic.and_then(|b| integer(b, "CurrentPlayers")))
        .map_or(0, count);
    let online = said.max(list.len() as u32);
    let max = either("MaxPlayers").and_then(Value::as_i64).map_or(0, count);
    let address = either("Address").and_then(Value::as_str);
    let port = address
        .and_then(|a| a.rsplit_once(':'))
        .and_then(|(_, p)| p.parse::<u16>().ok());
    Status::new(
        Known {
            name: either("Name")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .trim()
                .to_string(),
            map: universe.and_then(|u| text(u, "DefaultWorld")).and_then(known),
            mode: None,
            version: either("Version").and_then(Value::as_str).and_then(known),
            password: false,
            players: StatusPlayers::new(online, max, list),
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
    const STATE: &'static str = "Hytale state";
    const CONTENT_TYPE: &'static str = "application/x.hytale.nitrado.query+json;version=1";
    type Raw = HytaleQueryResult;

    fn status(body: &[u8], latency_ms: f64) -> Result<Status<Self::Raw>> {
        Ok(status(read(body)?, latency_ms))
    }
}

/// The reply (the TypeScript shape of `raw`): each section where the caller may read it.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "HytaleQueryResult", optional_fields)]
pub struct HytaleReply {
    #[ts(rename = "Basic")]
    pub basic: HytaleBasic,
    #[ts(rename = "Server")]
    pub server: HytaleServer,
    #[ts(rename = "Universe")]
    pub universe: HytaleUniverse,
    #[ts(rename = "Players")]
    pub players: Vec<HytalePlayer>,
    /// By plugin id (`Nitrado:WebServer`).
    #[ts(rename = "Plugins")]
    pub plugins: std::collections::HashMap<String, HytalePlugin>,
}

/// `Basic`: what the plugin's example gives anyone.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "HytaleBasic", rename_all = "PascalCase", optional_fields)]
pub struct HytaleBasic {
    pub name: String,
    pub version: String,
    pub max_players: f64,
    pub current_players: f64,
    /// `host:port`, where the server's public address is configured.
    pub address: String,
}

/// `Server`.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "HytaleServer", rename_all = "PascalCase", optional_fields)]
pub struct HytaleServer {
    pub name: String,
    pub version: String,
    pub revision: String,
    pub patchline: String,
    pub protocol_version: f64,
    pub protocol_hash: String,
    pub protocol_crc: f64,
    pub max_players: f64,
    pub address: String,
}

/// `Universe`.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "HytaleUniverse", rename_all = "PascalCase", optional_fields)]
pub struct HytaleUniverse {
    pub current_players: f64,
    pub default_world: Option<String>,
}

/// A row of `Players`.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "HytalePlayer", optional_fields)]
pub struct HytalePlayer {
    #[ts(rename = "Name")]
    pub name: String,
    #[ts(rename = "UUID")]
    pub uuid: String,
    #[ts(rename = "World")]
    pub world: String,
}

/// A plugin: `Enabled` and `State` where it is loaded.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "HytalePlugin", rename_all = "PascalCase", optional_fields)]
pub struct HytalePlugin {
    pub version: String,
    pub loaded: bool,
    pub enabled: bool,
    pub state: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_section_where_given_and_what_is_not_the_plugin() {
        let full = br#"{"Basic":{"Name":"B","Version":"v0","MaxPlayers":5,"CurrentPlayers":1},
            "Server":{"Name":" S ","Version":"2026.01","MaxPlayers":100,"Address":"play.example:5520"},
            "Universe":{"CurrentPlayers":0,"DefaultWorld":"default"},
            "Players":[{"Name":"Kweebec","UUID":"u-1","World":"default"},{"Name":"Trork","UUID":"u-2","World":"default"}]}"#;
        let s = status(read(full).unwrap(), 2.0);
        assert_eq!(
            (s.name.as_str(), s.version.as_deref(), s.map.as_deref()),
            ("S", Some("2026.01"), Some("default"))
        );
        // The rows outnumber a count of 0.
        assert_eq!(
            (s.players.online, s.players.max, s.advertised_port),
            (2, 100, Some(5520))
        );
        assert_eq!(s.players.list[1].id, Some(PlayerId::Text("u-2".into())));
        // Only what anyone may read.
        let basic = status(
            read(br#"{"Basic":{"Name":"B","Version":"v0","MaxPlayers":5,"CurrentPlayers":3}}"#).unwrap(),
            1.0,
        );
        assert_eq!(
            (basic.name.as_str(), basic.players.online, basic.players.max, basic.map),
            ("B", 3, 5, None)
        );
        assert_eq!(read(br#"{"name":"x"}"#).unwrap_err().code, ErrorCode::WrongProtocol);
        assert_eq!(read(b"[1]").unwrap_err().code, ErrorCode::Malformed);
        assert_eq!(read(b"<html>").unwrap_err().code, ErrorCode::BadJson);
    }
}
