//! What `query('minecraft-java')` returns in `raw`: the status plus how it was obtained.
//! `serve('minecraft-java')` accepts this shape (the extra fields are ignored).

use serde::Serialize;

use super::exchange::JavaLatencySource;
use super::status::{JavaStatus, Players, Version};
use crate::minecraft::legacy;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct JavaQueryResult {
    #[serde(flatten)]
    pub status: JavaStatus,
    pub latency_ms: f64,
    pub latency_source: JavaLatencySource,
    /// The `_minecraft._tcp` record used, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub srv: Option<SrvRecord>,
    /// True when the server only answered the legacy ping (a pre-1.7 server).
    #[serde(default)]
    pub legacy: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SrvRecord {
    pub target: String,
    pub port: u16,
}

/// What `query('minecraft-legacy')` returns in `raw`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LegacyQueryResult {
    #[serde(flatten)]
    pub reply: legacy::Response,
    pub latency_ms: f64,
}

impl JavaStatus {
    /// A legacy reply seen as a status (for the fallback).
    pub fn from_legacy(reply: legacy::Response) -> Self {
        let mut status = JavaStatus::from_document(crate::json::Json::Null);
        status.version = reply.version.map(|name| Version {
            name,
            protocol: reply.protocol.unwrap_or(0),
        });
        status.players = Some(Players {
            online: reply.online,
            max: reply.max,
            sample: Default::default(),
        });
        status.motd = reply.motd;
        status
    }
}
