//! Unreal 2 in gamedig's shape (its `unreal2` class): `raw` the server id, IP, query port,
//! game type, mutators and rules, then what follows the info as its game lays it out
//! (Killing Floor — its mutator, a `Num trader weapons` rule or version 1065 — the wave and
//! the waves, then ping, flags and skill); number-0 lines as `raw.scoreboard`; players with
//! no ping as bots; colour codes stripped (its default).

use crate::json::{Json, Key};
use crate::spec::gamedig::{strip_unreal as strip, Gamedig, Results};
use crate::wire::Reader;

pub const GAMEDIG: Gamedig = Gamedig::shaped(results);

fn results(status: &Json, _variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    let info = &raw["info"];
    let rules = &raw["rules"];
    let rule = |k: &str| rules[k].as_str();
    let mutators: Vec<&str> = raw["mutators"]
        .as_array()
        .unwrap_or_default()
        .iter()
        .filter_map(Json::as_str)
        .collect();
    let mut fields: Vec<(Key, Json)> = vec![
        (Key::Borrowed("serverid"), info["serverId"].clone()),
        (Key::Borrowed("ip"), info["ip"].clone()),
        (Key::Borrowed("queryport"), info["queryPort"].clone()),
        (
            Key::Borrowed("gametype"),
            Json::from(strip(info["gameType"].as_str().unwrap_or_default())),
        ),
        (
            Key::Borrowed("mutators"),
            Json::from(mutators.iter().map(|m| Json::from(strip(m))).collect::<Vec<_>>()),
        ),
        (Key::Borrowed("rules"), {
            let Json::Object(members) = rules else { return };
            Json::Object(
                members
                    .iter()
                    .map(|(k, v)| (Key::from(strip(k)), Json::from(strip(v.as_str().unwrap_or_default()))))
                    .collect(),
            )
        }),
    ];
    // What follows the info, as gamedig reads it.
    let extra = crate::wire::from_hex(info["extra"].as_str().unwrap_or_default(), "extra").unwrap_or_default();
    let mut x = Reader::new(&extra);
    let killing_floor = mutators.contains(&"KillingFloorMut")
        || rule("Num trader weapons").is_some_and(|v| !v.is_empty())
        || rule("Server Version") == Some("1065");
    let mut push = |k: &'static str, v: Option<Json>| {
        if let Some(v) = v {
            fields.push((Key::Borrowed(k), v));
        }
    };
    let u32 = |x: &mut Reader<'_>| x.u32_le("extra").ok().map(|n| Json::from(u64::from(n)));
    let skill = |x: &mut Reader<'_>| super::packets::string(x, "skill").ok().map(|s| Json::from(strip(&s)));
    if killing_floor {
        push("wavecurrent", u32(&mut x));
        push("wavetotal", u32(&mut x));
        push("ping", u32(&mut x));
        push("flags", u32(&mut x));
        push("skillLevel", skill(&mut x));
    } else {
        push("ping", u32(&mut x));
        if x.remaining() >= 8 {
            push("flags", u32(&mut x));
            push("skill", skill(&mut x));
        }
    }
    let (mut scoreboard, mut players, mut bots) = (vec![], vec![], vec![]);
    for p in raw["players"].as_array().unwrap_or_default() {
        let name = strip(p["name"].as_str().unwrap_or_default());
        if p["id"].as_u64() == Some(0) {
            scoreboard.push((Key::from(name), p["score"].clone()));
            continue;
        }
        let entry = Json::Object(vec![
            (Key::Borrowed("name"), Json::from(name)),
            (
                Key::Borrowed("raw"),
                Json::Object(vec![
                    (Key::Borrowed("id"), p["id"].clone()),
                    (Key::Borrowed("ping"), p["ping"].clone()),
                    (Key::Borrowed("score"), p["score"].clone()),
                    (Key::Borrowed("statsId"), p["statsId"].clone()),
                ]),
            ),
        ]);
        match p["ping"].as_u64() {
            Some(0) => bots.push(entry),
            _ => players.push(entry),
        }
    }
    fields.push((Key::Borrowed("scoreboard"), Json::Object(scoreboard)));
    r.name = strip(info["name"].as_str().unwrap_or_default()).trim().to_string();
    r.map = strip(info["map"].as_str().unwrap_or_default());
    r.numplayers = info["numPlayers"].as_u64().unwrap_or(0);
    r.maxplayers = info["maxPlayers"].as_u64().unwrap_or(0);
    r.version = rule("UTComp_Version").unwrap_or_default().to_string();
    r.players = players;
    r.bots = bots;
    r.raw = Json::Object(fields);
}
