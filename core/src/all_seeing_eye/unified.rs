//! A reply as `raw` (the server as it describes itself, its text in one encoding) and as
//! the unified `Status`: the counts from the header, the list from the player entries, the
//! game port it advertises for `connect`.

use serde::Serialize;

use super::codec::{decode_reply, AllSeeingEyeState};
use super::exchange::AllSeeingEyeOutcome;
use super::packets::Reply;
use crate::status::{known, Known, Status, StatusPlayer, StatusPlayers};
use crate::text::TextEncoding;

/// What `query('all-seeing-eye')` returns in `raw`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AllSeeingEyeQueryResult {
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub state: AllSeeingEyeState,
    /// The encoding the reply's strings were read with (`utf-8`, `windows-1252` …).
    pub encoding: String,
    pub latency_ms: f64,
}

pub fn status(outcome: AllSeeingEyeOutcome, encoding: TextEncoding) -> Status<AllSeeingEyeQueryResult> {
    let reply = Reply::decode(&outcome.response).expect("the exchange kept only a reply that decodes");
    let (state, encoding) = decode_reply(&reply, encoding);
    let list: Vec<StatusPlayer> = state
        .players
        .iter()
        .map(|p| StatusPlayer {
            name: p.name.clone().unwrap_or_default(),
            id: None,
            score: p.score.as_deref().and_then(|s| s.trim().parse().ok()),
            ping: p.ping.as_deref().and_then(|s| s.trim().parse().ok()),
        })
        .collect();
    let players = StatusPlayers::new(state.num_players, state.max_players, list);
    Status::new(
        Known {
            name: state.name.clone(),
            map: known(&state.map),
            mode: known(&state.game_type),
            version: known(&state.version),
            password: state.password,
            players,
            ping_ms: Some(outcome.latency_ms),
            advertised_port: (state.port != 0).then_some(state.port),
        },
        AllSeeingEyeQueryResult {
            state,
            encoding,
            latency_ms: outcome.latency_ms,
        },
    )
}
