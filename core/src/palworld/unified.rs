//! A Palworld server as the unified `Status`: the name and version from `/v1/api/info`, the
//! counts from `/v1/api/metrics` (the rows' count without it), the players from
//! `/v1/api/players` (name, `userId` as the id, ping rounded to a millisecond), every body
//! kept in `raw` as the server sent it.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::json::members::{integer, text};
use crate::status::{count, known, Known, PlayerId, Status, StatusPlayer, StatusPlayers};

/// What `query('palworld')` returns in `raw`.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PalworldQueryResult {
    /// `/v1/api/info` as sent: `servername`, `version`, `description`, `worldguid`.
    #[cfg_attr(feature = "ts", ts(type = "PalworldInfo"))]
    pub server_info: Map<String, Value>,
    /// `/v1/api/players`' rows as sent (none when not asked or not answered).
    #[cfg_attr(feature = "ts", ts(type = "Array<PalworldPlayer>"))]
    pub players: Vec<Value>,
    /// `/v1/api/metrics` as sent, when answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "PalworldMetrics"))]
    pub metrics: Option<Map<String, Value>>,
    /// `/v1/api/settings` as sent (`PalWorldSettings.ini`'s keys), when asked and answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "Record<string, unknown>"))]
    pub settings: Option<Map<String, Value>>,
    /// `/v1/api/info`'s round trip, ms.
    pub latency_ms: f64,
    /// Parts that failed while the status did not: `/v1/api/players: …`.
    pub warnings: Vec<String>,
}

/// The status of `info`; the other endpoints fill in more ([`with_metrics`], [`with_players`]).
pub fn status(info: Map<String, Value>, latency_ms: f64) -> Status<PalworldQueryResult> {
    Status::new(
        Known {
            name: text(&info, "servername").unwrap_or_default().trim().to_string(),
            version: text(&info, "version").and_then(known),
            ping_ms: Some(latency_ms),
            ..Known::default()
        },
        PalworldQueryResult {
            server_info: info,
            latency_ms,
            ..Default::default()
        },
    )
}

/// `/v1/api/players`' rows: the list, and the count until the metrics say otherwise.
pub fn with_players(status: &mut Status<PalworldQueryResult>, rows: Vec<Value>) {
    let list: Vec<StatusPlayer> = rows
        .iter()
        .filter_map(Value::as_object)
        .map(|p| StatusPlayer {
            name: text(p, "name").unwrap_or_default().to_string(),
            id: text(p, "userId").and_then(known).map(PlayerId::Text),
            score: None,
            ping: integer(p, "ping").and_then(|ms| u32::try_from(ms).ok()),
        })
        .collect();
    let online = if status.raw.metrics.is_some() {
        status.players.online
    } else {
        count(list.len() as i64)
    };
    status.players = StatusPlayers::new(online, status.players.max, list);
    status.raw.players = rows;
}

/// `/v1/api/metrics`: the counts.
pub fn with_metrics(status: &mut Status<PalworldQueryResult>, metrics: Map<String, Value>) {
    let online = integer(&metrics, "currentplayernum").map_or(status.players.online, count);
    let max = integer(&metrics, "maxplayernum").map_or(status.players.max, count);
    let list = std::mem::take(&mut status.players.list);
    status.players = StatusPlayers::new(online, max, list);
    status.raw.metrics = Some(metrics);
}

/// `/v1/api/settings`: the player cap when the metrics gave none.
pub fn with_settings(status: &mut Status<PalworldQueryResult>, settings: Map<String, Value>) {
    if status.players.max == 0 {
        let max = integer(&settings, "ServerPlayerMaxNum").map_or(0, count);
        let list = std::mem::take(&mut status.players.list);
        status.players = StatusPlayers::new(status.players.online, max, list);
    }
    status.raw.settings = Some(settings);
}

/// `/v1/api/info` (the TypeScript shape of `raw.serverInfo`).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "PalworldInfo", optional_fields)]
pub struct PalworldInfo {
    pub servername: String,
    /// `v0.3.11.64207` …
    pub version: String,
    pub description: String,
    pub worldguid: String,
}

/// A row of `/v1/api/players` as the server sends it (`raw.players`).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "PalworldPlayer", optional_fields)]
#[allow(non_snake_case)]
pub struct PalworldPlayer {
    pub name: String,
    pub accountName: String,
    pub playerId: String,
    /// `steam_76561198…`.
    pub userId: String,
    pub ip: String,
    /// Milliseconds, a float.
    pub ping: f64,
    pub location_x: f64,
    pub location_y: f64,
    pub level: f64,
    pub building_count: f64,
}

/// `/v1/api/metrics` (`raw.metrics`).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "PalworldMetrics", optional_fields)]
pub struct PalworldMetrics {
    pub serverfps: f64,
    pub currentplayernum: f64,
    /// Milliseconds.
    pub serverframetime: f64,
    pub maxplayernum: f64,
    /// Seconds.
    pub uptime: f64,
    /// In-game days.
    pub days: f64,
    pub basecampnum: f64,
}
