//! A reply as `raw` (every string decoded with one encoding for the whole reply, colour
//! codes kept) and as the unified `Status` (colour codes gone).

use serde::Serialize;

use super::codec::decode_reply;
use super::exchange::Doom3Outcome;
use super::packets::Dialect;
use super::state::Doom3State;
use crate::status::{known, Known, Status, StatusPlayer, StatusPlayers};
use crate::text::carets::{render_codes, strip, Codes, Coloured};
use crate::text::TextEncoding;

/// What `query('doom3')` returns in `raw`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Doom3QueryResult {
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub state: Doom3State,
    /// The game whose layout the reply has.
    #[cfg_attr(feature = "ts", ts(type = "'doom3' | 'quake4' | 'etqw' | 'prey' | 'wolfenstein'"))]
    pub dialect: String,
    /// The encoding the reply's strings were read with (`utf-8`, `windows-1252` …).
    pub encoding: String,
    /// The server's name with its colour codes in every rendering (plain, ANSI, HTML).
    pub name: Coloured,
    pub latency_ms: f64,
}

/// Whose colour codes the game writes: Raven's engine has its own.
pub fn codes(dialect: Dialect) -> Codes {
    match dialect {
        Dialect::Quake4 | Dialect::Wolfenstein => Codes::Raven,
        Dialect::Doom3 | Dialect::Prey | Dialect::Etqw => Codes::Doom3,
    }
}

/// `si_map` as players name it: ET:QW's `maps/<name>.entities` → `<name>`.
pub fn map_name(map: &str) -> &str {
    let map = map.strip_prefix("maps/").unwrap_or(map);
    map.strip_suffix(".entities").unwrap_or(map)
}

/// The setting `key` (the games spell the same one in different cases: `si_maxPlayers`,
/// `si_maxplayers`).
pub fn setting<'a>(state: &'a Doom3State, key: &str) -> Option<&'a str> {
    state
        .info
        .0
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(key))
        .map(|(_, v)| v.as_str())
}

pub fn status(outcome: Doom3Outcome, encoding: TextEncoding) -> Status<Doom3QueryResult> {
    let reply = outcome.reply();
    let dialect = reply.dialect;
    let (state, encoding) = decode_reply(&reply, encoding);
    let codes = codes(dialect);
    let get = |key: &str| setting(&state, key).unwrap_or_default();
    let name = render_codes(get("si_name"), codes);
    let bots_known = state.players.iter().any(|p| p.bot.is_some());
    let list: Vec<StatusPlayer> = state
        .players
        .iter()
        .map(|p| StatusPlayer {
            name: strip(&p.name, codes),
            id: None,
            score: None,
            ping: Some(u32::from(p.ping)),
        })
        .collect();
    let online = list.len() as u32;
    let max = get("si_maxPlayers").trim().parse().unwrap_or(0);
    let mut players = StatusPlayers::new(online, max, list);
    if bots_known {
        players.bots = Some(state.players.iter().filter(|p| p.bot == Some(true)).count() as u32);
    }
    let password = get("si_usepass").trim() == "1" || get("si_needPass").trim() == "1";
    let mode = known(match get("si_gameType") {
        "" => get("si_rules"),
        mode => mode,
    });
    let map = known(map_name(get("si_map")));
    let version = known(get("si_version"));
    Status::new(
        Known {
            name: name.plain.clone(),
            map,
            mode,
            version,
            password,
            players,
            ping_ms: Some(outcome.latency_ms),
            ..Known::default()
        },
        Doom3QueryResult {
            state,
            dialect: dialect.name().to_string(),
            encoding,
            name,
            latency_ms: outcome.latency_ms,
        },
    )
}
