//! EOS games in gamedig's shape (its `epic` class and the games' on it): each public
//! player `{ name, raw: { raw: the player } }` (gamedig's `Player` nests it twice); `raw`
//! the session. gamedig's own credentials are not ours to ship: the options `clientId`,
//! `clientSecret`, `deploymentId` (and our `api`, `tls`, `dialect`, `externalAuth`,
//! `lists`) pass through. And the status for people.

use serde_json::{Map, Value};

use crate::json::{Json, Key};
use crate::spec::describe::{described, ms, password, players, text, Description, Fields};
use crate::spec::gamedig::{Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig {
    options,
    results,
    unanswered: |_, _, _| None,
    target: None,
};

fn options(gamedig: &Value, ours: &mut Map<String, Value>) {
    crate::http::vendor::gamedig_options_and(
        gamedig,
        ours,
        &[
            "clientId",
            "clientSecret",
            "deploymentId",
            "dialect",
            "externalAuth",
            "lists",
        ],
    );
}

fn results(status: &Json, _: Option<&str>, r: &mut Results) {
    let public = status["raw"]["publicPlayers"].as_array().unwrap_or_default();
    // gamedig pushes `{ name, raw: player }` into its players, whose `Player` moves all but
    // `name` under `raw` once more: `{ name, raw: { raw: player } }`.
    r.players = public
        .iter()
        .map(|p| {
            let raw = Json::Object(vec![(Key::Borrowed("raw"), p.clone())]);
            Json::Object(vec![
                (Key::Borrowed("name"), p["name"].clone()),
                (Key::Borrowed("raw"), raw),
            ])
        })
        .collect();
}

pub fn describe(s: &Value, _color: bool) -> Description {
    let attributes = &s["raw"]["attributes"];
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("map", text(&s["map"]))
        .add("version", text(&s["version"]))
        .add("players", Some(players(s)))
        .add("password", password(s))
        .add("platforms", text(&attributes["SERVERPLATFORMTYPE_s"]))
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
