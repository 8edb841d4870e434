//! A reply as `raw` (the info, the rules gathered, the mutators, every player line) and as
//! the unified `Status` (colour codes gone; scoreboard lines, number 0, not players).

use serde::Serialize;

use super::codec::{gather_rules, Unreal2Info, Unreal2Player, Unreal2State};
use super::exchange::Unreal2Outcome;
use super::packets::{Body, Datagram};
use crate::status::{known, Known, Status, StatusPlayer, StatusPlayers};
use crate::text::unreal::plain;

/// What `query('unreal2')` returns in `raw`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Unreal2QueryResult {
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub state: Unreal2State,
    /// The datagrams the rules and players came in.
    pub parts: u32,
    pub latency_ms: f64,
}

/// The reply's datagrams as one server.
pub fn gather(outcome: &Unreal2Outcome) -> Unreal2State {
    let info = Datagram::decode(&outcome.info).expect("the exchange kept only datagrams that decode");
    let version = info.version;
    let info = match info.body {
        Body::Info(i) => Unreal2Info::from(i),
        _ => Unreal2Info::default(),
    };
    let (mut pairs, mut players) = (vec![], vec![]);
    for part in &outcome.parts {
        match Datagram::decode(part).map(|d| d.body) {
            Ok(Body::Rules(r)) => pairs.extend(r),
            Ok(Body::Players(p)) => {
                for p in p.into_iter().map(Unreal2Player::from) {
                    // Answers to a repeated request list a player again (its ping since
                    // changed): one line per number, the latest; scoreboard lines (0) all.
                    match players
                        .iter_mut()
                        .find(|q: &&mut Unreal2Player| q.id != 0 && q.id == p.id)
                    {
                        Some(q) => *q = p,
                        None => players.push(p),
                    }
                }
            }
            _ => {}
        }
    }
    let (rules, mutators) = gather_rules(pairs);
    Unreal2State {
        info,
        rules,
        mutators,
        players,
        version,
    }
}

pub fn status(outcome: Unreal2Outcome) -> Status<Unreal2QueryResult> {
    let state = gather(&outcome);
    let list: Vec<StatusPlayer> = state
        .players
        .iter()
        .filter(|p| p.id != 0)
        .map(|p| StatusPlayer {
            name: plain(&p.name),
            id: None,
            score: Some(i64::from(p.score)),
            ping: Some(p.ping),
        })
        .collect();
    let i = &state.info;
    let players = StatusPlayers::new(i.num_players, i.max_players, list);
    let name = plain(&i.name).trim().to_string();
    let (map, mode) = (known(&plain(&i.map)), known(&plain(&i.game_type)));
    let version = state.rules.get("ServerVersion").and_then(known);
    let password = state.rules.get("GamePassword") == Some("True");
    let advertised_port = u16::try_from(i.port).ok().filter(|p| *p != 0);
    Status::new(
        Known {
            name,
            map,
            mode,
            version,
            password,
            players,
            ping_ms: Some(outcome.latency_ms),
            advertised_port,
        },
        Unreal2QueryResult {
            state,
            parts: outcome.parts.len() as u32,
            latency_ms: outcome.latency_ms,
        },
    )
}
