//! Terraria (TShock) in gamedig's shape (its `terraria` class): `raw` the reply as sent,
//! each player its `nickname` with `team` in its `raw`; gamedig's `token` option is ours
//! (it asks no rules, so neither does the facade). And the status for people.

use serde_json::{Map, Value};

use crate::json::Json;
use crate::spec::describe::{described, password, players, text, Description, Fields};
use crate::spec::gamedig::{players_with_team, Gamedig, Results};

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
    ours.insert("rules".into(), Value::Bool(false));
}

fn results(status: &Json, _variant: Option<&str>, r: &mut Results) {
    r.players = players_with_team(&status["raw"]["players"], "nickname");
}

pub fn describe(s: &Value, _color: bool) -> Description {
    let raw = &s["raw"];
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("world", text(&s["map"]))
        .add("version", text(&s["version"]))
        .add("tshock", text(&raw["tshockversion"]))
        .add("players", Some(players(s)))
        .add("password", password(s))
        .add("ping", crate::spec::describe::ms(&s["pingMs"]))
        .add("uptime", text(&raw["uptime"]));
    described(s, f, vec![], None)
}
