//! Satisfactory in gamedig's shape (its `satisfactory` class without its HTTPS part):
//! `raw.serverState` and `raw.serverFlags` (gamedig's reader cannot read 64 bits and always
//! reports 0 there: ours is the server's value, a number where it is exact). And the status
//! for people.

use serde_json::Value;

use crate::json::Json;
use crate::spec::describe::{described, ms, text, Description, Fields};
use crate::spec::gamedig::{Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig::shaped(results);

fn results(status: &Json, _variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    let flags: u64 = raw["flags"].as_str().and_then(|f| f.parse().ok()).unwrap_or(0);
    // Past 2^53 a JavaScript number is no longer exact: the text then.
    let flags = if flags < 1 << 53 {
        Json::from(flags)
    } else {
        Json::from(flags.to_string())
    };
    r.raw = Json::object([("serverState", raw["state"].clone()), ("serverFlags", flags)]);
}

pub fn describe(s: &Value, _color: bool) -> Description {
    let raw = &s["raw"];
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("state", text(&raw["stateName"]))
        .add("changelist", text(&s["version"]))
        .add(
            "modded",
            raw["modded"].as_bool().map(|m| if m { "yes" } else { "no" }.into()),
        )
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
