//! An id Tech 4 status for people (`crate::spec::describe`): the server's settings (colour
//! codes as sent) and the players with their pings and clans.

use serde_json::Value;

use crate::spec::describe::{described, players_title, server_fields, settings, text, Description, Section};

pub fn describe(s: &Value, color: bool) -> Description {
    let f = server_fields(s, color, text(&s["raw"]["dialect"]));
    described(s, f, settings(&s["raw"]["info"]).into_iter().collect(), Some(table))
}

/// Names and pings; clans where the game sends them.
fn table(s: &Value, list: &[Value]) -> Section {
    let clans: Vec<Value> = s["raw"]["players"]
        .as_array()
        .map_or(vec![], |p| p.iter().map(|p| p["clan"].clone()).collect());
    let with_clan = clans.iter().any(|c| !c.is_null());
    let rows = list
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut row = vec![p["name"].clone(), p["ping"].clone()];
            if with_clan {
                row.push(clans.get(i).cloned().unwrap_or(Value::Null));
            }
            row
        })
        .collect();
    let headers: &[&str] = if with_clan {
        &["name", "ping", "clan"]
    } else {
        &["name", "ping"]
    };
    Section::table(players_title(s, list.len()), headers, rows)
}
