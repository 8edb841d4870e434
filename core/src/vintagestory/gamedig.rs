//! Vintage Story in gamedig's shape (its `vintagestory` class): `raw` the list's entry as
//! sent; the list names no players. Our `api` and `tls` pass through. And the status for
//! people.

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
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("description", text(&raw["gameDescription"]))
        .add("playstyle", text(&s["mode"]))
        .add("version", text(&s["version"]))
        .add("players", Some(players(s)))
        .add("password", password(s))
        .add("whitelisted", raw["whitelisted"].as_bool().map(|w| w.to_string()))
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
