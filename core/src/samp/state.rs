//! A whole server as seen by a query — and, the same shape, what a responder serves.

use serde::Serialize;

use super::header::Dialect;
use super::info::{Info, OpenMpInfo};
use super::players::Player;
use crate::error::Result;
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::values::RuleList;

/// `query('samp').raw`, and the `state` of `serve('samp')`: serving a query's result
/// mirrors the queried server.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SampServerState"))]
pub struct ServerState {
    /// `'vcmp'`: a Vice City: Multiplayer server (`dialect: 'vcmp'`); absent for SA:MP's.
    #[serde(default, skip_serializing_if = "Dialect::is_samp")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Dialect>", optional))]
    pub dialect: Dialect,
    pub info: Info,
    #[serde(default)]
    pub rules: RuleList,
    /// In a query result, the same array as `players.list`.
    #[serde(default, serialize_with = "crate::tape::shared_players")]
    pub players: Vec<Player>,
    /// Which reply the list came from; absent when no list was received.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub players_source: Option<PlayersSource>,
    /// Why the list is empty although players are online (e.g. more than 100 players:
    /// servers send no list then).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub players_withheld: Option<String>,
    /// open.mp's `o` extras (Discord invite, banners, logo).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub open_mp: Option<OpenMpInfo>,
    /// True when the server answered `o` or its `version` rule starts with `omp `.
    #[serde(default)]
    pub is_open_mp: bool,
    /// The code page of every string (WHATWG name). When serving: the code page to
    /// write (default `utf-8`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub encoding: Option<String>,
    /// Undecoded bytes (hex) of every string, per reply, in wire order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub raw_strings: Option<RawStrings>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub latency_ms: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub latency_source: Option<LatencySource>,
    /// Replies that were malformed and ignored, in words.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<String>>", optional))]
    pub warnings: Vec<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SampRawStrings"))]
pub struct RawStrings {
    pub info: Vec<String>,
    pub rules: Vec<String>,
    pub players: Vec<String>,
    pub open_mp: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SampPlayersSource"))]
pub enum PlayersSource {
    #[serde(rename = "c")]
    Clients,
    #[serde(rename = "d")]
    Detailed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SampLatencySource"))]
pub enum LatencySource {
    /// The `p` round trip.
    Ping,
    /// The `i` round trip (the server did not answer `p`).
    Info,
}

impl Input for ServerState {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            dialect: o.or_default("dialect")?,
            info: o.req("info")?,
            rules: o.or_default("rules")?,
            players: o.or_default("players")?,
            players_source: o.or_default("playersSource")?,
            players_withheld: o.or_default("playersWithheld")?,
            open_mp: o.or_default("openMp")?,
            is_open_mp: o.or_default("isOpenMp")?,
            encoding: o.or_default("encoding")?,
            raw_strings: o.or_default("rawStrings")?,
            latency_ms: o.or_default("latencyMs")?,
            latency_source: o.or_default("latencySource")?,
            warnings: o.or_default("warnings")?,
        })
    }
}

impl Input for RawStrings {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            info: o.req("info")?,
            rules: o.req("rules")?,
            players: o.req("players")?,
            open_mp: o.req("openMp")?,
        })
    }
}

impl Input for PlayersSource {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        match String::read(value, at)?.as_str() {
            "c" => Ok(Self::Clients),
            "d" => Ok(Self::Detailed),
            other => Err(at.error(format_args!(
                "unknown variant {}, expected one of c, d",
                crate::error::quoted(other)
            ))),
        }
    }
}

impl Input for LatencySource {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        match String::read(value, at)?.as_str() {
            "ping" => Ok(Self::Ping),
            "info" => Ok(Self::Info),
            other => Err(at.error(format_args!(
                "unknown variant {}, expected one of ping, info",
                crate::error::quoted(other)
            ))),
        }
    }
}

/// Which player list to ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PlayersMode {
    /// `c`, and `d` too unless the server is known to be open.mp; the list comes from `d`
    /// (ids, pings) when it answers, else from `c`.
    #[default]
    Auto,
    /// Only `c` (names and scores).
    Clients,
    /// Only `d`; `c` instead when the server is known to be open.mp (it never answers `d`).
    Detailed,
    /// No player list.
    None,
}

impl ServerState {
    /// open.mp's version rule reads `omp 1.4.0.2779`.
    pub fn version_says_open_mp(rules: &RuleList) -> bool {
        rules.get("version").is_some_and(|v| v.starts_with("omp "))
    }
}
