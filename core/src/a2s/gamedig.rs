//! A2S in gamedig's shape (its `valve` class): `raw` with its key names, players and bots
//! split as it splits them.

use serde_json::{Map, Value};

use crate::json::Json;
use crate::spec::gamedig::{player_of, Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig {
    options,
    results,
    unanswered,
    target: None,
};

/// The rules were asked and did not come; the players step went unanswered.
fn unanswered(status: &Json, rules: bool, players: bool) -> Option<&'static str> {
    let raw = &status["raw"];
    let warned = |step: &str| {
        raw["warnings"]
            .as_array()
            .is_some_and(|w| w.iter().any(|w| w.as_str().is_some_and(|w| w.contains(step))))
    };
    if rules && raw["rules"].is_null() {
        return Some("A2S_RULES");
    }
    (players && warned("A2S_PLAYER")).then_some("A2S_PLAYER")
}

/// `requestRules` and `requestPlayers` are A2S's `rules` and `players`.
fn options(gamedig: &Value, ours: &mut Map<String, Value>) {
    if gamedig["requestRules"].as_bool() == Some(true) {
        ours.insert("rules".into(), Value::Bool(true));
    }
    if gamedig["requestPlayers"].as_bool() == Some(false) {
        ours.insert("players".into(), Value::Bool(false));
    }
}

fn results(status: &Json, variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    let mut out = Json::Object(Vec::with_capacity(16));
    let mut put = |key: &'static str, v: Json| {
        if !v.is_null() {
            out.insert(key, v);
        }
    };
    // gamedig keeps the reply's letters: `d`/`l`/`p`, `l`/`w`/`m`.
    let letter = |v: &Json| Json::from(v.as_str().and_then(|s| s.chars().next()).map(String::from));
    let flag = |v: &Json| Json::from(u64::from(v.as_bool().unwrap_or(false)));
    let info = &raw["info"];
    let gold = &raw["goldSrc"];
    if info.is_object() {
        put("protocol", info["protocol"].clone());
        put("folder", info["folder"].clone());
        put("game", info["game"].clone());
        put("appId", info["appId"].clone());
        put("numbots", info["bots"].clone());
        put("listentype", letter(&info["serverType"]));
        put("environment", letter(&info["environment"]));
        put("secure", flag(&info["vac"]));
        let ship = &info["theShip"];
        put("shipmode", ship["mode"].clone());
        put("shipwitnesses", ship["witnesses"].clone());
        put("shipduration", ship["duration"].clone());
        put("steamid", info["steamId"].clone());
        put("sourcetvport", info["sourceTv"]["port"].clone());
        put("sourcetvname", info["sourceTv"]["name"].clone());
        if let Some(k) = info["keywords"].as_str() {
            put("tags", Json::Array(k.split(',').map(Json::from).collect()));
        }
    } else {
        put("address", gold["address"].clone());
        put("folder", gold["folder"].clone());
        put("game", gold["game"].clone());
        put("protocol", gold["protocol"].clone());
        put("listentype", letter(&gold["serverType"]));
        put("environment", letter(&gold["environment"]));
        put("ismod", Json::from(u64::from(gold["mod"].is_object())));
        put("secure", flag(&gold["vac"]));
        put("numbots", gold["bots"].clone());
    }
    // Its players (name, score, time), CS:GO's fake one left out as our list leaves it.
    let console = variant == Some("sdtd") && raw["console"].is_object();
    let listed: Vec<&str> = status["players"]["list"]
        .as_array()
        .map_or(vec![], |l| l.iter().filter_map(|p| p["name"].as_str()).collect());
    let mut players: Vec<Json> = raw["players"]
        .as_array()
        .unwrap_or_default()
        .iter()
        // (7 Days to Die's console puts its own names in the list: A2S's are all kept.)
        .filter(|p| console || p["name"].as_str().is_some_and(|n| listed.contains(&n)))
        .map(|p| {
            Json::object([
                ("name", p["name"].clone()),
                ("score", p["score"].clone()),
                ("time", p["duration"].clone()),
            ])
        })
        .collect();
    put("players", Json::Array(players.clone()));
    if raw["rules"].is_object() {
        put("rules", raw["rules"].clone());
    }
    match variant {
        Some("dayz") => super::variants::dayz(&mut out, raw),
        Some("toxikk") => super::variants::toxikk(&mut out),
        Some("ffow") => super::variants::ffow(&mut out, raw),
        Some("sdtd") => super::variants::sdtd(&mut out, raw),
        _ => {}
    }
    r.raw = out;
    // A2S marks no player as a bot: gamedig takes as bots the `numbots` longest connected
    // (a time of -1 first; Toxikk's count is no such thing), then lists the rest, longest
    // connected first.
    let time = |p: &Json| match p["time"].as_f64() {
        Some(-1.0) => f64::MAX,
        Some(t) => t,
        None => 0.0,
    };
    players.sort_by(|a, b| time(a).total_cmp(&time(b)));
    let bots = match variant {
        Some("toxikk") => 0,
        _ => info["bots"].as_u64().or(gold["bots"].as_u64()).unwrap_or(0) as usize,
    };
    r.bots = (0..bots).map_while(|_| players.pop()).map(player_of).collect();
    r.players = players.into_iter().rev().map(player_of).collect();
    // 7 Days to Die's console lists the players by name, each with its line.
    if let (Some("sdtd"), Some(console)) = (variant, raw["console"]["players"].as_array()) {
        r.players = console
            .iter()
            .map(|p| {
                let line = Json::object([("responseLine", p["line"].clone())]);
                Json::object([("name", p["name"].clone()), ("raw", line)])
            })
            .collect();
    }
}
