//! Renegade X in gamedig's shape (its `renegadex` class): `raw` the list's entry as sent;
//! the list names no players. Our `api` and `tls` pass through. And the status for people.

use serde_json::Value;

use crate::spec::describe::{described, ms, password, players, text, Description, Fields};
use crate::spec::gamedig::Gamedig;

pub const GAMEDIG: Gamedig = Gamedig {
    options: crate::http::vendor::gamedig_options,
    results: |_, _, _| {},
    unanswered: |_, _, _| None,
    target: None,
};

pub fn describe(s: &Value, _color: bool) -> Description {
    let raw = &s["raw"];
    let vars = &raw["Variables"];
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("map", text(&s["map"]))
        .add("version", text(&s["version"]))
        .add("players", Some(players(s)))
        .add("password", password(s))
        .add("time limit", text(&vars["Time Limit"]).map(|m| format!("{m} min")))
        .add("vehicles", text(&vars["Vehicle Limit"]))
        .add("ranked", vars["bRanked"].as_bool().map(|b| b.to_string()))
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
