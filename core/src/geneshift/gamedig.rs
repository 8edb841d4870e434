//! Geneshift in gamedig's shape (its `geneshift` class): `raw` the fields it names
//! (country, rules, game mode, gangsters, cash rate and the flags), not the whole record;
//! the list names no players. Our `api` passes through. And the status for people.

use serde_json::Value;

use super::record::GAMEDIG_RAW;
use crate::json::{Json, Key};
use crate::spec::describe::{described, ms, players, text, Description, Fields};
use crate::spec::gamedig::{Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig {
    options: crate::http::vendor::gamedig_options,
    results,
    unanswered: |_, _, _| None,
    target: None,
};

fn results(status: &Json, _: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    r.raw = Json::Object(
        GAMEDIG_RAW
            .iter()
            .filter_map(|k| Some((Key::Borrowed(k), raw.get(k)?.clone())))
            .collect(),
    );
}

pub fn describe(s: &Value, _color: bool) -> Description {
    let raw = &s["raw"];
    let on = |k: &str| raw[k].as_bool().map(|b| if b { "on" } else { "off" }.to_string());
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("map", text(&s["map"]))
        .add("version", text(&s["version"]))
        .add("players", Some(players(s)))
        .add("country", text(&raw["country"]))
        .add("rules", text(&raw["rules"]))
        .add("missions", on("missions"))
        .add("vehicles", on("vehicles"))
        .add("friendly fire", on("friendlyfire"))
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
