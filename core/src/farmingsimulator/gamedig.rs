//! Farming Simulator in gamedig's shape (its `farmingsimulator` class): `raw` the document as
//! sent (`data`) and the named mods (`name` the title, `short_name` the attribute, `author`,
//! `version`, `hash`); each used slot's player its name with `isUsed`, `isAdmin`, `uptime`,
//! `x`, `y`, `z` in its `raw`; gamedig's `token` option is ours. And the status for people.

use serde_json::{Map, Value};

use crate::json::{Json, Key};
use crate::spec::describe::{described, ms, players, text, Description, Fields};
use crate::spec::gamedig::{Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig {
    options,
    results,
    unanswered: |_, _, _| None,
    target: None,
};

fn options(gamedig: &Value, ours: &mut Map<String, Value>) {
    if let Some(token) = gamedig["token"].as_str() {
        ours.insert("token".into(), Value::from(token));
    }
}

fn results(status: &Json, _variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    r.players = raw["players"]
        .as_array()
        .unwrap_or_default()
        .iter()
        .map(|p| {
            let mut own = vec![
                (Key::Borrowed("isUsed"), Json::Bool(true)),
                (Key::Borrowed("isAdmin"), p["isAdmin"].clone()),
            ];
            // gamedig parses each with parseInt/parseFloat: NaN (null in JSON) where absent.
            for key in ["uptime", "x", "y", "z"] {
                own.push((Key::Borrowed(key), p[key].clone()));
            }
            Json::Object(vec![
                (Key::Borrowed("name"), p["name"].clone()),
                (Key::Borrowed("raw"), Json::Object(own)),
            ])
        })
        .collect();
    let mods = raw["mods"]
        .as_array()
        .unwrap_or_default()
        .iter()
        .map(|m| {
            Json::Object(vec![
                (Key::Borrowed("name"), m["title"].clone()),
                (Key::Borrowed("short_name"), m["name"].clone()),
                (Key::Borrowed("author"), m["author"].clone()),
                (Key::Borrowed("version"), m["version"].clone()),
                (Key::Borrowed("hash"), m["hash"].clone()),
            ])
        })
        .collect();
    r.raw = Json::Object(vec![
        (Key::Borrowed("data"), raw["data"].clone()),
        (Key::Borrowed("mods"), Json::Array(mods)),
    ]);
}

pub fn describe(s: &Value, _color: bool) -> Description {
    let raw = &s["raw"];
    let mods = raw["mods"].as_array().map(Vec::len).filter(|n| *n > 0);
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("game", text(&raw["server"]["game"]))
        .add("map", text(&s["map"]))
        .add("version", text(&s["version"]))
        .add("players", Some(players(s)))
        .add("mods", mods.map(|n| n.to_string()))
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
