//! What `query('sqp')` returns: the chunks mapped to the unified `Status` (player names,
//! scores and pings found by their field names).

use super::exchange::{SqpOutcome, SqpQueryResult};
use super::{Field, Scalar};
use crate::status::{known, Known, Status, StatusPlayer, StatusPlayers};

pub fn status(outcome: SqpOutcome) -> Status<SqpQueryResult> {
    let raw = SqpQueryResult {
        chunks: outcome.chunks,
        version: outcome.version,
        latency_ms: outcome.latency_ms,
    };
    let info = raw.chunks.info.clone().unwrap_or_default();
    let list = raw
        .chunks
        .players
        .as_ref()
        .map(|p| {
            p.records
                .iter()
                .map(|r| StatusPlayer {
                    name: match field(r, &p.fields, &["name", "playername", "player"]) {
                        Some(Scalar::Text(t)) => t,
                        Some(Scalar::Number(n)) => n.to_string(),
                        None => String::new(),
                    },
                    id: None,
                    score: match field(r, &p.fields, &["score"]) {
                        Some(Scalar::Number(n)) => Some(n as i64),
                        _ => None,
                    },
                    ping: match field(r, &p.fields, &["ping", "latency"]) {
                        Some(Scalar::Number(n)) => Some(n as u32),
                        _ => None,
                    },
                })
                .collect()
        })
        .unwrap_or_default();
    Status::new(
        Known {
            name: info.server_name.clone(),
            map: known(&info.map),
            mode: known(&info.game_type),
            version: known(&info.build_id),
            players: StatusPlayers::new(info.current_players.into(), info.max_players.into(), list),
            ping_ms: Some(raw.latency_ms),
            ..Known::default()
        },
        raw,
    )
}

fn field(record: &[Scalar], fields: &[Field], names: &[&str]) -> Option<Scalar> {
    let i = fields
        .iter()
        .position(|f| names.contains(&f.name.to_ascii_lowercase().as_str()))?;
    record.get(i).cloned()
}
