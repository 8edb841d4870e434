//! The player and team tables of GameSpy 2 and 3 as records: a field `player_` is a
//! player's `name`, `team_t` a team's, every other field its name without the `_`
//! (players) or `_t` (teams).

use crate::values::RuleList;

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
