//! A reply as `raw` (keys, players, teams as records, every string in one encoding) and as
//! the unified `Status`: BF2's blank clan-tag prefix trimmed from names, UT3's map and
//! mode from its property keys, JC2-MP's `version`.

use serde::Serialize;

use super::codec::decode_datagrams;
use super::exchange::GameSpy3Outcome;
use super::packets::Datagram;
use super::state::{assemble, GameSpy3State};
use crate::error::Result;
use crate::status::{from_settings, known, Status};
use crate::text::unreal::plain;
use crate::text::TextEncoding;

/// What `query('gamespy3')` returns in `raw`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameSpy3QueryResult {
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub state: GameSpy3State,
    /// The encoding the reply's strings were read with (`windows-1252`, `utf-8` …).
    pub encoding: String,
    /// Datagrams the reply came in.
    pub packets: usize,
    pub latency_ms: f64,
}

/// The datagrams as the server they describe, and the encoding read with.
pub fn read(datagrams: &[Vec<u8>], jc2mp: Option<bool>, encoding: TextEncoding) -> Result<(GameSpy3State, String)> {
    let ds = datagrams
        .iter()
        .map(|d| Datagram::decode(d, jc2mp))
        .collect::<Result<Vec<_>>>()?;
    let texts = decode_datagrams(&ds, encoding);
    let name = texts
        .first()
        .and_then(|t| t.encoding.clone())
        .unwrap_or_else(|| "utf-8".into());
    Ok((assemble(&texts)?, name))
}

fn clean(s: &str) -> String {
    plain(s).trim().to_string()
}

pub fn status(outcome: GameSpy3Outcome, encoding: TextEncoding, jc2mp: bool) -> Result<Status<GameSpy3QueryResult>> {
    let (state, encoding) = read(&outcome.reply, Some(jc2mp), encoding)?;
    let mut status = from_settings(&state.rules, &state.players, clean, outcome.latency_ms);
    let rule = |k: &str| state.rule(k).map(clean).as_deref().and_then(known);
    // UT3: `mapname` holds its settings dump; the map and mode are property keys.
    if let Some(map) = rule("p1073741825") {
        status.map = Some(map);
        status.mode = rule("p1073741826").or(status.mode);
    }
    if status.version.is_none() {
        status.version = rule("version");
    }
    Ok(Status::new(
        status,
        GameSpy3QueryResult {
            packets: outcome.reply.len(),
            state,
            encoding,
            latency_ms: outcome.latency_ms,
        },
    ))
}
