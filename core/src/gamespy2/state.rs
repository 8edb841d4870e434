//! A server as people read it — settings, players, teams, each row a record — and the
//! tables the reply lays them out in (`crate::gamespy::tables`).

use serde::Serialize;

use super::packets::Table;
use crate::error::Result;
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::values::RuleList;

pub use crate::gamespy::tables::{records, table, Kind};

/// What `serve('gamespy2')` answers with, and what `query` reads (`raw`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "GameSpy2State"))]
pub struct GameSpy2State {
    /// The settings in the order sent (`hostname`, `mapname`, `numplayers`, `maxplayers`,
    /// `gametype`, `gamever`, `hostport`, `password` …).
    pub rules: RuleList,
    /// `{ name, score, ping, team, … }` as sent (text).
    #[cfg_attr(feature = "ts", ts(type = "Array<{ name?: string } & Record<string, string>>"))]
    pub players: Vec<RuleList>,
    /// `{ name, score, … }` as sent.
    #[cfg_attr(feature = "ts", ts(type = "Array<{ name?: string } & Record<string, string>>"))]
    pub teams: Vec<RuleList>,
}

impl GameSpy2State {
    /// The setting `key`, any case.
    pub fn rule(&self, key: &str) -> Option<&str> {
        self.rules.get_any_case(key)
    }
}

/// A decoded table's strings as text, by `text`.
pub fn texts(t: &Table<'_>, text: &mut impl FnMut() -> String) -> (Vec<String>, Vec<Vec<String>>) {
    let fields = t.fields.iter().map(|_| text()).collect();
    let rows = t.rows.iter().map(|r| r.iter().map(|_| text()).collect()).collect();
    (fields, rows)
}

impl Input for GameSpy2State {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let state = Self {
            rules: o.or_default("rules")?,
            players: o.or_default("players")?,
            teams: o.or_default("teams")?,
        };
        // A query's raw (`GameSpy2QueryResult`) serves as it is.
        o.skip(&["encoding", "latencyMs"]);
        o.deny_unknown()?;
        Ok(state)
    }
}
