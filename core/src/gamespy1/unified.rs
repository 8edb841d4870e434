//! A reply as `raw` (its datagrams' pairs gathered: settings, players, teams, every string
//! in one encoding) and as the unified `Status` (Unreal's colour codes gone).

use serde::Serialize;

use super::exchange::GameSpy1Outcome;
use super::packets::Datagram;
use super::state::GameSpy1State;
use crate::status::{known, Status, StatusPlayer, StatusPlayers};
use crate::text::{encoding_name, TextEncoding};

/// What `query('gamespy1')` returns in `raw`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameSpy1QueryResult {
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub state: GameSpy1State,
    /// Player rows past `numplayers`, left out: BF1942 keeps sending rows of players who left.
    pub stale_players: u32,
    /// The datagrams the reply came in.
    pub parts: u32,
    /// The encoding the reply's strings were read with (`windows-1252`, `utf-8` …).
    pub encoding: String,
    pub latency_ms: f64,
}

/// A reply's datagrams (in part order) as one server, all their strings decoded with one
/// encoding; and that encoding's name.
pub fn gather(datagrams: &[Vec<u8>], encoding: TextEncoding) -> (GameSpy1State, String) {
    let decoded: Vec<Datagram<'_>> = datagrams.iter().filter_map(|d| Datagram::decode(d).ok()).collect();
    let strings: Vec<&[u8]> = decoded
        .iter()
        .flat_map(|d| d.pairs.iter().flat_map(|(k, v)| [*k, *v]))
        .collect();
    let texts = encoding.western(&strings).decode_all(&strings);
    let mut it = texts.texts.into_iter();
    let pairs = std::iter::from_fn(|| Some((it.next()?, it.next()?)));
    (GameSpy1State::gather(pairs), encoding_name(texts.encoding))
}

/// Text without Unreal's colour codes (ESC and three bytes of colour) or other control
/// characters.
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
    outcome: GameSpy1Outcome,
    encoding: TextEncoding,
    address: String,
    port: u16,
) -> Status<GameSpy1QueryResult> {
    let parts = outcome.response.len() as u32;
    let (mut state, encoding) = gather(&outcome.response, encoding);
    let online: Option<u32> = number(state.rule("numplayers"));
    let mut stale = 0;
    if let Some(n) = online.filter(|n| (*n as usize) < state.players.len()) {
        stale = (state.players.len() - n as usize) as u32;
        state.players.truncate(n as usize);
    }
    let list: Vec<StatusPlayer> = state
        .players
        .iter()
        .map(|p| StatusPlayer {
            name: plain(p.get("name").unwrap_or_default()),
            id: None,
            score: number(p.get("score").or(p.get("frags"))),
            ping: number(p.get("ping")),
        })
        .collect();
    let online = online.unwrap_or(list.len() as u32);
    let max = number(state.rule("maxplayers")).unwrap_or(0);
    let text = |key: &str| known(&plain(state.rule(key).unwrap_or_default()));
    let password = matches!(
        state.rule("password").map(str::trim),
        Some("1" | "true" | "True" | "TRUE")
    );
    Status {
        protocol: "gamespy1".into(),
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
        raw: GameSpy1QueryResult {
            state,
            stale_players: stale,
            parts,
            encoding,
            latency_ms: outcome.latency_ms,
        },
    }
}
