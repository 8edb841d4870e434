//! Build and Shoot in gamedig's shape (its `buildandshoot` class): `raw` the status object
//! as sent, each player its row as sent (`name`, `latency`, `client`, `kills`, `team`),
//! with no `raw`: gamedig's class fills a plain list, not its `Players`. And the status for
//! people.

use serde_json::Value;

use crate::json::{Json, Key};
use crate::spec::describe::{described, ms, players, text, Description, Fields};
use crate::spec::gamedig::{Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig::shaped(results);

/// gamedig's players: a string row as `{ name }`, an object row as it is.
fn results(status: &Json, _variant: Option<&str>, r: &mut Results) {
    let players = &status["raw"]["players"];
    let rows: Vec<&Json> = match players {
        Json::Array(rows) => rows.iter().collect(),
        Json::Object(_) => ["blue", "green"]
            .iter()
            .flat_map(|t| players[*t].as_array().unwrap_or_default())
            .collect(),
        _ => vec![],
    };
    r.players = rows
        .into_iter()
        .map(|row| match row {
            Json::Object(_) => row.clone(),
            name => Json::Object(vec![(Key::Borrowed("name"), name.clone())]),
        })
        .collect();
}

pub fn describe(s: &Value, _color: bool) -> Description {
    let raw = &s["raw"];
    let scores = &raw["scores"];
    let score = match (
        scores["currentBlueScore"].as_f64(),
        scores["currentGreenScore"].as_f64(),
    ) {
        (Some(b), Some(g)) => Some(format!("blue {b} — green {g} (to {})", scores["maxScore"])),
        _ => None,
    };
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("map", text(&s["map"]))
        .add("mode", text(&s["mode"]))
        .add("score", score)
        .add("version", text(&s["version"]))
        .add("players", Some(players(s)))
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
