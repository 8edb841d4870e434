//! Mumble's ping in gamedig's shape (its `mumbleping` class): the version as text, the
//! counts, and `raw` with the version's parts and the bandwidth.

use crate::json::Json;
use crate::spec::gamedig::{Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig::shaped(results);

fn results(status: &Json, _variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    let parts: Vec<u64> = raw["version"]
        .as_str()
        .unwrap_or_default()
        .split('.')
        .map(|p| p.parse().unwrap_or(0))
        .collect();
    let part = |i: usize| Json::from(parts.get(i).copied().unwrap_or(0));
    r.raw = Json::object([
        ("versionMajor", part(0)),
        ("versionMinor", part(1)),
        ("versionPatch", part(2)),
        ("allowedbandwidth", raw["bandwidth"].clone()),
    ]);
}
