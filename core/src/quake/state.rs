//! What a responder answers with, and what a query's `raw` holds: the settings in order
//! and the players, as text.

use serde::Serialize;

use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::values::RuleList;

/// A server as the family's replies describe it.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "QuakeState"))]
pub struct QuakeState {
    /// The infostring's pairs in order (`sv_hostname`, `mapname`, `sv_maxclients` …).
    pub info: RuleList,
    pub players: Vec<QuakePlayer>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
pub struct QuakePlayer {
    /// As sent, colour codes included.
    pub name: String,
    /// Quake 3 / Quake 2 score; QuakeWorld frags.
    pub score: i64,
    pub ping: i64,
    /// Warsow's team field.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
    /// QuakeWorld's fields besides those.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub world: Option<QuakeWorldPlayer>,
}

/// What a QuakeWorld player line adds.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct QuakeWorldPlayer {
    pub userid: i64,
    /// Minutes connected.
    pub time: i64,
    pub skin: String,
    /// Shirt and pants colours (0–13).
    pub top: i64,
    pub bottom: i64,
}

impl Input for QuakeWorldPlayer {
    fn read(value: Json, at: At<'_>) -> crate::error::Result<Self> {
        let mut o = Obj::new(value, at)?;
        let world = Self {
            userid: o.or_default("userid")?,
            time: o.or_default("time")?,
            skin: o.or_default("skin")?,
            top: o.or_default("top")?,
            bottom: o.or_default("bottom")?,
        };
        o.deny_unknown()?;
        Ok(world)
    }
}

impl Input for QuakeState {
    fn read(value: Json, at: At<'_>) -> crate::error::Result<Self> {
        let mut o = Obj::new(value, at)?;
        let state = Self {
            info: o.or_default("info")?,
            players: o.or_default("players")?,
        };
        // A query's raw (`QuakeQueryResult`) serves as it is.
        o.skip(&["encoding", "name", "latencyMs"]);
        o.deny_unknown()?;
        Ok(state)
    }
}

impl Input for QuakePlayer {
    fn read(value: Json, at: At<'_>) -> crate::error::Result<Self> {
        let mut o = Obj::new(value, at)?;
        let player = Self {
            name: o.req("name")?,
            score: o.or_default("score")?,
            ping: o.or_default("ping")?,
            team: o.opt("team")?,
            world: o.opt("world")?,
        };
        o.deny_unknown()?;
        Ok(player)
    }
}
