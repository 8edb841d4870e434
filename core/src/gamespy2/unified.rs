//! A reply as `raw` (settings, players, teams as records, every string in one encoding)
//! and as the unified `Status` (Unreal's colour codes and Halo's padding bytes gone).

use serde::Serialize;

use super::codec::{decode_reply, GameSpy2Table};
use super::exchange::GameSpy2Outcome;
use super::packets::Reply;
use super::state::{records, GameSpy2State, Kind};
use crate::status::{from_settings, Status};
use crate::text::unreal::plain;
use crate::text::TextEncoding;

/// What `query('gamespy2')` returns in `raw`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameSpy2QueryResult {
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub state: GameSpy2State,
    /// The encoding the reply's strings were read with (`windows-1252`, `utf-8` …).
    pub encoding: String,
    pub latency_ms: f64,
}

pub fn status(outcome: GameSpy2Outcome, encoding: TextEncoding) -> Status<GameSpy2QueryResult> {
    let reply = Reply::decode(&outcome.response).expect("the exchange kept only a reply that decodes");
    let r = decode_reply(&reply, encoding);
    let rows = |t: &Option<GameSpy2Table>, kind| t.as_ref().map_or(vec![], |t| records(&t.fields, &t.rows, kind));
    let state = GameSpy2State {
        rules: r.server.clone().unwrap_or_default(),
        players: rows(&r.players, Kind::Players),
        teams: rows(&r.teams, Kind::Teams),
    };
    let status = from_settings(&state.rules, &state.players, plain, outcome.latency_ms);
    Status::new(
        status,
        GameSpy2QueryResult {
            state,
            encoding: r.encoding,
            latency_ms: outcome.latency_ms,
        },
    )
}
