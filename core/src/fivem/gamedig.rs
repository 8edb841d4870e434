//! FiveM in gamedig's shape (its `fivem` class, a Quake 2 reader of `getinfo` with
//! `/info.json` and `/players.json` after it): `raw` the infostring as a map with `info`
//! and `players` as the endpoints gave them, `version` the info's, players by name and
//! ping. And the status for people (`describeStatus`).

use serde_json::Value;

use crate::json::{Json, Key};
use crate::spec::describe::{described, ms, players, players_title, text, Description, Fields, Section};
use crate::spec::gamedig::{Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig::shaped(results);

fn results(status: &Json, _variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    let mut out: Vec<(Key, Json)> = match &raw["info"] {
        Json::Object(members) => members.clone(),
        _ => vec![],
    };
    if !raw["serverInfo"].is_null() {
        out.push((Key::Borrowed("info"), raw["serverInfo"].clone()));
    }
    out.push((Key::Borrowed("players"), raw["players"].clone()));
    if let Some(v) = raw["serverInfo"]["version"].as_i64() {
        r.version = v.to_string();
    } else if let Some(iv) = raw["info"]["iv"].as_str() {
        r.version = iv.to_string();
    }
    r.players = raw["players"]
        .as_array()
        .unwrap_or_default()
        .iter()
        .map(|p| {
            let fields = Json::Object(vec![(Key::Borrowed("ping"), p["ping"].clone())]);
            Json::Object(vec![
                (Key::Borrowed("name"), p["name"].clone()),
                (Key::Borrowed("raw"), fields),
            ])
        })
        .collect();
    r.raw = Json::Object(out);
}

pub fn describe(s: &Value, color: bool) -> Description {
    let raw = &s["raw"];
    let info = &raw["serverInfo"];
    let mut f = Fields::default();
    f.add("name", crate::spec::describe::coloured_name(s, color))
        .add("protocol", text(&s["protocol"]))
        .add("mode", text(&s["mode"]))
        .add("map", text(&s["map"]))
        .add("version", text(&s["version"]))
        .add("players", Some(players(s)))
        .add("ping", ms(&s["pingMs"]))
        .add("resources", info["resources"].as_array().map(|r| r.len().to_string()));
    let mut sections = vec![];
    if let Some(vars) = info["vars"].as_object().filter(|o| !o.is_empty()) {
        sections.push(Section::list(
            "settings",
            vars.iter()
                .map(|(k, v)| (format!("  {k}"), text(v).unwrap_or_default()))
                .collect(),
        ));
    }
    if let Some(w) = raw["warnings"].as_array().filter(|w| !w.is_empty()) {
        sections.push(Section::list(
            "warnings",
            w.iter()
                .map(|m| ("  !".to_string(), text(m).unwrap_or_default()))
                .collect(),
        ));
    }
    described(s, f, sections, Some(table))
}

fn table(s: &Value, list: &[Value]) -> Section {
    let rows = list
        .iter()
        .map(|p| vec![p["name"].clone(), p["id"].clone(), p["ping"].clone()])
        .collect();
    Section::table(players_title(s, list.len()), &["name", "id", "ping"], rows)
}
