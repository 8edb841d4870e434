//! A Quake-family status for people (`crate::spec::describe`): the server's settings (its
//! infostring, colour codes as sent) and the players with their scores and pings.

use serde_json::Value;

use crate::spec::describe::{described, players_title, server_fields, settings, Description, Section};

pub fn describe(s: &Value, color: bool) -> Description {
    let f = server_fields(s, color, None);
    described(s, f, settings(&s["raw"]["info"]).into_iter().collect(), Some(table))
}

/// Names, scores and pings; Warsow's team where the server sends one.
fn table(s: &Value, list: &[Value]) -> Section {
    let teams: Vec<Value> = s["raw"]["players"]
        .as_array()
        .map_or(vec![], |p| p.iter().map(|p| p["team"].clone()).collect());
    let with_team = teams.iter().any(|t| !t.is_null());
    let rows = list
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut row = vec![p["name"].clone(), p["score"].clone(), p["ping"].clone()];
            if with_team {
                row.push(teams.get(i).cloned().unwrap_or(Value::Null));
            }
            row
        })
        .collect();
    let headers: &[&str] = if with_team {
        &["name", "score", "ping", "team"]
    } else {
        &["name", "score", "ping"]
    };
    Section::table(players_title(s, list.len()), headers, rows)
}
