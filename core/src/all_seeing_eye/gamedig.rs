//! All-Seeing Eye in gamedig's shape (its `ase` class): `raw` the game's short name and
//! type, then the rules; each player's fields under `raw`, score, ping and time read as
//! `parseInt` reads them (text that is no number: `null`, where gamedig has `NaN`).

use crate::json::{Json, Key};
use crate::spec::gamedig::{parse_int, Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig::shaped(results);

fn results(status: &Json, _variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    let mut fields: Vec<(Key, Json)> = vec![
        (Key::Borrowed("gamename"), raw["game"].clone()),
        (Key::Borrowed("gametype"), raw["gameType"].clone()),
    ];
    if let Json::Object(rules) = &raw["rules"] {
        for (k, v) in rules {
            // An object's key set twice keeps its first place and its last value.
            match fields.iter_mut().find(|(key, _)| key == k) {
                Some(field) => field.1 = v.clone(),
                None => fields.push((k.clone(), v.clone())),
            }
        }
    }
    r.raw = Json::Object(fields);
    r.players = raw["players"]
        .as_array()
        .unwrap_or_default()
        .iter()
        .map(|p| {
            let mut raw = vec![];
            for key in ["team", "skin", "score", "ping", "time"] {
                if let Some(text) = p[key].as_str() {
                    let value = match key {
                        "team" | "skin" => Json::from(text),
                        _ => parse_int(text),
                    };
                    raw.push((Key::Borrowed(key), value));
                }
            }
            let name = p["name"].as_str().unwrap_or_default();
            Json::Object(vec![
                (Key::Borrowed("name"), Json::from(name)),
                (Key::Borrowed("raw"), Json::Object(raw)),
            ])
        })
        .collect();
}
