//! SCP: SL in gamedig's shape (its `scpsl` class): its options `accountId`, `apiKey` and
//! `serverId`; `raw` `{ request: the API's reply }`; no players (gamedig lists none). And the
//! status for people.

use serde_json::{Map, Value};

use crate::json::{Json, Key};
use crate::spec::describe::{described, ms, players, text, Description, Fields};
use crate::spec::gamedig::{Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig {
    options,
    results,
    unanswered: |_, _, _| None,
    // gamedig asks no host: the account names what is asked.
    target: Some("accountId"),
};

fn options(gamedig: &Value, ours: &mut Map<String, Value>) {
    crate::http::vendor::gamedig_options_and(gamedig, ours, &["accountId", "apiKey", "serverId"]);
}

fn results(status: &Json, _: Option<&str>, r: &mut Results) {
    r.players = vec![];
    r.raw = Json::Object(vec![(Key::Borrowed("request"), status["raw"].clone())]);
}

pub fn describe(s: &Value, _color: bool) -> Description {
    let servers = s["raw"]["Servers"].as_array().map(Vec::len).filter(|n| *n > 1);
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("version", text(&s["version"]))
        .add("players", Some(players(s)))
        .add("account", servers.map(|n| format!("{n} servers")))
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
