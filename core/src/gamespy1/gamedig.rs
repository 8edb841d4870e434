//! GameSpy 1 in gamedig's shape (its `gamespy1` class): `raw` every setting under its key
//! in lower case, `true`/`false` and numbers (as JavaScript's `Number` reads them) typed
//! except in names, game types and the web site; `raw.teams` the team names by index;
//! players' fields the same way, `team_N` a team's index (BF1942's counted from 1, made
//! from 0) or, where there are team names, the name; `numplayers` the rows kept.

use serde_json::Number;

use crate::json::{Json, Key};
use crate::spec::gamedig::{true_test, Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig::shaped(results);

/// What gamedig keeps as text: these keys, and any with `name` in it.
fn text_key(key: &str) -> bool {
    let base = match key.split_once('_') {
        Some((base, n)) if !n.contains('_') && js_number(n).is_some() => base,
        _ => key,
    };
    matches!(base, "website" | "gametype" | "gamemode" | "player") || base.contains("name")
}

/// JavaScript's `Number(text)` where it is a number (`''` is none here, as gamedig skips it).
fn js_number(text: &str) -> Option<Json> {
    let t = text.trim();
    let (sign, digits) = match t.strip_prefix('-') {
        Some(rest) => (-1.0, rest),
        None => (1.0, t.strip_prefix('+').unwrap_or(t)),
    };
    if digits.starts_with(['+', '-']) {
        return None; // one sign at most
    }
    let radix = |p: &str, r| {
        digits
            .strip_prefix(p)
            .filter(|d| !d.starts_with(['+', '-']))
            .map(|d| (d, r))
    };
    let n = if t.is_empty() {
        0.0
    } else if let Some((d, r)) = radix("0x", 16)
        .or(radix("0X", 16))
        .or(radix("0o", 8))
        .or(radix("0b", 2))
    {
        if sign < 0.0 || digits.len() != t.len() {
            return None; // JavaScript reads no sign before 0x
        }
        u64::from_str_radix(d, r).ok()? as f64
    } else if digits == "Infinity" {
        return None; // no JSON for it
    } else if digits
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-'))
    {
        sign * digits.parse::<f64>().ok()?
    } else {
        return None;
    };
    Some(if n.fract() == 0.0 && n.abs() < 9.0e15 {
        Json::from(n as i64)
    } else {
        Number::from_f64(n).map_or(Json::Null, Json::Number)
    })
}

fn typed(key: &str, value: &str) -> Json {
    if text_key(key) {
        return Json::from(value);
    }
    match value.to_ascii_lowercase().as_str() {
        "true" => Json::Bool(true),
        "false" => Json::Bool(false),
        _ if !value.is_empty() => js_number(value).unwrap_or_else(|| Json::from(value)),
        _ => Json::from(value),
    }
}

/// An object's member set again keeps its first place.
fn set(fields: &mut Vec<(Key, Json)>, key: String, value: Json) {
    match fields.iter_mut().find(|(k, _)| *k == key) {
        Some(f) => f.1 = value,
        None => fields.push((Key::from(key), value)),
    }
}

fn results(status: &Json, _variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    let mut fields: Vec<(Key, Json)> = Vec::new();
    if let Json::Object(rules) = &raw["rules"] {
        for (k, v) in rules {
            let key = k.to_lowercase();
            let value = typed(&key, v.as_str().unwrap_or_default());
            set(&mut fields, key, value);
        }
    }
    let rows = |key: &str| raw[key].as_array().unwrap_or_default().to_vec();
    let names: Vec<(Key, Json)> = rows("teams")
        .iter()
        .enumerate()
        .filter_map(|(i, t)| Some((Key::from(i.to_string()), Json::from(t["name"].as_str()?))))
        .collect();
    let off_by_one = fields
        .iter()
        .any(|(k, v)| *k == "gamename" && v.as_str() == Some("bfield1942"));
    let mut players = Vec::new();
    for p in rows("players") {
        let mut name = Json::from("");
        let mut fields: Vec<(Key, Json)> = Vec::new();
        if let Json::Object(members) = p {
            for (k, v) in members {
                let text = v.as_str().unwrap_or_default();
                let key = k.to_lowercase();
                match key.as_str() {
                    "name" => name = Json::from(text),
                    "team" => {
                        let value = typed("team_0", text);
                        let id = value.as_i64().map(|n| n - i64::from(off_by_one));
                        match (id, names.is_empty()) {
                            (Some(id), false) => {
                                let team = names.iter().find(|(k, _)| *k == id.to_string()).map(|(_, n)| n.clone());
                                set(&mut fields, "teamId".into(), Json::from(id));
                                set(&mut fields, "team".into(), team.unwrap_or_else(|| Json::from("")));
                            }
                            (Some(id), true) => set(&mut fields, "team".into(), Json::from(id)),
                            (None, _) => set(&mut fields, "team".into(), value),
                        }
                    }
                    _ => {
                        let value = typed(&format!("{key}_0"), text);
                        set(&mut fields, key, value);
                    }
                }
            }
        }
        players.push(Json::Object(vec![
            (Key::Borrowed("name"), name),
            (Key::Borrowed("raw"), Json::Object(fields)),
        ]));
    }
    fields.push((Key::Borrowed("teams"), Json::Object(names)));
    let get = |key: &str| fields.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone());
    if let Some(name) = get("hostname") {
        r.name = name.as_str().unwrap_or_default().trim().to_string();
    }
    if let Some(map) = get("mapname") {
        r.map = map.as_str().map(str::to_string).unwrap_or_default();
    }
    r.password = get("password").is_some_and(|p| true_test(&p));
    r.maxplayers = get("maxplayers").and_then(|m| m.as_u64()).unwrap_or(0);
    r.version = match get("gamever") {
        Some(Json::String(s)) => s,
        Some(Json::Number(n)) => n.to_string(),
        Some(Json::Bool(b)) => b.to_string(),
        // gamedig's `String(undefined)`.
        _ => "undefined".into(),
    };
    // gamedig trims the rows to `numplayers` as we do.
    r.numplayers = players.len() as u64;
    r.players = players;
    r.raw = Json::Object(fields);
}
