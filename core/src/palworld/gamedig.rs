//! Palworld in gamedig's shape (its `palworld` class): `raw` the four bodies as sent
//! (`serverInfo`, `players`, `settings`, `metrics`), each player its name with its whole
//! row as `raw`; gamedig's `username` and `password` options are ours. And the status for
//! people (`describeStatus`).

use serde_json::{Map, Value};

use crate::json::{Json, Key};
use crate::spec::describe::{described, ms, players, raw_columns, text, Description, Fields};
use crate::spec::gamedig::{Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig {
    options,
    results,
    unanswered: |_, _, _| None,
    target: None,
};

fn options(gamedig: &Value, ours: &mut Map<String, Value>) {
    for key in ["username", "password"] {
        if let Some(v) = gamedig[key].as_str() {
            ours.insert(key.into(), Value::from(v));
        }
    }
}

fn results(status: &Json, _variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    let mut out = vec![(Key::Borrowed("serverInfo"), raw["serverInfo"].clone())];
    out.push((Key::Borrowed("players"), raw["players"].clone()));
    for key in ["settings", "metrics"] {
        if !raw[key].is_null() {
            out.push((Key::Borrowed(key), raw[key].clone()));
        }
    }
    r.players = raw["players"]
        .as_array()
        .unwrap_or_default()
        .iter()
        .map(|p| {
            Json::Object(vec![
                (Key::Borrowed("name"), p["name"].clone()),
                (Key::Borrowed("raw"), p.clone()),
            ])
        })
        .collect();
    r.raw = Json::Object(out);
}

pub fn describe(s: &Value, _color: bool) -> Description {
    let raw = &s["raw"];
    let metrics = &raw["metrics"];
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("version", text(&s["version"]))
        .add("players", Some(players(s)))
        .add("ping", ms(&s["pingMs"]))
        .add(
            "description",
            text(&raw["serverInfo"]["description"]).filter(|d| !d.is_empty()),
        )
        .add("fps", text(&metrics["serverfps"]))
        .add(
            "uptime",
            metrics["uptime"].as_f64().map(|secs| format!("{} s", secs.round())),
        )
        .add("days", text(&metrics["days"]));
    described(s, f, vec![], Some(table))
}

fn table(s: &Value, list: &[Value]) -> crate::spec::describe::Section {
    raw_columns(s, list, &["level", "ping", "userId"], |v| !v.is_null())
}
