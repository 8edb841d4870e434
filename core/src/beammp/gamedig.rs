//! BeamMP in gamedig's shape (its `beammp` class): `raw` the list's entry as sent, each
//! player a name with an empty `raw`. Our `api` and `tls` pass through (a mirror, a test's
//! responder). And the status for people.

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
        .add("description", text(&raw["sdesc"]))
        .add("map", text(&s["map"]))
        .add("version", text(&s["version"]))
        .add("players", Some(players(s)))
        .add("password", password(s))
        .add("location", text(&raw["location"]))
        .add("owner", text(&raw["owner"]))
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
