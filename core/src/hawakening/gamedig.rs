//! Hawakening in gamedig's shape (its `hawakening` class): its options `serverId` (the
//! query takes no host), `username`, `password`, `token`; no players (a listing has the
//! players' `Guid`s, not their names: gamedig counts them); `raw` `{ listing, info }`,
//! `info` `{}` where matchmaking was not asked (a full server), as gamedig's. And the status
//! for people.

use serde_json::{Map, Value};

use crate::json::{Json, Key};
use crate::spec::describe::{described, ms, password, players, text, Description, Fields};
use crate::spec::gamedig::{Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig {
    options,
    results,
    unanswered: |_, _, _| None,
    target: Some("serverId"),
};

fn options(gamedig: &Value, ours: &mut Map<String, Value>) {
    crate::http::vendor::gamedig_options_and(gamedig, ours, &["serverId", "username", "password", "token"]);
}

fn results(status: &Json, _: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    let info = match &raw["info"] {
        Json::Null => Json::Object(vec![]),
        info => info.clone(),
    };
    r.players = vec![];
    r.raw = Json::Object(vec![
        (Key::Borrowed("listing"), raw["listing"].clone()),
        (Key::Borrowed("info"), info),
    ]);
}

pub fn describe(s: &Value, _color: bool) -> Description {
    let listing = &s["raw"]["listing"];
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("map", text(&s["map"]))
        .add("mode", text(&s["mode"]))
        .add("version", text(&s["version"]))
        .add("players", Some(players(s)))
        .add("password", password(s))
        .add("region", text(&listing["Region"]))
        .add("match", text(&listing["DeveloperData"]["MatchState"]))
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
