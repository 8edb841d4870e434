//! alt:V in gamedig's shape (its `altvmp` class): `raw` the list's entry as sent, `connect`
//! `altv://` and its address; the list names no players. gamedig's `serverId` and our `api`
//! and `tls` pass through. And the status for people.

use serde_json::{Map, Value};

use crate::spec::describe::{described, ms, password, players, text, Description, Fields};
use crate::spec::gamedig::Gamedig;

pub const GAMEDIG: Gamedig = Gamedig {
    options,
    results: |_, _, _| {},
    unanswered: |_, _, _| None,
    target: None,
};

fn options(gamedig: &Value, ours: &mut Map<String, Value>) {
    crate::http::vendor::gamedig_options_and(gamedig, ours, &["serverId"]);
}

pub fn describe(s: &Value, _color: bool) -> Description {
    let raw = &s["raw"];
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("game mode", text(&s["mode"]))
        .add("version", text(&s["version"]))
        .add("players", Some(players(s)))
        .add("password", password(s))
        .add("language", text(&raw["language"]))
        .add("website", text(&raw["website"]))
        .add("connect", text(&s["connect"]))
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
