//! A GameSpy 1 status for people (`crate::spec::describe`): the settings, and the players
//! with whichever of score (or frags), ping and team they have.

use serde_json::Value;

use crate::spec::describe::{described, players_title, server_fields, settings, text, Description, Section};

pub fn describe(s: &Value, color: bool) -> Description {
    let f = server_fields(s, color, text(&s["raw"]["rules"]["gamename"]));
    described(s, f, settings(&s["raw"]["rules"]).into_iter().collect(), Some(table))
}

fn table(s: &Value, list: &[Value]) -> Section {
    let raw = s["raw"]["players"].as_array().map(Vec::as_slice).unwrap_or_default();
    let columns: Vec<&str> = ["score", "frags", "ping", "team"]
        .into_iter()
        .filter(|c| raw.iter().any(|p| p[c].is_string()))
        .collect();
    let rows = list
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut row = vec![p["name"].clone()];
            row.extend(columns.iter().map(|c| raw.get(i).map_or(Value::Null, |r| r[c].clone())));
            row
        })
        .collect();
    let headers: Vec<&str> = std::iter::once("name").chain(columns).collect();
    Section::table(players_title(s, list.len()), &headers, rows)
}
