//! `gamequery/gamedig`'s side of the registry: gamedig's query options → a query of ours,
//! and gamedig's `games` export from our table. The result shapes are each protocol's
//! (`spec::gamedig`); this module sits above the games and the protocols it names.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::Error;
use crate::protocol::Protocol;
use crate::spec::Transport;

/// gamedig's protocol names that name one of ours (`type: 'protocol-valve'`).
pub const PROTOCOL_NAMES: &[(&str, &str)] = &[
    ("valve", "a2s"),
    ("goldsrc", "a2s"),
    ("samp", "samp"),
    ("gtasao", "samp"),
    ("minecraft", "minecraft"),
    ("minecraftvanilla", "minecraft-java"),
    ("minecraftbedrock", "minecraft-bedrock"),
    ("mumbleping", "mumble"),
    ("quake1", "quakeworld"),
    ("quake2", "quake2"),
    ("quake3", "quake3"),
    ("fivem", "fivem"),
    ("doom3", "doom3"),
    ("ase", "all-seeing-eye"),
    ("gamespy1", "gamespy1"),
    ("gamespy2", "gamespy2"),
    ("gamespy3", "gamespy3"),
    ("unreal2", "unreal2"),
    ("palworld", "palworld"),
    ("terraria", "terraria"),
    ("satisfactory", "satisfactory"),
    ("teamspeak3", "teamspeak3"),
    ("eldewrito", "eldewrito"),
    ("hytale", "hytale"),
    ("eco", "eco"),
    ("buildandshoot", "buildandshoot"),
    ("kspdmp", "kspdmp"),
    ("assettocorsa", "assettocorsa"),
    ("farmingsimulator", "farmingsimulator"),
    ("factorio", "factorio"),
    ("beammp", "beammp"),
    ("minetest", "minetest"),
    ("vintagestory", "vintagestory"),
    ("renegadex", "renegadex"),
    ("altvmp", "altvmp"),
    ("ragemp", "ragemp"),
    ("geneshift", "geneshift"),
    ("discord", "discord"),
    ("scpsl", "scpsl"),
    ("epic", "epic"),
    ("brokeprotocol", "brokeprotocol"),
    ("hawakening", "hawakening"),
];

/// What a gamedig query becomes: the game or protocol to query, the target, our options,
/// and what gamedig's `…Required` options demand of the result.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Plan {
    pub name: String,
    pub target: Value,
    pub options: Map<String, Value>,
    pub rules_required: bool,
    pub players_required: bool,
}

/// gamedig's query options (as `GameDig.query` takes them) → a query of ours. Its
/// messages for a missing or unknown `type` are kept: code that matches them still does.
pub fn plan(user: &Value, listen_udp_port: Option<u16>) -> crate::Result<Plan> {
    let text = |key: &str| user[key].as_str().filter(|s| !s.is_empty());
    let flag = |key: &str| user[key].as_bool().unwrap_or(false);
    // gamedig parseInt()s these.
    let int = |key: &str| -> Option<i64> {
        match &user[key] {
            Value::Number(n) => n.as_f64().map(|f| f.trunc() as i64),
            Value::String(s) => s
                .trim()
                .split(|c: char| !c.is_ascii_digit() && c != '-')
                .next()?
                .parse()
                .ok(),
            _ => None,
        }
    };
    let number = |key: &str, default: f64| user[key].as_f64().filter(|n| *n > 0.0).unwrap_or(default);
    let type_ = text("type").ok_or_else(|| Error::invalid("No game specified"))?;
    let (name, protocol) = match type_.strip_prefix("protocol-") {
        Some(p) => match PROTOCOL_NAMES.iter().find(|(g, _)| *g == p) {
            Some((_, ours)) => (ours.to_string(), Protocol::parse(ours)?),
            // gamedig's class for one game's behaviour (`protocol-dayz`, `protocol-vcmp` …): that
            // game, at the port given (below), its dialect and its shape included.
            None => {
                let game = crate::games::GAMES
                    .iter()
                    .find(|g| g.variant == Some(p) && g.supported().is_some())
                    .ok_or_else(|| Error::invalid(format!("Invalid game: {type_} (gamequery does not speak it)")))?;
                (game.id.to_string(), crate::games::resolve(game.id)?.1)
            }
        },
        None => {
            let game = crate::games::by_id(type_)
                .or_else(|| flag("checkOldIDs").then(|| crate::games::find(type_)).flatten())
                .ok_or_else(|| Error::invalid(format!("Invalid game: {type_}")))?;
            (game.id.to_string(), crate::games::resolve(game.id)?.1)
        }
    };
    // A query gamedig makes without a host (Discord's, by `guildId`) names its target by an
    // option of its own.
    let named = protocol.gamedig_parts().and_then(|g| g.target).and_then(text);
    let host = text("address")
        .or(text("host"))
        .or(named)
        .ok_or_else(|| Error::invalid("host (or address) is required"))?;
    let port = int("port").filter(|p| (1..=65535).contains(p));
    // A game named as its protocol (Eco) runs as the protocol, which asks the port given:
    // the game port moved by the game's rule, as gamedig's first try (Eco's web port, + 1).
    let shift = match crate::games::by_id(&name) {
        Some(g) if Protocol::parse(&name).is_ok() && !flag("givenPortOnly") && !type_.starts_with("protocol-") => {
            g.offsets.first().copied()
        }
        _ => None,
    };
    // With no port given, gamedig's own first try for such a game: its fixed query port, else
    // its game port moved by the rule (Assetto Corsa's 9610, where the protocol's is 8081).
    let default = match crate::games::by_id(&name) {
        Some(g) if Protocol::parse(&name).is_ok() && !type_.starts_with("protocol-") => {
            let moved = |p: u16| i64::from(p) + i64::from(g.offsets.first().copied().unwrap_or(0));
            g.query_port.map(i64::from).or_else(|| g.game_port.map(moved))
        }
        _ => None,
    };
    let port = port
        .map(|p| p + shift.map_or(0, i64::from))
        .or(default)
        .filter(|p| (1..=65535).contains(p));
    let mut target = Map::new();
    target.insert("host".into(), Value::from(host));
    if let Some(p) = port {
        target.insert("port".into(), Value::from(p));
    }
    // One deadline: two of gamedig's per-packet waits per try, within its attempt's.
    let tries = number("maxRetries", 1.0);
    let timeout = number("attemptTimeout", 10_000.0).min(2.0 * number("socketTimeout", 2000.0) * tries);
    let mut options = Map::new();
    options.insert("timeout".into(), Value::from(timeout.round()));
    if let Some(family) = int("ipFamily").filter(|f| *f == 4 || *f == 6) {
        options.insert("family".into(), Value::from(family));
    }
    if let Some(local) = listen_udp_port.filter(|_| protocol.spec().transport == Transport::Udp) {
        options.insert("localPort".into(), Value::from(local));
    }
    // The given port only: a game's query asks it alone (the race tries it for both editions).
    // A name that is a protocol's too (`quake2`, `doom3`, `mumble`) runs as that protocol,
    // which asks only the port given already and takes no `queryPort`.
    let runs_as_game = Protocol::parse(&name).is_err();
    let one_plan = runs_as_game && protocol.query().is_ok_and(|q| q.plan().is_some());
    // A protocol class of gamedig's asks the port given, as gamedig's does.
    let class_of_game = type_.starts_with("protocol-") && crate::games::by_id(&name).is_some();
    let given_only = flag("givenPortOnly") && !type_.starts_with("protocol-");
    if let (true, true, Some(p)) = (one_plan, given_only || class_of_game, port) {
        options.insert("queryPort".into(), Value::from(p));
    }
    if let Some(own) = protocol.gamedig_parts() {
        (own.options)(user, &mut options);
    }
    // A game's console (7 Days to Die's telnet), as gamedig asks it: with its port and
    // password, for the players unless `requestPlayers: false`, and `moreData`.
    let console = crate::games::by_id(&name).is_some_and(|g| g.console.is_some());
    let wanted = user["requestPlayers"].as_bool() != Some(false) || flag("moreData");
    if let (true, true, Some(port), Some(password)) = (console, wanted, int("telnetPort"), text("telnetPassword")) {
        let telnet = serde_json::json!({ "port": port, "password": password, "more": flag("moreData") });
        options.insert("telnet".into(), telnet);
    }
    Ok(Plan {
        name,
        target: Value::Object(target),
        options,
        // gamedig asks rules only with requestRules, players unless requestPlayers is false:
        // a request it does not make cannot be required.
        rules_required: flag("requestRulesRequired") && flag("requestRules"),
        players_required: flag("requestPlayersRequired") && user["requestPlayers"].as_bool() != Some(false),
    })
}

/// gamedig's name for the protocol of a game of ours (`games[id].options.protocol`).
pub fn protocol_name(game: &crate::games::Game) -> &'static str {
    if let Some(variant) = game.variant {
        return variant;
    }
    match game.protocol {
        "a2s" => "valve",
        "all-seeing-eye" => "ase",
        "mumble" => "mumbleping",
        "mumble-gtmurmur" => "mumble",
        "quakeworld" => "quake1",
        other => other,
    }
}

/// gamedig's `games` export: its entry shape, from our table.
pub fn games() -> Value {
    let entries = crate::games::GAMES.iter().map(|g| {
        let mut options = Map::new();
        if let Some(p) = g.game_port {
            options.insert("port".into(), Value::from(p));
        }
        if let Some(p) = g.query_port {
            options.insert("port_query".into(), Value::from(p));
        }
        match g.offsets {
            [] => {}
            [one] => {
                options.insert("port_query_offset".into(), Value::from(*one));
            }
            many => {
                options.insert("port_query_offset".into(), Value::from(many.to_vec()));
            }
        }
        options.insert("protocol".into(), Value::from(protocol_name(g)));
        let mut entry = Map::new();
        entry.insert("name".into(), Value::from(g.name));
        if g.year != 0 {
            entry.insert("release_year".into(), Value::from(g.year));
        }
        entry.insert("options".into(), Value::Object(options));
        if let Some(old) = g.old_ids.first() {
            let mut extra = Map::new();
            extra.insert("old_id".into(), Value::from(*old));
            entry.insert("extra".into(), Value::Object(extra));
        }
        (g.id.to_string(), Value::Object(entry))
    });
    Value::Object(entries.collect())
}

/// The variant of the game a status was asked for (`status.game.id`), if it has one.
pub fn variant(status: &crate::json::Json) -> Option<&'static str> {
    crate::games::find(status["game"]["id"].as_str()?)?.variant
}

/// `gamequery/gamedig`'s query on the native engine: the result shaped inside the call
/// (`Call::query`'s internal option `gamedigShape`), so it crosses to JavaScript once as
/// gamedig's shape — no JSON round trip (measured: ~20 µs a query), no hash map per object
/// (`json::to_json`: ~10 µs). `rules`/`players`:
/// gamedig's `…Required`.
#[cfg(not(target_family = "wasm"))]
pub fn shape(outcome: crate::spec::Outcome, rules: bool, players: bool) -> crate::Result<crate::spec::Outcome> {
    let status = crate::json::to_json(&outcome).map_err(|e| Error::invalid(format!("status: {e}")))?;
    let own = status["protocol"]
        .as_str()
        .and_then(|p| Protocol::parse(p).ok())
        .and_then(Protocol::gamedig_parts);
    let results = crate::spec::gamedig::required_results(&status, own, variant(&status), rules, players)?;
    Ok(crate::spec::Outcome::Status(Box::new(Shaped(results))))
}

/// gamedig's result where a `Status` would be (what the host serializes is all it needs).
#[cfg(not(target_family = "wasm"))]
struct Shaped(crate::spec::gamedig::Results);

#[cfg(not(target_family = "wasm"))]
impl Serialize for Shaped {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

#[cfg(not(target_family = "wasm"))]
impl crate::spec::Report for Shaped {
    fn ping_ms(&self) -> Option<f64> {
        Some(self.0.ping)
    }
    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any> {
        self
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn to_tape(&self, size_hint: usize) -> crate::tape::Tape {
        crate::tape::to_tape(&self.0, size_hint)
    }
    fn push_to(&self, tape: &mut crate::tape::Tape) {
        tape.push(&self.0)
    }
    fn port(&self) -> u16 {
        self.0.query_port as u16
    }
    fn settle(&mut self, _: &str, _: Option<crate::status::GameMatch>) {}
}
