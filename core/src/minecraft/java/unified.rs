//! What `query('minecraft-java')` and `query('minecraft-legacy')` return: the status (or
//! the legacy ping's reply) mapped to the unified `Status`. Sample lines that are not
//! players (zero UUIDs, `§` codes) stay in `raw` but not in `players.list`.

use super::{JavaQueryResult, LegacyQueryResult};
use crate::minecraft::legacy;
use crate::status::{count, known, Known, PlayerId, Status, StatusPlayer, StatusPlayers};

pub fn status(raw: JavaQueryResult) -> Status<JavaQueryResult> {
    let s = &raw.status;
    let players = match &s.players {
        Some(p) => {
            let list = p
                .sample
                .iter()
                .filter(|x| x.is_player())
                .map(|x| StatusPlayer {
                    name: x.name.clone(),
                    id: Some(PlayerId::Text(x.id.clone())),
                    score: None,
                    ping: None,
                })
                .collect();
            StatusPlayers::new(count(p.online), count(p.max), list)
        }
        None => StatusPlayers::new(0, 0, vec![]),
    };
    Status::new(
        Known {
            name: s.motd.plain.clone(),
            version: s.version.as_ref().and_then(|v| known(&v.name)),
            players,
            ping_ms: Some(raw.latency_ms),
            ..Known::default()
        },
        raw,
    )
}

pub fn legacy_status(reply: legacy::Response, rtt: f64) -> Status<LegacyQueryResult> {
    let raw = LegacyQueryResult { reply, latency_ms: rtt };
    let players = StatusPlayers::new(count(raw.reply.online), count(raw.reply.max), vec![]);
    Status::new(
        Known {
            name: raw.reply.motd.plain.clone(),
            version: raw.reply.version.clone(),
            players,
            ping_ms: Some(rtt),
            ..Known::default()
        },
        raw,
    )
}
