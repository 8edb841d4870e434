//! An A2S status for people (`crate::spec::describe`): the game and its app id, VAC,
//! the bots among the players, the rules, and each player's time on the server.

use serde_json::Value;

use crate::spec::describe::{described, ms, plain_rule, players, players_title, rules, text, truthy};
use crate::spec::describe::{number, Description, Fields, Section};

pub fn describe(s: &Value, _color: bool) -> Description {
    let raw = &s["raw"];
    let info = if raw["info"].is_null() {
        &raw["goldSrc"]
    } else {
        &raw["info"]
    };
    let protocol = if truthy(&raw["goldSrc"]) {
        " (GoldSrc)".to_string()
    } else {
        format!(" (protocol {})", text(&info["protocol"]).unwrap_or_default())
    };
    let app = match &raw["info"]["appId"] {
        id if truthy(id) => format!(", app {}", text(id).unwrap_or_default()),
        _ => String::new(),
    };
    let game = format!(
        "{} ({}{app})",
        text(&s["mode"]).unwrap_or_default(),
        text(&info["folder"]).unwrap_or_default()
    );
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", Some(format!("a2s{protocol}")))
        .add("game", Some(game))
        .add("map", text(&s["map"]))
        .add("players", Some(players(s)))
        .add("version", text(&s["version"]))
        .add("password", (s["password"] == true).then(|| "yes".into()))
        .add("VAC", truthy(&info["vac"]).then(|| "secured".into()))
        .add("game port", text(&raw["info"]["gamePort"]))
        .add("keywords", text(&raw["info"]["keywords"]))
        .add("ping", ms(&s["pingMs"]));
    described(s, f, rules(s, plain_rule).into_iter().collect(), Some(table))
}

/// Names, scores and time on the server, from A2S_PLAYER's records.
fn table(s: &Value, list: &[Value]) -> Section {
    let time = |sec: f64| format!("{}m{:02}s", number((sec / 60.0).floor()), (sec % 60.0).floor() as i64);
    let rows = s["raw"]["players"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            let duration = time(p["duration"].as_f64().unwrap_or(0.0));
            vec![p["name"].clone(), p["score"].clone(), Value::String(duration)]
        })
        .collect();
    Section::table(players_title(s, list.len()), &["name", "score", "time"], rows)
}
