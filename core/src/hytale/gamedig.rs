//! Hytale in gamedig's shape (its `hytale` class): `raw` the reply's sections under
//! gamedig's names (`basic`, `server`, `universe`, `plugins`), each player its `Name` with
//! the whole row as its `raw`. Where gamedig leaves name, version and counts empty (a
//! server that lets anyone read `Basic` only), ours come from `Basic`. And the status for
//! people.

use serde_json::Value;

use crate::json::{Json, Key};
use crate::spec::describe::{described, ms, players, text, Description, Fields};
use crate::spec::gamedig::{Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig::shaped(results);

fn results(status: &Json, _variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    let sections = [
        ("basic", "Basic"),
        ("server", "Server"),
        ("universe", "Universe"),
        ("plugins", "Plugins"),
    ];
    r.raw = Json::Object(
        sections
            .iter()
            .filter(|(_, theirs)| !raw[*theirs].is_null())
            .map(|(ours, theirs)| (Key::Borrowed(ours), raw[*theirs].clone()))
            .collect(),
    );
    r.players = raw["Players"]
        .as_array()
        .unwrap_or_default()
        .iter()
        .map(|p| {
            Json::Object(vec![
                (Key::Borrowed("name"), p["Name"].clone()),
                (Key::Borrowed("raw"), p.clone()),
            ])
        })
        .collect();
}

pub fn describe(s: &Value, _color: bool) -> Description {
    let raw = &s["raw"];
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("world", text(&s["map"]))
        .add("version", text(&s["version"]))
        .add("patchline", text(&raw["Server"]["Patchline"]))
        .add("players", Some(players(s)))
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
