//! A SA:MP status for people (`crate::spec::describe`): open.mp's extras, where the
//! latency came from, the rules, and ids and pings when the list has them.

use serde_json::Value;

use crate::spec::describe::{described, ms, password, plain_rule, players, players_title, rules, text, truthy};
use crate::spec::describe::{Description, Fields, Section};

pub fn describe(s: &Value, _color: bool) -> Description {
    let raw = &s["raw"];
    let open_mp = if raw["isOpenMp"] == true { " (open.mp)" } else { "" };
    let via = if raw["latencySource"] == "info" {
        " (from the info reply)"
    } else {
        ""
    };
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", Some(format!("samp{open_mp}")))
        .add("mode", text(&s["mode"]))
        .add("map", text(&s["map"]))
        .add("version", text(&s["version"]))
        .add("language", text(&raw["info"]["language"]))
        .add("players", Some(players(s)))
        .add("password", password(s))
        .add("ping", ms(&s["pingMs"]).map(|m| format!("{m}{via}")))
        .add("encoding", text(&raw["encoding"]));
    if truthy(&raw["openMp"]) {
        let o = &raw["openMp"];
        f.add("discord", text(&o["discord"]))
            .add("banner", text(&o["lightBanner"]))
            .add("logo", text(&o["logo"]));
    }
    described(s, f, rules(s, plain_rule).into_iter().collect(), Some(table))
}

/// Ids, scores and pings from a `d` list; names and scores from a `c` list.
fn table(s: &Value, list: &[Value]) -> Section {
    let detailed = list.iter().any(|p| !p["ping"].is_null());
    let rows = list
        .iter()
        .map(|p| match detailed {
            true => vec![
                p["id"].clone(),
                p["name"].clone(),
                p["score"].clone(),
                p["ping"].clone(),
            ],
            false => vec![p["name"].clone(), p["score"].clone()],
        })
        .collect();
    let headers: &[&str] = if detailed {
        &["id", "name", "score", "ping"]
    } else {
        &["name", "score"]
    };
    Section::table(players_title(s, list.len()), headers, rows)
}
