//! A server-state reply as the unified `Status`: the name and the build; the counts are
//! the HTTPS API's (`with_api`), 0 where it did not answer, as gamedig's are.

use serde::Serialize;

use super::api::ServerGameState;
use super::exchange::SatisfactoryOutcome;
use super::packets::SatisfactoryState;
use crate::status::{Known, Status, StatusPlayers};

/// What `query('satisfactory')` returns in `raw`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SatisfactoryQueryResult {
    #[serde(flatten)]
    pub state: SatisfactoryState,
    /// What `state` means: `offline`, `idle` (no save loaded), `loading`, `playing`, or
    /// `unknown` for a value the document does not list.
    #[cfg_attr(feature = "ts", ts(type = "'offline' | 'idle' | 'loading' | 'playing' | 'unknown'"))]
    pub state_name: &'static str,
    /// Bit 0 of `flags`.
    pub modded: bool,
    pub protocol_version: u8,
    pub latency_ms: f64,
    /// The HTTPS API's `QueryServerState`, when it answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub server_game_state: Option<ServerGameState>,
    /// What the HTTPS API did not give, and why (`QueryServerState: …`).
    pub warnings: Vec<String>,
}

pub fn status(outcome: SatisfactoryOutcome) -> Status<SatisfactoryQueryResult> {
    let r = outcome.response;
    // The decoder wrote `flags` from a u64: it reads back.
    let modded = r.state.flag_bits().unwrap_or_default() & 1 == 1;
    let raw = SatisfactoryQueryResult {
        state_name: r.state.state_name(),
        modded,
        protocol_version: r.protocol_version,
        latency_ms: outcome.latency_ms,
        state: r.state,
        server_game_state: None,
        warnings: vec![],
    };
    Status::new(
        Known {
            name: raw.state.name.clone(),
            version: Some(raw.state.changelist.to_string()),
            ping_ms: Some(raw.latency_ms),
            ..Known::default()
        },
        raw,
    )
}

/// The API's game state into the status: its counts, and itself in `raw`.
pub fn with_api(status: &mut Status<SatisfactoryQueryResult>, state: ServerGameState) {
    status.players = StatusPlayers::new(state.num_connected_players, state.player_limit, vec![]);
    status.raw.server_game_state = Some(state);
}
