//! A server as its reply describes it, the way people read it: the settings, the players
//! (the reply's `player_N`, `score_N` … gathered by N) and the team names (`teamname_N`);
//! and back to the pairs a responder sends, split into numbered datagrams as Unreal
//! Engine 2 splits them.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::error::Result;
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::values::RuleList;

/// What `serve('gamespy1')` answers with, and what `query` reads (`raw`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "GameSpy1State"))]
pub struct GameSpy1State {
    /// Every key that is no player's or team's, in the order sent (`hostname`, `mapname`,
    /// `numplayers`, `maxplayers`, `gametype`, `gamever`, `hostport`, `password` …).
    pub rules: RuleList,
    /// One per index N, in order: `player_N` / `playername_N` as `name`, every other
    /// `<key>_N` under its key, values as sent (UT's pings have a leading space).
    #[cfg_attr(feature = "ts", ts(type = "Array<{ name?: string } & Record<string, string>>"))]
    pub players: Vec<RuleList>,
    /// One per index N, in order: `teamname_N` as `name`, every other `team…_N` (not
    /// `team_N`, a player's team) under its key.
    #[cfg_attr(feature = "ts", ts(type = "Array<{ name?: string } & Record<string, string>>"))]
    pub teams: Vec<RuleList>,
}

/// `player_3` → ("player", 3): a key ending in `_` and digits.
fn indexed(key: &str) -> Option<(&str, u32)> {
    let (base, n) = key.rsplit_once('_')?;
    if base.is_empty() || n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((base, n.parse().ok()?))
}

impl GameSpy1State {
    /// A reply's pairs (its markers left out), gathered.
    pub fn gather(pairs: impl IntoIterator<Item = (String, String)>) -> Self {
        let mut rules = Vec::new();
        let mut players: BTreeMap<u32, Vec<(String, String)>> = BTreeMap::new();
        let mut teams: BTreeMap<u32, Vec<(String, String)>> = BTreeMap::new();
        for (key, value) in pairs {
            if key == "queryid" || key == "final" {
                continue;
            }
            match indexed(&key) {
                Some((base, n)) if base != "team" && base.starts_with("team") => {
                    let field = if base == "teamname" { "name" } else { base };
                    teams.entry(n).or_default().push((field.to_string(), value));
                }
                Some((base, n)) => {
                    let field = match base {
                        "player" | "playername" => "name".to_string(),
                        base => base.to_string(),
                    };
                    players.entry(n).or_default().push((field, value));
                }
                None => rules.push((key, value)),
            }
        }
        Self {
            rules: RuleList(rules),
            players: players.into_values().map(RuleList).collect(),
            teams: teams.into_values().map(RuleList).collect(),
        }
    }

    /// Its pairs as sent: the settings, each player's (`name` as `player_N`), each team's
    /// (`name` as `teamname_N`).
    pub fn pairs(&self) -> Vec<(String, String)> {
        let mut out = self.rules.0.clone();
        let indexed = |out: &mut Vec<(String, String)>, rows: &[RuleList], name: &str| {
            for (i, row) in rows.iter().enumerate() {
                for (k, v) in &row.0 {
                    let key = if k == "name" { name } else { k };
                    out.push((format!("{key}_{i}"), v.clone()));
                }
            }
        };
        indexed(&mut out, &self.players, "player");
        indexed(&mut out, &self.teams, "teamname");
        out
    }

    /// The setting `key`, any case.
    pub fn rule(&self, key: &str) -> Option<&str> {
        self.rules.get_any_case(key)
    }
}

impl Input for GameSpy1State {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let state = Self {
            rules: o.or_default("rules")?,
            players: o.or_default("players")?,
            teams: o.or_default("teams")?,
        };
        // A query's raw (`GameSpy1QueryResult`) serves as it is.
        o.skip(&["stalePlayers", "parts", "encoding", "latencyMs"]);
        o.deny_unknown()?;
        Ok(state)
    }
}

/// `pairs` as the datagrams of one reply (query number `query`): a new one once a part
/// passes `budget` bytes, as UE2 does at 1,000; each numbered `\queryid\Q.P`, the last
/// ending `\final\`. A pair is never split.
pub fn split(pairs: &[(Vec<u8>, Vec<u8>)], query: u32, budget: usize) -> Vec<Vec<u8>> {
    let mut parts: Vec<Vec<u8>> = vec![Vec::new()];
    for (k, v) in pairs {
        let part = parts.last_mut().expect("one part at least");
        if !part.is_empty() && part.len() + k.len() + v.len() + 2 > budget {
            parts.push(Vec::new());
        }
        let part = parts.last_mut().expect("one part at least");
        part.push(b'\\');
        part.extend_from_slice(k);
        part.push(b'\\');
        part.extend_from_slice(v);
    }
    let count = parts.len();
    for (i, part) in parts.iter_mut().enumerate() {
        part.extend_from_slice(format!("\\queryid\\{query}.{}", i + 1).as_bytes());
        if i + 1 == count {
            part.extend_from_slice(b"\\final\\");
        }
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexed_keys_gather_by_their_number_and_write_back() {
        let pairs = [
            ("hostname", "A"),
            ("player_1", "Bo"),
            ("frags_1", "3"),
            ("player_0", "Al"),
            ("ping_0", " 40"),
            ("teamname_0", "Red"),
            ("score_t0", "9"),
            ("name_tag_distance", "600"),
            ("queryid", "1.1"),
            ("final", ""),
        ]
        .map(|(k, v)| (k.to_string(), v.to_string()));
        let s = GameSpy1State::gather(pairs);
        assert_eq!(s.rules.0.len(), 3, "{:?}", s.rules);
        assert_eq!(s.players[0].get("name"), Some("Al"));
        assert_eq!(s.players[1].get("frags"), Some("3"));
        assert_eq!(s.teams[0].get("name"), Some("Red"));
        assert_eq!(GameSpy1State::gather(s.pairs()), s);
    }

    #[test]
    fn a_reply_splits_at_its_budget_with_its_markers() {
        let pairs: Vec<(Vec<u8>, Vec<u8>)> = (0..30)
            .map(|i| (format!("k{i}").into_bytes(), b"value".to_vec()))
            .collect();
        let parts = split(&pairs, 7, 100);
        assert!(parts.len() > 2);
        assert!(parts[0].ends_with(b"\\queryid\\7.1"));
        assert!(parts
            .last()
            .unwrap()
            .ends_with(format!("\\queryid\\7.{}\\final\\", parts.len()).as_bytes()));
        assert!(parts.iter().all(|p| p.len() <= 100 + 20));
    }
}
