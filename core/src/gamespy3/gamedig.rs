//! GameSpy 3 in gamedig's shape (its `gamespy3` class, and `ut3`, `jc2mp` on top): `raw`
//! the server keys as sent plus `playerTeamInfo` — the rows of each table keyed by what
//! follows the `_` of its fields (`''` players, `'t'` teams), each field by what precedes
//! it; players with `player_` as `name` and score, ping, team, deaths and pid read as
//! `parseInt` reads them. UT3 renames its property keys and splits its mutator lists;
//! JC2-MP's players are `{ name, steamid, ping }` and `raw.numPlayers2` their count.

use crate::json::{Json, Key};
use crate::spec::gamedig::{parse_int, player_of, Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig::shaped(results);

const NUMBERS: [&str; 5] = ["score", "ping", "team", "deaths", "pid"];

/// UT3's keys as gamedig's `ut3` renames them (`None`: dropped).
const UT3: &[(&str, Option<&str>)] = &[
    ("mapname", None),
    ("p1073741825", Some("map")),
    ("p1073741826", Some("gametype")),
    ("p1073741827", Some("servername")),
    ("p1073741828", Some("custom_mutators")),
    ("gamemode", Some("joininprogress")),
    ("s32779", Some("gamemode")),
    ("s0", Some("bot_skill")),
    ("s6", Some("pure_server")),
    ("s7", Some("password")),
    ("s8", Some("vs_bots")),
    ("s10", Some("force_respawn")),
    ("p268435704", Some("frag_limit")),
    ("p268435705", Some("time_limit")),
    ("p268435703", Some("numbots")),
    ("p268435717", Some("stock_mutators")),
    ("p1073741829", Some("stock_mutators")),
    ("s1", None),
    ("s9", None),
    ("s11", None),
    ("s12", None),
    ("s13", None),
    ("s14", None),
    ("p268435706", None),
    ("p268435968", None),
    ("p268435969", None),
];

fn set(fields: &mut Vec<(Key, Json)>, key: &str, value: Json) {
    match fields.iter_mut().find(|(k, _)| k == key) {
        Some(f) => f.1 = value,
        None => fields.push((Key::from(key.to_string()), value)),
    }
}

fn remove(fields: &mut Vec<(Key, Json)>, key: &str) -> Option<Json> {
    let i = fields.iter().position(|(k, _)| k == key)?;
    Some(fields.remove(i).1)
}

/// Our records (`name` for `player_`/`team_t`, other fields without their suffix) as
/// gamedig's items (keyed by the part before the `_`).
fn items(records: &Json, name: &str) -> Vec<Json> {
    let mut out = Vec::new();
    for r in records.as_array().unwrap_or_default() {
        let Json::Object(members) = r else { continue };
        let mut item = Vec::new();
        for (k, v) in members {
            let key = if k == "name" { name.to_string() } else { k.to_string() };
            set(&mut item, &key, v.clone());
        }
        out.push(Json::Object(item));
    }
    out
}

fn results(status: &Json, variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    let mut fields: Vec<(Key, Json)> = Vec::new();
    if let Json::Object(rules) = &raw["rules"] {
        for (k, v) in rules {
            set(&mut fields, k, v.clone());
        }
    }
    let rule = |key: &str| raw["rules"][key].as_str();
    let jc2mp = variant == Some("jc2mp");
    let mut players = Vec::new();
    let mut info: Vec<(Key, Json)> = Vec::new();
    if jc2mp {
        for p in raw["players"].as_array().unwrap_or_default() {
            let text = |k: &str| Json::from(p[k].as_str().unwrap_or_default());
            players.push(Json::Object(vec![
                (Key::Borrowed("name"), text("name")),
                (Key::Borrowed("steamid"), text("steamid")),
                (Key::Borrowed("ping"), parse_int(p["ping"].as_str().unwrap_or_default())),
            ]));
        }
        set(&mut fields, "numPlayers2", Json::from(players.len() as u64));
    } else {
        let rows = items(&raw["players"], "player");
        let teams = items(&raw["teams"], "team");
        if !rows.is_empty() {
            info.push((Key::Borrowed(""), Json::from(rows.clone())));
        }
        if !teams.is_empty() {
            info.push((Key::Borrowed("t"), Json::from(teams)));
        }
        for row in rows {
            let Json::Object(members) = row else { continue };
            let mut player = Vec::new();
            for (k, v) in members {
                let key = if k == "player" {
                    "name".to_string()
                } else {
                    k.to_string()
                };
                let value = if NUMBERS.contains(&key.as_str()) {
                    parse_int(v.as_str().unwrap_or_default())
                } else {
                    v
                };
                set(&mut player, &key, value);
            }
            players.push(Json::Object(player));
        }
    }
    set(&mut fields, "playerTeamInfo", Json::Object(info));
    r.name = rule("hostname")
        .or(rule("servername"))
        .unwrap_or_default()
        .trim()
        .to_string();
    r.map = rule("mapname").unwrap_or_default().to_string();
    r.password = rule("password") == Some("1");
    r.maxplayers = rule("maxplayers").and_then(|m| parse_int(m).as_u64()).unwrap_or(0);
    r.version = rule("gamever").unwrap_or_default().to_string();
    if jc2mp {
        r.version = rule("version").unwrap_or_default().to_string();
    }
    r.numplayers = match rule("numplayers") {
        Some(n) => parse_int(n).as_u64().unwrap_or(0),
        None => players.len() as u64,
    };
    if variant == Some("ut3") {
        for (from, to) in UT3 {
            let Some(value) = remove(&mut fields, from) else {
                continue;
            };
            if let Some(to) = to {
                set(&mut fields, to, value);
            }
        }
        for key in ["custom_mutators", "stock_mutators"] {
            if let Some(Json::String(list)) = remove(&mut fields, key) {
                let parts: Vec<Json> = list.split('\x1c').filter(|s| !s.is_empty()).map(Json::from).collect();
                set(&mut fields, key, Json::from(parts));
            }
        }
        if let Some(map) = fields.iter().find(|(k, _)| k == "map").and_then(|(_, v)| v.as_str()) {
            r.map = map.to_string();
        }
    }
    r.players = players.into_iter().map(player_of).collect();
    r.raw = Json::Object(fields);
}
