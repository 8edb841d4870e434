//! A ping reply as the unified `Status`: the counts (a ping lists no one) and the version.

use serde::Serialize;

use super::exchange::MumbleOutcome;
use super::packets::MumbleState;
use crate::status::{Known, Status, StatusPlayers};

/// What `query('mumble')` returns in `raw`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MumbleQueryResult {
    #[serde(flatten)]
    pub state: MumbleState,
    /// Which ping answered: `legacy` or `protobuf`.
    pub form: String,
    pub latency_ms: f64,
}

pub fn status(outcome: MumbleOutcome) -> Status<MumbleQueryResult> {
    let r = outcome.response;
    let raw = MumbleQueryResult {
        state: r.state,
        form: r.form,
        latency_ms: outcome.latency_ms,
    };
    Status::new(
        Known {
            version: Some(raw.state.version.clone()),
            players: StatusPlayers::new(raw.state.users, raw.state.max_users, vec![]),
            ping_ms: Some(raw.latency_ms),
            ..Known::default()
        },
        raw,
    )
}
