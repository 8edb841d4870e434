//! What `query('minecraft-bedrock')` returns: the pong mapped to the unified `Status`.

use super::{BedrockOutcome, BedrockQueryResult};
use crate::status::{count, known, Known, Status, StatusPlayers};

pub fn status(outcome: BedrockOutcome) -> Status<BedrockQueryResult> {
    let raw = BedrockQueryResult::new(outcome);
    let a = &raw.advertisement;
    let text = |t: &Option<String>| t.as_deref().and_then(known);
    Status::new(
        Known {
            name: a.motd.plain.clone(),
            map: a.level_name.as_ref().and_then(|l| known(&l.plain)),
            mode: text(&a.game_mode),
            version: text(&a.version),
            // Bedrock names nobody: whoever is online is left out.
            players: StatusPlayers::new(count(a.online.unwrap_or(0)), count(a.max.unwrap_or(0)), vec![]),
            ping_ms: Some(raw.latency_ms),
            ..Known::default()
        },
        raw,
    )
}
