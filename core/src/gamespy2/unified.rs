//! A reply as `raw` (settings, players, teams as records, every string in one encoding)
//! and as the unified `Status` (Unreal's colour codes and Halo's padding bytes gone).

use serde::Serialize;

use super::codec::{decode_reply, GameSpy2Table};
use super::exchange::GameSpy2Outcome;
use super::packets::Reply;
use super::state::{records, GameSpy2State, Kind};
use crate::status::{known, Status, StatusPlayer, StatusPlayers};
use crate::text::TextEncoding;

/// What `query('gamespy2')` returns in `raw`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameSpy2QueryResult {
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub state: GameSpy2State,
    /// The encoding the reply's strings were read with (`windows-1252`, `utf-8` …).
    pub encoding: String,
    pub latency_ms: f64,
}

/// Text without Unreal's colour codes (ESC and three bytes) or control characters (Halo
/// pads its names with 01 bytes).
pub fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => chars.by_ref().take(3).for_each(drop),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

fn number<T: std::str::FromStr>(text: Option<&str>) -> Option<T> {
    text?.trim().parse().ok()
}

pub fn status(
    outcome: GameSpy2Outcome,
    encoding: TextEncoding,
    address: String,
    port: u16,
) -> Status<GameSpy2QueryResult> {
    let reply = Reply::decode(&outcome.response).expect("the exchange kept only a reply that decodes");
    let r = decode_reply(&reply, encoding);
    let rows = |t: &Option<GameSpy2Table>, kind| t.as_ref().map_or(vec![], |t| records(&t.fields, &t.rows, kind));
    let state = GameSpy2State {
        rules: r.server.clone().unwrap_or_default(),
        players: rows(&r.players, Kind::Players),
        teams: rows(&r.teams, Kind::Teams),
    };
    let list: Vec<StatusPlayer> = state
        .players
        .iter()
        .map(|p| StatusPlayer {
            name: plain(p.get("name").unwrap_or_default()),
            id: None,
            score: number(p.get("score")),
            ping: number(p.get("ping")),
        })
        .collect();
    let online = number(state.rule("numplayers")).unwrap_or(list.len() as u32);
    let max = number(state.rule("maxplayers")).unwrap_or(0);
    let text = |key: &str| known(&plain(state.rule(key).unwrap_or_default()));
    let password = matches!(
        state.rule("password").map(str::trim),
        Some("1" | "true" | "True" | "TRUE")
    );
    Status {
        protocol: "gamespy2".into(),
        name: plain(state.rule("hostname").unwrap_or_default()).trim().to_string(),
        map: text("mapname"),
        mode: text("gametype"),
        version: text("gamever"),
        password,
        players: StatusPlayers::new(online, max, list),
        ping_ms: Some(outcome.latency_ms),
        address,
        port,
        connect: String::new(),
        game: None,
        advertised_port: number::<u16>(state.rule("hostport")).filter(|p| *p != 0),
        raw: GameSpy2QueryResult {
            state,
            encoding: r.encoding,
            latency_ms: outcome.latency_ms,
        },
    }
}
