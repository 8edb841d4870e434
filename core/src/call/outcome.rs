//! What a call returns: the unified `Status` of its protocol, or RCON's lines.

use std::net::SocketAddr;

use serde::Serialize;

use crate::a2s::A2sQueryResult;
use crate::minecraft::bedrock::{BedrockOutcome, BedrockQueryResult};
use crate::minecraft::java::{JavaQueryResult, LegacyQueryResult};
use crate::minecraft::query::{QueryResult, StatOutcome};
use crate::samp::ServerState;
use crate::sqp::exchange::{SqpOutcome, SqpQueryResult};
use crate::sqp::{Field, Scalar};
use crate::status::{count, known, Status, StatusPlayer, StatusPlayers};

#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Outcome {
    Samp(Status<ServerState>),
    Java(Status<JavaQueryResult>),
    Legacy(Status<LegacyQueryResult>),
    Sqp(Status<SqpQueryResult>),
    Bedrock(Status<BedrockQueryResult>),
    Query(Status<QueryResult>),
    A2s(Status<A2sQueryResult>),
    Race(Box<Status<super::race_result::RaceResult>>),
    Lines(Vec<String>),
}

/// `Status.address` and `port`: the peer's IP, or the name when the host resolved it.
pub fn peer(addr: Option<SocketAddr>, host: &str, port: u16) -> (String, u16) {
    match addr {
        Some(a) => (a.ip().to_string(), a.port()),
        None => (host.to_string(), port),
    }
}

fn field(record: &[Scalar], fields: &[Field], names: &[&str]) -> Option<Scalar> {
    let i = fields
        .iter()
        .position(|f| names.contains(&f.name.to_ascii_lowercase().as_str()))?;
    record.get(i).cloned()
}

pub fn bedrock_status(outcome: BedrockOutcome, address: String, port: u16) -> Status<BedrockQueryResult> {
    let raw = BedrockQueryResult::new(outcome);
    let a = &raw.advertisement;
    let text = |t: &Option<String>| t.as_deref().and_then(known);
    Status {
        protocol: "minecraft-bedrock".into(),
        name: a.motd.plain.clone(),
        map: a.level_name.as_ref().and_then(|l| known(&l.plain)),
        mode: text(&a.game_mode),
        version: text(&a.version),
        password: false,
        // Bedrock names nobody: whoever is online is left out.
        players: StatusPlayers::new(count(a.online.unwrap_or(0)), count(a.max.unwrap_or(0)), vec![]),
        ping_ms: Some(raw.latency_ms),
        address,
        port,
        raw,
    }
}

pub fn query_status(outcome: StatOutcome, address: String, port: u16) -> Status<QueryResult> {
    let raw = QueryResult {
        stat: outcome.stat,
        latency_ms: outcome.latency_ms,
    };
    let s = &raw.stat;
    let mut players = StatusPlayers::new(count(s.online), count(s.max), named(&s.players));
    // A basic stat names nobody.
    players.partial |= !s.full && s.online > 0;
    Status {
        protocol: "minecraft-query".into(),
        name: s.motd.plain.clone(),
        map: known(&s.map),
        mode: known(&s.game_type),
        version: s.version.as_deref().and_then(known),
        password: false,
        players,
        ping_ms: Some(raw.latency_ms),
        address,
        port,
        raw,
    }
}

pub fn sqp_status(outcome: SqpOutcome, address: String, port: u16) -> Status<SqpQueryResult> {
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
    Status {
        protocol: "sqp".into(),
        name: info.server_name.clone(),
        map: known(&info.map),
        mode: known(&info.game_type),
        version: known(&info.build_id),
        password: false,
        players: StatusPlayers::new(info.current_players.into(), info.max_players.into(), list),
        ping_ms: Some(raw.latency_ms),
        address,
        port,
        raw,
    }
}

/// A2S: `players.online` is the reply's count, bots included as in the list A2S_PLAYER
/// returns (which marks none of them), and `players.bots` how many are bots; counts
/// above 255 come from the `mp…`/`cp…` keywords where servers put them.
pub fn a2s_status(raw: A2sQueryResult, address: String, port: u16) -> Status<A2sQueryResult> {
    let list = raw
        .players
        .iter()
        .map(|p| StatusPlayer {
            name: p.name.clone(),
            id: None,
            score: Some(p.score.into()),
            ping: None,
        })
        .collect();
    let (name, map, mode, version, password, online, max, bots) = match (&raw.info, &raw.gold_src) {
        (Some(i), _) => {
            let max = keyword(i.keywords.as_deref(), "mp").unwrap_or(i.max_players.into());
            let online = keyword(i.keywords.as_deref(), "cp").unwrap_or(i.players.into());
            let bots = Some(u32::from(i.bots).min(online));
            (&i.name, &i.map, &i.game, &i.version, i.password, online, max, bots)
        }
        (None, Some(g)) => (
            &g.name,
            &g.map,
            &g.game,
            &String::new(),
            g.password,
            g.players.into(),
            g.max_players.into(),
            g.bots.map(|b| u32::from(b.min(g.players))),
        ),
        (None, None) => unreachable!("an A2S result always has its info"),
    };
    Status {
        protocol: "a2s".into(),
        name: name.clone(),
        map: known(map),
        mode: known(mode),
        version: known(version),
        password,
        players: StatusPlayers {
            bots,
            ..StatusPlayers::new(online, max, list)
        },
        ping_ms: Some(raw.latency_ms),
        address,
        port,
        raw,
    }
}

/// A number tagged in the keywords (`mp575` → 575), as Rust servers write their counts.
fn keyword(keywords: Option<&str>, prefix: &str) -> Option<u32> {
    keywords?
        .split(',')
        .find_map(|t| t.trim().strip_prefix(prefix)?.parse().ok())
}

/// Players known by name only (Minecraft Query's list).
pub fn named(names: &[String]) -> Vec<StatusPlayer> {
    names
        .iter()
        .map(|name| StatusPlayer {
            name: name.clone(),
            id: None,
            score: None,
            ping: None,
        })
        .collect()
}
