//! A2S in gamedig's shape (its `valve` class): `raw` with its key names, players and bots
//! split as it splits them.

use serde_json::{json, Map, Value};

use crate::spec::gamedig::{player, Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig {
    options,
    results,
    unanswered,
};

/// The rules were asked and did not come; the players step went unanswered.
fn unanswered(status: &Value, rules: bool, players: bool) -> Option<&'static str> {
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

fn results(status: &Value, variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    let mut out = Map::new();
    let mut put = |key: &str, v: &Value| {
        if !v.is_null() {
            out.insert(key.into(), v.clone());
        }
    };
    // gamedig keeps the reply's letters: `d`/`l`/`p`, `l`/`w`/`m`.
    let letter = |v: &Value| json!(v.as_str().and_then(|s| s.chars().next()).map(String::from));
    let info = &raw["info"];
    let gold = &raw["goldSrc"];
    if info.is_object() {
        put("protocol", &info["protocol"]);
        put("folder", &info["folder"]);
        put("game", &info["game"]);
        put("appId", &info["appId"]);
        put("numbots", &info["bots"]);
        put("listentype", &letter(&info["serverType"]));
        put("environment", &letter(&info["environment"]));
        put("secure", &json!(u8::from(info["vac"].as_bool().unwrap_or(false))));
        let ship = &info["theShip"];
        put("shipmode", &ship["mode"]);
        put("shipwitnesses", &ship["witnesses"]);
        put("shipduration", &ship["duration"]);
        put("steamid", &info["steamId"]);
        put("sourcetvport", &info["sourceTv"]["port"]);
        put("sourcetvname", &info["sourceTv"]["name"]);
        if let Some(k) = info["keywords"].as_str() {
            put("tags", &json!(k.split(',').collect::<Vec<_>>()));
        }
    } else {
        put("address", &gold["address"]);
        put("folder", &gold["folder"]);
        put("game", &gold["game"]);
        put("protocol", &gold["protocol"]);
        put("listentype", &letter(&gold["serverType"]));
        put("environment", &letter(&gold["environment"]));
        put("ismod", &json!(u8::from(gold["mod"].is_object())));
        put("secure", &json!(u8::from(gold["vac"].as_bool().unwrap_or(false))));
        put("numbots", &gold["bots"]);
    }
    // Its players (name, score, time), CS:GO's fake one left out as our list leaves it.
    let console = variant == Some("sdtd") && raw["console"].is_object();
    let listed: Vec<&str> = status["players"]["list"]
        .as_array()
        .map_or(vec![], |l| l.iter().filter_map(|p| p["name"].as_str()).collect());
    let mut players: Vec<Value> = raw["players"]
        .as_array()
        .map_or(vec![], |l| l.iter().collect::<Vec<_>>())
        .into_iter()
        // (7 Days to Die's console puts its own names in the list: A2S's are all kept.)
        .filter(|p| console || p["name"].as_str().is_some_and(|n| listed.contains(&n)))
        .map(|p| json!({ "name": p["name"], "score": p["score"], "time": p["duration"] }))
        .collect();
    put("players", &Value::Array(players.clone()));
    if raw["rules"].is_object() {
        put("rules", &raw["rules"]);
    }
    match variant {
        Some("dayz") => super::variants::dayz(&mut out, raw),
        Some("toxikk") => super::variants::toxikk(&mut out),
        Some("ffow") => super::variants::ffow(&mut out, raw),
        Some("sdtd") => super::variants::sdtd(&mut out, raw),
        _ => {}
    }
    r.raw = Value::Object(out);
    // A2S marks no player as a bot: gamedig takes as bots the `numbots` longest connected
    // (a time of -1 first; Toxikk's count is no such thing), then lists the rest, longest
    // connected first.
    let time = |p: &Value| match p["time"].as_f64() {
        Some(-1.0) => f64::MAX,
        Some(t) => t,
        None => 0.0,
    };
    players.sort_by(|a, b| time(a).total_cmp(&time(b)));
    let bots = match variant {
        Some("toxikk") => 0,
        _ => info["bots"].as_u64().or(gold["bots"].as_u64()).unwrap_or(0) as usize,
    };
    r.bots = (0..bots).map_while(|_| players.pop()).map(|p| player(&p)).collect();
    r.players = players.iter().rev().map(player).collect();
    // 7 Days to Die's console lists the players by name, each with its line.
    if let (Some("sdtd"), Some(console)) = (variant, raw["console"]["players"].as_array()) {
        r.players = console
            .iter()
            .map(|p| json!({ "name": p["name"], "raw": { "responseLine": p["line"] } }))
            .collect();
    }
}
