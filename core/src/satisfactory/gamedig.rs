//! Satisfactory in gamedig's shape (its `satisfactory` class): `raw.serverState` and
//! `raw.serverFlags` (gamedig's reader cannot read 64 bits and always reports 0 there: ours
//! is the server's value, a number where it is exact), and `raw.http`, the API's `data`
//! (`{ serverGameState }`) when it answered. And the status for people.

use serde_json::{Map, Value};

use crate::json::Json;
use crate::spec::describe::{described, ms, text, Description, Fields};
use crate::spec::gamedig::{Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig {
    options,
    results,
    unanswered: |_, _, _| None,
    target: None,
};

/// gamedig's `token` is ours; its `rejectUnauthorized: true` checks the API's certificate
/// (against the roots, as Node's default does).
fn options(gamedig: &Value, ours: &mut Map<String, Value>) {
    if let Some(token) = gamedig["token"].as_str() {
        ours.insert("token".into(), Value::from(token));
    }
    if gamedig["rejectUnauthorized"] == Value::Bool(true) {
        ours.insert("tls".into(), Value::Bool(true));
    }
}

fn results(status: &Json, _variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    let flags: u64 = raw["flags"].as_str().and_then(|f| f.parse().ok()).unwrap_or(0);
    // Past 2^53 a JavaScript number is no longer exact: the text then.
    let flags = if flags < 1 << 53 {
        Json::from(flags)
    } else {
        Json::from(flags.to_string())
    };
    let (state, flags) = (("serverState", raw["state"].clone()), ("serverFlags", flags));
    r.raw = match raw.get("serverGameState") {
        Some(game) => Json::object([
            state,
            flags,
            ("http", Json::object([("serverGameState", game.clone())])),
        ]),
        None => Json::object([state, flags]),
    };
}

pub fn describe(s: &Value, _color: bool) -> Description {
    let raw = &s["raw"];
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("state", text(&raw["stateName"]))
        .add("changelist", text(&s["version"]))
        .add("session", text(&raw["serverGameState"]["activeSessionName"]))
        .add(
            "tick rate",
            raw["serverGameState"]["averageTickRate"]
                .as_f64()
                .map(|t| format!("{t:.1}/s")),
        )
        .add(
            "modded",
            raw["modded"].as_bool().map(|m| if m { "yes" } else { "no" }.into()),
        )
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
