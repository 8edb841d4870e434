//! A Quake-family status for people (`crate::spec::describe`): the server's settings (its
//! infostring, colour codes as sent) and the players with their scores and pings.

use serde_json::Value;

use crate::spec::describe::{described, ms, password, players, players_title, text, Description, Fields, Section};

pub fn describe(s: &Value, color: bool) -> Description {
    let raw = &s["raw"];
    let mut f = Fields::default();
    f.add("name", name(s, color))
        .add("protocol", text(&s["protocol"]))
        .add("mode", text(&s["mode"]))
        .add("map", text(&s["map"]))
        .add("version", text(&s["version"]))
        .add("players", Some(players(s)))
        .add("password", password(s))
        .add("ping", ms(&s["pingMs"]))
        .add("encoding", text(&raw["encoding"]));
    let settings = raw["info"].as_object().filter(|o| !o.is_empty()).map(|o| {
        Section::list(
            "settings",
            o.iter()
                .map(|(k, v)| (format!("  {k}"), text(v).unwrap_or_default()))
                .collect(),
        )
    });
    described(s, f, settings.into_iter().collect(), Some(table))
}

/// The server's name; for a terminal, in its colours (`raw.name.ansi`) where it has them.
pub fn name(s: &Value, color: bool) -> Option<String> {
    let ansi = s["raw"]["name"]["ansi"].as_str().filter(|_| color);
    ansi.map(str::to_string).or_else(|| text(&s["name"]))
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
