//! A FiveM server as the unified `Status`: the counts from `getinfo` (or `/dynamic.json`),
//! the names from `/players.json` (anonymised rows stay as the server sent them: the count
//! is `clients`, not the rows), the version from `/info.json`; colour codes (`^1` …) gone
//! from the name and kept in `raw`.

use serde::Serialize;

use super::endpoints::{FivemInfo, FivemPlayer};
use super::packets::FivemResponse;
use crate::idtech::colours::plain;
use crate::idtech::Dialect;
use crate::status::{count, known, Known, PlayerId, Status, StatusPlayer, StatusPlayers};
use crate::values::RuleList;

/// What `query('fivem')` returns in `raw`.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FivemQueryResult {
    /// `getinfo`'s infostring (`hostname` with its colour codes, `clients`, `sv_maxclients`,
    /// `gametype`, `mapname`, `iv` …), or `/dynamic.json`'s values as text with `udp: false`.
    pub info: RuleList,
    /// The server's name with its colour codes in every rendering (plain, ANSI, HTML).
    pub name: crate::text::carets::Coloured,
    /// `/players.json`'s rows (none when not asked or not answered).
    pub players: Vec<FivemPlayer>,
    /// `/info.json`: resources, settings, icon, version.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub server_info: Option<FivemInfo>,
    /// `serverInfo` came from this process's cache: its `iv` had not changed.
    pub server_info_cached: bool,
    pub latency_ms: f64,
    /// Parts that failed while the status did not: `/players.json: …`.
    pub warnings: Vec<String>,
    /// `getstatus`'s reply (players, then every setting), when asked for (`getStatus`)
    /// and the server has it on (`sv_enableGetStatus`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub status_response: Option<FivemResponse>,
}

fn number(info: &RuleList, key: &str) -> i64 {
    info.get(key).and_then(|v| v.trim().parse().ok()).unwrap_or(0)
}

/// The status of `info` (getinfo's pairs); the HTTP parts fill in more
/// ([`with_players`], [`with_info`]).
pub fn status(info: RuleList, latency_ms: f64) -> Status<FivemQueryResult> {
    let rendered = crate::text::carets::render(info.get("hostname").unwrap_or_default());
    let name = rendered.plain.clone();
    let text = |k: &str| info.get(k).and_then(known);
    let (online, max) = (count(number(&info, "clients")), count(number(&info, "sv_maxclients")));
    Status::new(
        Known {
            name,
            map: text("mapname"),
            mode: text("gametype"),
            players: StatusPlayers::new(online, max, vec![]),
            ping_ms: Some(latency_ms),
            ..Known::default()
        },
        FivemQueryResult {
            name: rendered,
            info,
            latency_ms,
            ..Default::default()
        },
    )
}

/// `getstatus`'s reply into the status: its players are the list (names without colour
/// codes) until `/players.json`'s rows replace them.
pub fn with_status_reply(status: &mut Status<FivemQueryResult>, reply: FivemResponse) {
    let list = reply
        .players
        .iter()
        .map(|p| StatusPlayer {
            name: plain(&p.name, Dialect::Quake3),
            id: None,
            // FXServer writes 0 for every player.
            score: None,
            ping: u32::try_from(p.ping).ok(),
        })
        .collect();
    status.players = StatusPlayers::new(status.players.online, status.players.max, list);
    status.raw.status_response = Some(reply);
}

/// `/players.json`'s rows into the status.
pub fn with_players(status: &mut Status<FivemQueryResult>, rows: Vec<FivemPlayer>) {
    let list = rows
        .iter()
        .map(|p| StatusPlayer {
            name: plain(&p.name, Dialect::Quake3),
            id: p.id.and_then(|id| u32::try_from(id).ok()).map(PlayerId::Number),
            score: None,
            ping: p.ping.and_then(|ms| u32::try_from(ms).ok()),
        })
        .collect();
    status.players = StatusPlayers::new(status.players.online, status.players.max, list);
    status.raw.players = rows;
}

/// `/info.json` into the status: its `server` is the version players see.
pub fn with_info(status: &mut Status<FivemQueryResult>, info: FivemInfo, cached: bool) {
    status.version = info.server.as_deref().and_then(known);
    status.raw.server_info = Some(info);
    status.raw.server_info_cached = cached;
}
