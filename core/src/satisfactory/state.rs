//! What `serve('satisfactory', state)` answers with: the Lightweight Query's state, and
//! the HTTPS API's `serverGameState` beside it. A query's `raw` is one too: it serves again.

use serde::Serialize;

use super::api::ServerGameState;
use super::packets::SatisfactoryState;
use crate::error::Result;
use crate::input::{At, Input, Obj};
use crate::json::Json;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SatisfactoryServerState"))]
pub struct SatisfactoryServerState {
    #[serde(flatten)]
    pub query: SatisfactoryState,
    /// What the HTTPS API's `QueryServerState` answers (absent: a session of 0 players of 4,
    /// running while the state is `playing`).
    #[cfg_attr(feature = "ts", ts(optional))]
    pub server_game_state: Option<ServerGameState>,
}

impl SatisfactoryServerState {
    /// The API's game state: the one given, or what the Lightweight Query's state implies.
    pub fn game_state(&self) -> ServerGameState {
        self.server_game_state.clone().unwrap_or_else(|| ServerGameState {
            active_session_name: self.query.name.clone(),
            player_limit: 4,
            is_game_running: self.query.state == 3,
            ..ServerGameState::default()
        })
    }
}

impl Input for SatisfactoryServerState {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let query = SatisfactoryState::take(&mut o)?;
        query.flag_bits()?;
        query.fits()?;
        let server_game_state = o.opt("serverGameState")?;
        // A query's raw (`SatisfactoryQueryResult`) serves as it is.
        o.skip(&["stateName", "modded", "protocolVersion", "latencyMs", "warnings"]);
        o.deny_unknown()?;
        Ok(Self {
            query,
            server_game_state,
        })
    }
}
