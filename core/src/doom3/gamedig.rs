//! id Tech 4 in gamedig's shape (its `doom3` class): `raw` the settings with colour codes
//! stripped (its default `stripColors`: `^` and one character, or `^X` and six) and
//! `si_map` without ET:QW's `maps/` and `.entities`, `protocolVersion` as `major.minor`,
//! the OS mask and ET:QW's server state under its names; a client with no ping or with a
//! bot flag is a bot.

use crate::json::{Json, Key};
use crate::spec::gamedig::{strip_colors as strip, Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig::shaped(results);

fn results(status: &Json, _variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    let mut fields: Vec<(Key, Json)> = Vec::new();
    let protocol = raw["protocol"].as_str().unwrap_or_default().to_string();
    fields.push((Key::Borrowed("protocolVersion"), Json::from(protocol.clone())));
    if let Json::Object(members) = &raw["info"] {
        for (k, v) in members {
            let mut value = strip(v.as_str().unwrap_or_default());
            if k.as_ref() == "si_map" {
                value = value.replace("maps/", "").replace(".entities", "");
            }
            fields.push((k.clone(), Json::from(value)));
        }
    }
    if let Some(mask) = raw["osMask"].as_u64() {
        fields.push((Key::Borrowed("osmask"), Json::from(mask)));
    }
    let server = &raw["server"];
    if server.is_object() {
        let ranked = u64::from(server["ranked"].as_bool().unwrap_or(false));
        fields.push((Key::Borrowed("ranked"), Json::from(ranked)));
        for (theirs, ours) in [
            ("timeleft", "timeLeft"),
            ("gamestate", "gameState"),
            ("servertype", "serverType"),
            ("interestedClients", "interestedClients"),
            ("connectedClients", "connectedClients"),
            ("maxClients", "maxClients"),
        ] {
            if !server[ours].is_null() {
                fields.push((Key::Borrowed(theirs), server[ours].clone()));
            }
        }
    }
    let info = Json::Object(fields);
    let text = |key: &str| info[key].as_str().map(str::to_string);
    r.name = text("si_name").unwrap_or_default();
    r.map = text("si_map").unwrap_or_default();
    if let Some(max) = text("si_maxPlayers").or_else(|| text("si_maxplayers")) {
        r.maxplayers = max.trim().parse().unwrap_or(0);
    }
    r.password = text("si_usepass").as_deref() == Some("1") || text("si_needPass").as_deref() == Some("1");
    r.version = protocol;
    let (mut players, mut bots) = (vec![], vec![]);
    for p in raw["players"].as_array().unwrap_or_default() {
        let mut fields = vec![("id", p["id"].clone()), ("ping", p["ping"].clone())];
        if !p["rate"].is_null() {
            fields.push(("rate", p["rate"].clone()));
        }
        if let Some(clan) = p["clan"].as_str() {
            fields.push(("clantag", Json::from(strip(clan))));
        }
        let flag = p["bot"].as_bool();
        if let Some(flag) = flag {
            fields.push(("typeflag", Json::from(u64::from(flag))));
        }
        let raw = Json::Object(fields.into_iter().map(|(k, v)| (Key::Borrowed(k), v)).collect());
        let name = Json::from(strip(p["name"].as_str().unwrap_or_default()));
        let entry = Json::Object(vec![(Key::Borrowed("name"), name), (Key::Borrowed("raw"), raw)]);
        match (p["ping"].as_u64(), flag) {
            (Some(0) | None, _) | (_, Some(true)) => bots.push(entry),
            _ => players.push(entry),
        }
    }
    r.numplayers = (players.len() + bots.len()) as u64;
    r.players = players;
    r.bots = bots;
    r.raw = info;
}
