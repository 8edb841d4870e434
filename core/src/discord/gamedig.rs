//! Discord in gamedig's shape (its `discord` class): its option `guildId` (the query takes
//! no host), each member a player (`name` the username, the rest its `raw`), `maxplayers`
//! 500000 as gamedig sets it, `raw` the widget without its members; `numplayers` everyone
//! online (gamedig leaves it 0). And the status for people.

use serde_json::{Map, Value};

use crate::json::{Json, Key};
use crate::spec::describe::{described, ms, players, text, Description, Fields};
use crate::spec::gamedig::{Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig {
    options,
    results,
    unanswered: |_, _, _| None,
    target: Some("guildId"),
};

fn options(gamedig: &Value, ours: &mut Map<String, Value>) {
    crate::http::vendor::gamedig_options_and(gamedig, ours, &["guildId"]);
}

fn results(status: &Json, _: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    let members = raw["members"].as_array().unwrap_or_default();
    r.players = members
        .iter()
        .map(|m| {
            let Json::Object(fields) = m else {
                return Json::Object(vec![]);
            };
            let rest = fields.iter().filter(|(k, _)| k != "username").cloned().collect();
            Json::Object(vec![
                (Key::Borrowed("name"), m["username"].clone()),
                (Key::Borrowed("raw"), Json::Object(rest)),
            ])
        })
        .collect();
    // `numplayers` stays everyone online (`presence_count`): gamedig leaves it 0.
    // gamedig's figure: Discord's limit on a guild's members.
    r.maxplayers = 500_000;
    if let Json::Object(fields) = raw {
        r.raw = Json::Object(fields.iter().filter(|(k, _)| k != "members").cloned().collect());
    }
}

pub fn describe(s: &Value, _color: bool) -> Description {
    let raw = &s["raw"];
    let channels = raw["channels"].as_array().map(|c| c.len().to_string());
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("online", Some(players(s)))
        .add("voice channels", channels)
        .add("invite", text(&raw["instant_invite"]))
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
