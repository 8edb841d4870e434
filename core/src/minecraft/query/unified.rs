//! What `query('minecraft-query')` returns: the stat mapped to the unified `Status`.

use super::{QueryResult, StatOutcome};
use crate::status::{count, known, named, Known, Status, StatusPlayers};

pub fn status(outcome: StatOutcome) -> Status<QueryResult> {
    let raw = QueryResult {
        stat: outcome.reply,
        latency_ms: outcome.latency_ms,
    };
    let s = &raw.stat;
    let mut players = StatusPlayers::new(count(s.online), count(s.max), named(&s.players));
    // A basic stat names nobody.
    players.partial |= !s.full && s.online > 0;
    Status::new(
        Known {
            name: s.motd.plain.clone(),
            map: known(&s.map),
            mode: known(&s.game_type),
            version: s.version.as_deref().and_then(known),
            players,
            ping_ms: Some(raw.latency_ms),
            ..Known::default()
        },
        raw,
    )
}
