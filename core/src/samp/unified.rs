//! What `query('samp')` returns: the server's replies mapped to the unified `Status`.

use super::ServerState;
use crate::status::{known, Known, PlayerId, Status, StatusPlayer, StatusPlayers};

/// The list is partial when the server withheld it (above 100 players).
pub fn status(raw: ServerState) -> Status<ServerState> {
    let rule = |name: &str| raw.rules.get(name).and_then(known);
    // VC:MP's list is names only.
    let scored = raw.dialect.is_samp();
    let list = raw
        .players
        .iter()
        .map(|p| StatusPlayer {
            name: p.name.clone(),
            id: p.id.map(|id| PlayerId::Number(id.into())),
            score: scored.then(|| p.score.into()),
            ping: p.ping,
        })
        .collect();
    let mut players = StatusPlayers::new(raw.info.players.into(), raw.info.max_players.into(), list);
    players.partial |= raw.players_withheld.is_some();
    Status::new(
        Known {
            name: raw.info.hostname.clone(),
            map: rule("mapname"),
            mode: known(&raw.info.gamemode),
            version: rule("version").or_else(|| raw.info.version.as_deref().and_then(known)),
            password: raw.info.password,
            players,
            ping_ms: raw.latency_ms,
            ..Known::default()
        },
        raw,
    )
}
