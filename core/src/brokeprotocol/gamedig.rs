//! BROKE PROTOCOL in gamedig's shape (its `brokeprotocol` class): `raw` the server's entry,
//! keys in lower case; the lists name no players. gamedig's `serverId` and
//! `snapshotInterval`, and our `api`, `fallback` and `tls`, pass through. And the status for
//! people.

use serde_json::{Map, Value};

use crate::spec::describe::{described, ms, players, text, Description, Fields};
use crate::spec::gamedig::Gamedig;

pub const GAMEDIG: Gamedig = Gamedig {
    options,
    results: |_, _, _| {},
    unanswered: |_, _, _| None,
    target: None,
};

fn options(gamedig: &Value, ours: &mut Map<String, Value>) {
    crate::http::vendor::gamedig_options_and(gamedig, ours, &["serverId", "snapshotInterval", "fallback"]);
}

pub fn describe(s: &Value, _color: bool) -> Description {
    let raw = &s["raw"];
    let plugins = raw["plugins"].as_array().filter(|p| !p.is_empty()).map(|p| {
        p.iter()
            .filter_map(|x| x["name"].as_str())
            .collect::<Vec<_>>()
            .join(", ")
    });
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("map", text(&s["map"]))
        .add("version", text(&s["version"]))
        .add("players", Some(players(s)))
        .add("location", text(&raw["location"]))
        .add("plugins", plugins)
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
