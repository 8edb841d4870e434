//! A reply as `raw` (its datagrams' pairs gathered: settings, players, teams, every string
//! in one encoding) and as the unified `Status` (Unreal's colour codes gone).

use serde::Serialize;

use super::exchange::GameSpy1Outcome;
use super::packets::Datagram;
use super::state::GameSpy1State;
use crate::status::{from_settings, number, Status};
use crate::text::unreal::plain;
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

pub fn status(outcome: GameSpy1Outcome, encoding: TextEncoding) -> Status<GameSpy1QueryResult> {
    let parts = outcome.response.len() as u32;
    let (mut state, encoding) = gather(&outcome.response, encoding);
    let online: Option<u32> = number(state.rule("numplayers"));
    let mut stale = 0;
    if let Some(n) = online.filter(|n| (*n as usize) < state.players.len()) {
        stale = (state.players.len() - n as usize) as u32;
        state.players.truncate(n as usize);
    }
    let status = from_settings(&state.rules, &state.players, plain, outcome.latency_ms);
    Status::new(
        status,
        GameSpy1QueryResult {
            state,
            stale_players: stale,
            parts,
            encoding,
            latency_ms: outcome.latency_ms,
        },
    )
}
