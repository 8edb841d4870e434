//! Factorio in gamedig's shape (its `factorio` class): `raw` the details as sent, each player
//! a name with an empty `raw`; gamedig's version is `game_version.build_version`. Our `api`
//! and `tls` pass through (a mirror, a test's responder). And the status for people.

use serde_json::Value;

use crate::json::Json;
use crate::spec::describe::{described, ms, password, players, text, Description, Fields};
use crate::spec::gamedig::{Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig {
    options: crate::http::vendor::gamedig_options,
    results,
    unanswered: |_, _, _| None,
    target: None,
};

fn results(status: &Json, _variant: Option<&str>, r: &mut Results) {
    let version = &status["raw"]["application_version"];
    if let (Some(game), Some(build)) = (version["game_version"].as_str(), version["build_version"].as_str()) {
        r.version = format!("{game}.{build}");
    }
}

pub fn describe(s: &Value, _color: bool) -> Description {
    let raw = &s["raw"];
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("description", text(&raw["description"]))
        .add("version", text(&s["version"]))
        .add("players", Some(players(s)))
        .add("password", password(s))
        .add("mods", text(&raw["mod_count"]))
        .add(
            "tags",
            raw["tags"]
                .as_array()
                .map(|t| t.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(", ")),
        )
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
