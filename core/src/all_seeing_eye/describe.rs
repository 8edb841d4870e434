//! An All-Seeing Eye status for people (`crate::spec::describe`): the game, the rules the
//! server's scripts announce, and the players with whichever of score, ping and team it
//! sent.

use serde_json::Value;

use crate::spec::describe::{described, plain_rule, players_title, rules, server_fields, text, Description, Section};

pub fn describe(s: &Value, color: bool) -> Description {
    let f = server_fields(s, color, text(&s["raw"]["game"]));
    described(s, f, rules(s, plain_rule).into_iter().collect(), Some(table))
}

/// Names, then each of score, ping and team that any player has.
fn table(s: &Value, list: &[Value]) -> Section {
    let raw = s["raw"]["players"].as_array().map(Vec::as_slice).unwrap_or_default();
    let columns: Vec<&str> = ["score", "ping", "team"]
        .into_iter()
        .filter(|c| raw.iter().any(|p| p[c].as_str().is_some_and(|v| !v.is_empty())))
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
