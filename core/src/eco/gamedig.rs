//! Eco in gamedig's shape (its `eco` class): `raw` the reply's `Info`, each player a name
//! with an empty `raw`. gamedig's name keeps the rich-text tags; ours leaves them out. And
//! the status for people.

use serde_json::Value;

use crate::spec::describe::{described, ms, password, players, text, Description, Fields};
use crate::spec::gamedig::Gamedig;

pub const GAMEDIG: Gamedig = Gamedig::shaped(|_, _, _| {});

pub fn describe(s: &Value, _color: bool) -> Description {
    let raw = &s["raw"];
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("version", text(&s["version"]))
        .add("players", Some(players(s)))
        .add("password", password(s))
        .add("world", text(&raw["WorldSize"]))
        .add("economy", text(&raw["EconomyDesc"]))
        .add("objective", text(&raw["WorldObjective"]))
        .add("language", text(&raw["Language"]))
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
