//! ElDewrito in gamedig's shape (its `eldewrito` class): `raw` the reply as sent, each
//! player its `name` with `team` in its `raw`; gamedig leaves `numplayers` 0 (ours is the
//! reply's `numPlayers`). And the status for people.

use serde_json::Value;

use crate::json::{Json, Key};
use crate::spec::describe::{described, ms, password, players, text, Description, Fields};
use crate::spec::gamedig::{Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig::shaped(results);

fn results(status: &Json, _variant: Option<&str>, r: &mut Results) {
    r.players = status["raw"]["players"]
        .as_array()
        .unwrap_or_default()
        .iter()
        .map(|p| {
            let raw = Json::Object(vec![(Key::Borrowed("team"), p["team"].clone())]);
            Json::Object(vec![
                (Key::Borrowed("name"), p["name"].clone()),
                (Key::Borrowed("raw"), raw),
            ])
        })
        .collect();
}

pub fn describe(s: &Value, _color: bool) -> Description {
    let raw = &s["raw"];
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("map", text(&s["map"]))
        .add("variant", text(&s["mode"]))
        .add("status", text(&raw["status"]))
        .add("version", text(&s["version"]))
        .add("players", Some(players(s)))
        .add("password", password(s))
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
