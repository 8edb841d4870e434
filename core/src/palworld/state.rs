//! What a Palworld responder serves: the server as its four endpoints show it, and the
//! password they ask for.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::input::{At, Input, Obj};
use crate::json::members::{integer, text};
use crate::json::Json;

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
pub struct PalworldState {
    /// `servername`.
    pub name: String,
    pub description: String,
    /// `v0.3.11.64207` …
    pub version: String,
    /// `worldguid`: 32 hex digits.
    pub world_guid: String,
    /// `maxplayernum` (default 32, Palworld's most).
    pub max_players: u32,
    /// `serverfps`.
    pub fps: u32,
    /// `serverframetime`, ms.
    pub frame_time: f64,
    /// `uptime`, seconds.
    pub uptime: u64,
    /// In-game days passed (`days`).
    pub days: u32,
    /// Base camps built (`basecampnum`).
    pub base_camps: u32,
    pub players: Vec<PalworldPlayer>,
    /// `/v1/api/settings`' body: `PalWorldSettings.ini`'s keys as the server runs them.
    #[cfg_attr(feature = "ts", ts(type = "Record<string, unknown>"))]
    pub settings: Json,
    /// The `AdminPassword` every endpoint asks for (user `admin`); none: any request is
    /// answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub password: Option<String>,
}

/// A row of `/v1/api/players` (its keys there: `name`, `accountName`, `playerId`, `userId`,
/// `ip`, `ping`, `location_x`, `location_y`, `level`, `building_count`).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "PalworldPlayerState", optional_fields)
)]
pub struct PalworldPlayer {
    /// The character's name.
    pub name: String,
    /// The platform account's name.
    pub account_name: String,
    /// The character's id in the world (hex).
    pub player_id: String,
    /// `steam_76561198…`.
    pub user_id: String,
    pub ip: String,
    /// Milliseconds (a float on the wire).
    pub ping: f64,
    pub location_x: f64,
    pub location_y: f64,
    pub level: u32,
    pub building_count: u32,
}

impl Input for PalworldPlayer {
    fn read(value: Json, at: At<'_>) -> crate::error::Result<Self> {
        let mut o = Obj::new(value, at)?;
        let player = Self {
            name: o.req("name")?,
            account_name: o.or_default("accountName")?,
            player_id: o.or_default("playerId")?,
            user_id: o.or_default("userId")?,
            ip: o.or_default("ip")?,
            ping: o.or_default("ping")?,
            location_x: o.or_default("locationX")?,
            location_y: o.or_default("locationY")?,
            level: o.or_default("level")?,
            building_count: o.or_default("buildingCount")?,
        };
        o.deny_unknown()?;
        Ok(player)
    }
}

impl Input for PalworldState {
    fn read(value: Json, at: At<'_>) -> crate::error::Result<Self> {
        if value["serverInfo"].is_object() {
            return Ok(Self::from_raw(&value));
        }
        let mut o = Obj::new(value, at)?;
        let state = Self {
            name: o.or_default("name")?,
            description: o.or_default("description")?,
            version: o.or_default("version")?,
            world_guid: o.or_default("worldGuid")?,
            max_players: o.or_else("maxPlayers", || 32)?,
            fps: o.or_else("fps", || 60)?,
            frame_time: o.or_else("frameTime", || 16.7)?,
            uptime: o.or_default("uptime")?,
            days: o.or_default("days")?,
            base_camps: o.or_default("baseCamps")?,
            players: o.or_default("players")?,
            settings: o.or_default("settings")?,
            password: o.opt("password")?,
        };
        o.deny_unknown()?;
        Ok(state)
    }
}

impl PalworldState {
    /// A query's `raw` (`serverInfo`, `players`, `metrics`, `settings` as the server sent
    /// them): what a saved result serves back. Read tolerantly, as the query read the server.
    fn from_raw(raw: &Json) -> Self {
        let object = |key: &str| match serde_json::to_value(&raw[key]) {
            Ok(Value::Object(o)) => o,
            _ => Map::new(),
        };
        let (info, metrics) = (object("serverInfo"), object("metrics"));
        let number = |o: &Map<String, Value>, key: &str| o.get(key).and_then(Value::as_f64).unwrap_or(0.0);
        let whole =
            |o: &Map<String, Value>, key: &str| integer(o, key).and_then(|n| u32::try_from(n).ok()).unwrap_or(0);
        let string = |o: &Map<String, Value>, key: &str| text(o, key).unwrap_or_default().to_string();
        let players = match serde_json::to_value(&raw["players"]) {
            Ok(Value::Array(rows)) => rows
                .iter()
                .filter_map(Value::as_object)
                .map(|p| PalworldPlayer {
                    name: string(p, "name"),
                    account_name: string(p, "accountName"),
                    player_id: string(p, "playerId"),
                    user_id: string(p, "userId"),
                    ip: string(p, "ip"),
                    ping: number(p, "ping"),
                    location_x: number(p, "location_x"),
                    location_y: number(p, "location_y"),
                    level: whole(p, "level"),
                    building_count: whole(p, "building_count"),
                })
                .collect(),
            _ => vec![],
        };
        Self {
            name: string(&info, "servername"),
            description: string(&info, "description"),
            version: string(&info, "version"),
            world_guid: string(&info, "worldguid"),
            max_players: whole(&metrics, "maxplayernum"),
            fps: whole(&metrics, "serverfps"),
            frame_time: number(&metrics, "serverframetime"),
            uptime: integer(&metrics, "uptime")
                .and_then(|n| u64::try_from(n).ok())
                .unwrap_or(0),
            days: whole(&metrics, "days"),
            base_camps: whole(&metrics, "basecampnum"),
            players,
            settings: raw["settings"].clone(),
            password: None,
        }
    }
}
