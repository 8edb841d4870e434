//! ElDewrito in gamedig's shape (its `eldewrito` class): `raw` the reply as sent, each
//! player its `name` with `team` in its `raw`; gamedig leaves `numplayers` 0 (ours is the
//! reply's `numPlayers`). And the status for people.

use serde_json::Value;

use crate::json::Json;
use crate::spec::describe::{described, ms, password, players, text, Description, Fields};
use crate::spec::gamedig::{players_with_team, Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig::shaped(results);

fn results(status: &Json, _variant: Option<&str>, r: &mut Results) {
    r.players = players_with_team(&status["raw"]["players"], "name");
}

pub fn describe(s: &Value, _color: bool) -> Description {
    let raw = &s["raw"];
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("map", text(&s["map"]))
        .add("variant", text(&s["mode"]))
        .add("status", text(&raw["status"]))
        .add("version", text(&s["version"]))
        .add("players", Some(players(s)))
        .add("password", password(s))
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
