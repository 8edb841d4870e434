//! The one result shape every protocol's query returns (DESIGN.md § 2).

use serde::{Deserialize, Serialize};

use crate::samp::ServerState;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Status<R> {
    pub protocol: String,
    pub name: String,
    pub map: Option<String>,
    pub mode: Option<String>,
    pub version: Option<String>,
    pub password: bool,
    pub players: StatusPlayers,
    pub ping_ms: Option<u32>,
    /// The address that was queried (after DNS), and its port.
    pub address: String,
    pub port: u16,
    /// Everything the server sent, typed per protocol.
    pub raw: R,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StatusPlayers {
    pub online: u32,
    pub max: u32,
    pub list: Vec<StatusPlayer>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StatusPlayer {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
    pub score: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub ping: Option<u32>,
}

impl Status<ServerState> {
    pub fn from_samp(raw: ServerState, address: String, port: u16) -> Self {
        let rule = |name: &str| raw.rules.get(name).map(str::to_string);
        Status {
            protocol: "samp".into(),
            name: raw.info.hostname.clone(),
            map: rule("mapname"),
            mode: Some(raw.info.gamemode.clone()),
            version: rule("version"),
            password: raw.info.password,
            players: StatusPlayers {
                online: raw.info.players.into(),
                max: raw.info.max_players.into(),
                list: raw
                    .players
                    .iter()
                    .map(|p| StatusPlayer {
                        name: p.name.clone(),
                        id: p.id.map(|id| id.to_string()),
                        score: Some(p.score.into()),
                        ping: p.ping,
                    })
                    .collect(),
            },
            ping_ms: raw.latency_ms,
            address,
            port,
            raw,
        }
    }
}
