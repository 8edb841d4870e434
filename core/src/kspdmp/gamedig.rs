//! DarkMultiPlayer in gamedig's shape (its `kspdmp` class): `raw` the reply as sent, each
//! player a name with an empty `raw`. gamedig also walks the `players` string character by
//! character, adding a nameless player per character; ours are the names alone, counted
//! by `player_count`. And the status for people.

use serde_json::Value;

use crate::spec::describe::{described, ms, players, text, Description, Fields};
use crate::spec::gamedig::Gamedig;

pub const GAMEDIG: Gamedig = Gamedig::shaped(|_, _, _| {});

pub fn describe(s: &Value, _color: bool) -> Description {
    let raw = &s["raw"];
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("mode", text(&s["mode"]))
        .add("warp", text(&raw["warp_mode"]))
        .add("version", text(&s["version"]))
        .add("players", Some(players(s)))
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
