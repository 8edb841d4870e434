//! RAGE MP in gamedig's shape (its `ragemp` class): `raw` the project the server is in, as
//! the list sends it; the list names no players. Our `api` and `tls` pass through. And the
//! status for people.

use serde_json::Value;

use crate::spec::describe::{described, ms, players, text, Description, Fields};
use crate::spec::gamedig::Gamedig;

pub const GAMEDIG: Gamedig = Gamedig {
    options: crate::http::vendor::gamedig_options,
    results: |_, _, _| {},
    unanswered: |_, _, _| None,
    target: None,
};

pub fn describe(s: &Value, _color: bool) -> Description {
    let servers = s["raw"]["servers"].as_array().map(Vec::len);
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("game mode", text(&s["mode"]))
        .add("players", Some(players(s)))
        .add("project", servers.filter(|n| *n > 1).map(|n| format!("{n} servers")))
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
