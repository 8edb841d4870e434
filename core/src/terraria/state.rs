//! What a TShock responder serves: `/v2/server/status` as the server would write it, and
//! the token it wants, if any.

use serde::Serialize;

use crate::input::{At, Input, Obj};
use crate::json::Json;

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
pub struct TerrariaState {
    /// `ServerName` (TShock's config).
    pub name: String,
    /// Terraria's version, `v1.4.4.9`.
    pub server_version: String,
    /// TShock's, `5.2.0.0`.
    pub tshock_version: String,
    /// The game port (default 7777).
    pub port: u16,
    /// `MaxSlots` (default 8).
    pub max_players: u32,
    pub world: String,
    /// `d.hh:mm:ss`.
    pub uptime: String,
    /// The server has a join password.
    pub password: bool,
    pub players: Vec<TerrariaPlayerState>,
    /// TShock's settings as `rules=true` shows them.
    #[cfg_attr(feature = "ts", ts(type = "Record<string, unknown>"))]
    pub rules: Json,
    /// A REST token the status wants (`EnableTokenEndpointAuthentication`); none: anyone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

/// A connected player.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
pub struct TerrariaPlayerState {
    pub nickname: String,
    /// The TShock account logged in (`""`: none).
    pub username: String,
    /// Default `default`.
    pub group: String,
    /// Terraria's team number (0: none).
    pub team: u32,
}

impl Input for TerrariaPlayerState {
    fn read(value: Json, at: At<'_>) -> crate::error::Result<Self> {
        let mut o = Obj::new(value, at)?;
        let player = Self {
            nickname: o.req("nickname")?,
            username: o.or_default("username")?,
            group: o.or_else("group", || "default".to_string())?,
            team: o.or_default("team")?,
        };
        o.deny_unknown()?;
        Ok(player)
    }
}

impl Input for TerrariaState {
    fn read(value: Json, at: At<'_>) -> crate::error::Result<Self> {
        if !value["tshockversion"].is_null() {
            return Ok(Self::from_raw(&value));
        }
        let mut o = Obj::new(value, at)?;
        let state = Self {
            name: o.or_default("name")?,
            server_version: o.or_default("serverVersion")?,
            tshock_version: o.or_default("tshockVersion")?,
            port: o.or_else("port", || 7777)?,
            max_players: o.or_else("maxPlayers", || 8)?,
            world: o.or_default("world")?,
            uptime: o.or_else("uptime", || "0.00:00:00".to_string())?,
            password: o.or_default("password")?,
            players: o.or_default("players")?,
            rules: o.or_default("rules")?,
            token: o.opt("token")?,
        };
        o.deny_unknown()?;
        Ok(state)
    }
}

impl TerrariaState {
    /// A query's `raw` (the reply as TShock sent it): what a saved result serves back.
    fn from_raw(raw: &Json) -> Self {
        let text = |key: &str| raw[key].as_str().unwrap_or_default().to_string();
        let number = |key: &str| raw[key].as_u64().unwrap_or(0);
        let players = raw["players"]
            .as_array()
            .unwrap_or_default()
            .iter()
            .map(|p| TerrariaPlayerState {
                nickname: p["nickname"].as_str().unwrap_or_default().to_string(),
                username: p["username"].as_str().unwrap_or_default().to_string(),
                group: p["group"].as_str().unwrap_or("default").to_string(),
                team: p["team"].as_u64().and_then(|t| u32::try_from(t).ok()).unwrap_or(0),
            })
            .collect();
        Self {
            name: text("name"),
            server_version: text("serverversion"),
            tshock_version: text("tshockversion"),
            port: u16::try_from(number("port")).unwrap_or(7777),
            max_players: u32::try_from(number("maxplayers")).unwrap_or(0),
            world: text("world"),
            uptime: text("uptime"),
            password: raw["serverpassword"].as_bool().unwrap_or(false),
            players,
            rules: raw["rules"].clone(),
            token: None,
        }
    }
}
