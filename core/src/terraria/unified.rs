//! A TShock server as the unified `Status`: its `name`, the `world` as the map,
//! `serverversion` (Terraria's, `v1.4.4.9`) as the version, the counts, the game `port` it
//! advertises for `connect`, the players by `nickname`; the reply kept in `raw` as sent.

use serde_json::{Map, Value};

use crate::json::members::{integer, port, text};
use crate::status::{count, known, Known, Status, StatusPlayer, StatusPlayers};

/// What `query('terraria')` returns in `raw`: `/v2/server/status` as sent.
pub type TerrariaQueryResult = Map<String, Value>;

pub fn status(reply: Map<String, Value>, latency_ms: f64) -> Status<TerrariaQueryResult> {
    let list: Vec<StatusPlayer> = reply
        .get("players")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .filter_map(Value::as_object)
        .map(|p| StatusPlayer {
            name: text(p, "nickname").unwrap_or_default().to_string(),
            id: None,
            score: None,
            ping: None,
        })
        .collect();
    let online = integer(&reply, "playercount").map_or(list.len() as u32, count);
    let max = integer(&reply, "maxplayers").map_or(0, count);
    Status::new(
        Known {
            name: text(&reply, "name").unwrap_or_default().trim().to_string(),
            map: text(&reply, "world").and_then(known),
            version: text(&reply, "serverversion").and_then(known),
            password: reply.get("serverpassword").and_then(Value::as_bool).unwrap_or(false),
            players: StatusPlayers::new(online, max, list),
            ping_ms: Some(latency_ms),
            advertised_port: port(&reply, "port"),
            ..Known::default()
        },
        reply,
    )
}

/// `/v2/server/status` (the TypeScript shape of `raw`).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "TerrariaQueryResult", optional_fields)]
pub struct TerrariaReply {
    /// `"200"`.
    pub status: String,
    pub name: String,
    /// Terraria's version: `v1.4.4.9`.
    pub serverversion: String,
    pub tshockversion: String,
    /// The game port.
    pub port: f64,
    pub playercount: f64,
    pub maxplayers: f64,
    pub world: String,
    /// `d.hh:mm:ss` since the server started.
    pub uptime: String,
    pub serverpassword: bool,
    pub players: Vec<TerrariaPlayer>,
    /// TShock's settings (`AutoSave`, `PvPMode`, `SpawnProtection` …).
    #[ts(type = "Record<string, unknown>")]
    pub rules: (),
}

/// A row of `players`.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "TerrariaPlayer", optional_fields)]
pub struct TerrariaPlayer {
    pub nickname: String,
    /// The TShock account logged in, `""` when none.
    pub username: String,
    pub group: String,
    pub active: bool,
    pub state: f64,
    pub team: f64,
    /// With a token allowed `tshock.rest.viewips`.
    pub ip: String,
}
