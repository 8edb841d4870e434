//! The Quake family in gamedig's shape (its `quake1`, `quake2` and `quake3` classes): `raw`
//! the infostring as a map, colour codes stripped from Quake 3's names and values (its
//! default `stripColors`), players with a ping of 0 taken as bots, each player's fields
//! under gamedig's names.

use crate::json::{Json, Key};
use crate::spec::gamedig::{strip_colors, Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig::shaped(results);

fn results(status: &Json, _variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    let quake3 = status["protocol"] == "quake3";
    let world = status["protocol"] == "quakeworld";
    // gamedig strips Quake 3's codes only.
    let strip = |s: &str| -> String {
        match quake3 {
            true => strip_colors(s),
            false => s.to_string(),
        }
    };
    let mut info: Vec<(Key, Json)> = Vec::new();
    if let Json::Object(members) = &raw["info"] {
        for (k, v) in members {
            info.push((k.clone(), Json::from(strip(v.as_str().unwrap_or_default()))));
        }
    }
    let info = Json::Object(info);
    let text = |key: &str| info[key].as_str().map(str::to_string);
    // Its order of precedence: the later key wins.
    if let Some(name) = text("hostname").or_else(|| text("sv_hostname")) {
        r.name = name.trim().to_string();
    }
    let version = match world {
        true => text("*version").or_else(|| text("version")),
        false => text("version"),
    };
    r.version = version.unwrap_or_default();
    let (mut players, mut bots) = (vec![], vec![]);
    for p in raw["players"].as_array().unwrap_or_default() {
        let name = Json::from(strip(p["name"].as_str().unwrap_or_default()));
        let mut fields = vec![];
        match &p["world"] {
            Json::Object(_) => {
                let w = &p["world"];
                fields.extend([
                    ("id", w["userid"].clone()),
                    ("score", p["score"].clone()),
                    ("time", w["time"].clone()),
                    ("ping", p["ping"].clone()),
                    ("skin", w["skin"].clone()),
                    ("color1", w["top"].clone()),
                    ("color2", w["bottom"].clone()),
                ]);
            }
            _ => {
                fields.extend([("frags", p["score"].clone()), ("ping", p["ping"].clone())]);
                if let Some(team) = p["team"].as_str().filter(|t| !t.is_empty()) {
                    fields.push(("address", Json::from(team)));
                }
            }
        }
        let raw = Json::Object(fields.into_iter().map(|(k, v)| (Key::Borrowed(k), v)).collect());
        let entry = Json::Object(vec![(Key::Borrowed("name"), name), (Key::Borrowed("raw"), raw)]);
        match p["ping"].as_i64() {
            Some(0) | None => bots.push(entry),
            Some(_) => players.push(entry),
        }
    }
    r.players = players;
    r.bots = bots;
    r.numplayers = (r.players.len() + r.bots.len()) as u64;
    r.raw = info;
}
