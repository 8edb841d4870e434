//! GameSpy 2 in gamedig's shape (its `gamespy2` class): `raw` the settings as sent and
//! `raw.teams`; players and teams with their fields' `_` dropped, `player_` and `team_t` as
//! `name`, score, deaths, ping, team, kills and tickets read as `parseInt` reads them (left
//! out when empty), the rows up to the first without a name; America's Army's (`armygame`)
//! colour codes stripped.

use crate::json::{Json, Key};
use crate::spec::gamedig::{parse_int, player_of, strip_unreal as strip, true_test, Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig::shaped(results);

const NUMBERS: [&str; 6] = ["score", "deaths", "ping", "team", "kills", "tickets"];

/// Our records (keys as `raw` has them) as gamedig's units; `field` gives each key's name
/// as gamedig keys it.
fn units(records: &Json, field: fn(&str) -> String, army: bool) -> Vec<Json> {
    let mut out = Vec::new();
    for r in records.as_array().unwrap_or_default() {
        let Json::Object(members) = r else { continue };
        if members.first().and_then(|(_, v)| v.as_str()).is_none_or(str::is_empty) {
            break; // gamedig's table ends at a row whose first value is empty
        }
        let mut unit: Vec<(Key, Json)> = Vec::new();
        for (k, v) in members {
            let key = field(k);
            let text = v.as_str().unwrap_or_default();
            let value = if NUMBERS.contains(&key.as_str()) {
                if text.is_empty() {
                    continue;
                }
                parse_int(text)
            } else if key == "name" && army {
                Json::from(strip(text))
            } else {
                Json::from(text)
            };
            match unit.iter_mut().find(|(u, _)| *u == key) {
                Some(u) => u.1 = value,
                None => unit.push((Key::from(key), value)),
            }
        }
        out.push(Json::Object(unit));
    }
    out
}

fn results(status: &Json, _variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    let army = raw["rules"]["gamename"].as_str() == Some("armygame");
    let text = |v: &Json| -> String {
        let t = v.as_str().unwrap_or_default();
        if army {
            strip(t)
        } else {
            t.to_string()
        }
    };
    let mut fields: Vec<(Key, Json)> = Vec::new();
    if let Json::Object(rules) = &raw["rules"] {
        for (k, v) in rules {
            match fields.iter_mut().find(|(f, _)| f == k) {
                Some(f) => f.1 = Json::from(text(v)),
                None => fields.push((k.clone(), Json::from(text(v)))),
            }
        }
    }
    let rule = |key: &str| raw["rules"][key].as_str();
    r.name = text(&raw["rules"]["hostname"]).trim().to_string();
    r.map = text(&raw["rules"]["mapname"]);
    r.password = rule("password").is_some_and(|p| true_test(&Json::from(p)));
    r.maxplayers = rule("maxplayers").and_then(|m| parse_int(m).as_u64()).unwrap_or(0);
    r.version = rule("gamever").unwrap_or_default().to_string();
    // Players: `player_` is our `name`; other fields lose their `_`, as ours do.
    let players = units(&raw["players"], |k| k.to_string(), army);
    // Teams: gamedig keeps `_t` (but `team_t` and `tickets_t` are `name` and `tickets`).
    let teams = units(
        &raw["teams"],
        |k| match k {
            "name" | "tickets" => k.to_string(),
            k => format!("{k}_t"),
        },
        false,
    );
    fields.push((Key::Borrowed("teams"), Json::from(teams)));
    r.numplayers = match rule("numplayers") {
        Some(n) => parse_int(n).as_u64().unwrap_or(0),
        None => players.len() as u64,
    };
    r.players = players.into_iter().map(player_of).collect();
    r.raw = Json::Object(fields);
}
