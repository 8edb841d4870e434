//! Minecraft in gamedig's shape (its `minecraft` class): `raw` holds each edition's own
//! result (`vanilla` for Java, `bedrock`, `gamespy` for the Query full stat) — ours, not
//! gamedig's nested results — and the name is one line.

use crate::json::Json;

use crate::spec::gamedig::{Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig::shaped(results);

fn results(status: &Json, _variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    r.raw = Json::object([
        ("vanilla", raw["java"].clone()),
        ("bedrock", raw["bedrock"].clone()),
        ("gamespy", raw["query"].clone()),
    ]);
    r.name = r.name.split_whitespace().collect::<Vec<_>>().join(" ");
}
