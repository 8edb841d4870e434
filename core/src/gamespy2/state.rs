//! A server as people read it — settings, players, teams, each row a record — and the
//! tables the reply lays them out in: `player_` is a player's `name`, `team_t` a team's,
//! every other field its name without the `_` (players) or `_t` (teams).

use serde::Serialize;

use super::packets::Table;
use crate::error::Result;
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::values::RuleList;

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

/// Which table: its fields' suffix and the field that is the row's name.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    Players,
    Teams,
}

impl Kind {
    fn suffix(self) -> &'static str {
        match self {
            Kind::Players => "_",
            Kind::Teams => "_t",
        }
    }

    fn name_field(self) -> &'static str {
        match self {
            Kind::Players => "player_",
            Kind::Teams => "team_t",
        }
    }

    /// A field's key in a record.
    pub fn key(self, field: &str) -> String {
        if field == self.name_field() {
            return "name".into();
        }
        field.strip_suffix(self.suffix()).unwrap_or(field).to_string()
    }

    /// A record's key as a field.
    pub fn field(self, key: &str) -> String {
        match key {
            "name" => self.name_field().into(),
            key => format!("{key}{}", self.suffix()),
        }
    }
}

/// Rows as records.
pub fn records(fields: &[String], rows: &[Vec<String>], kind: Kind) -> Vec<RuleList> {
    let keys: Vec<String> = fields.iter().map(|f| kind.key(f)).collect();
    rows.iter()
        .map(|row| RuleList(keys.iter().cloned().zip(row.iter().cloned()).collect()))
        .collect()
}

/// Records as a table's fields (every key any record has, first seen first) and rows.
pub fn table(records: &[RuleList], kind: Kind) -> (Vec<String>, Vec<Vec<String>>) {
    let mut keys: Vec<&str> = Vec::new();
    for r in records {
        for (k, _) in &r.0 {
            if !keys.contains(&k.as_str()) {
                keys.push(k);
            }
        }
    }
    let rows = records
        .iter()
        .map(|r| keys.iter().map(|k| r.get(k).unwrap_or_default().to_string()).collect())
        .collect();
    (keys.iter().map(|k| kind.field(k)).collect(), rows)
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
        o.deny_unknown()?;
        Ok(state)
    }
}
