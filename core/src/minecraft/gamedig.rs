//! Minecraft in gamedig's shape. gamedig's `minecraft` class asks Java, Query (its
//! `gamespy3` class) and Bedrock at once, keeps each edition's whole result in `raw`
//! (`raw.vanilla.raw.players.online`, `raw.vanilla.ping` — programs read these) and takes
//! each field from the best edition that has it: Bedrock over Query over Java. Its
//! `minecraftvanilla` and `minecraftbedrock` classes give one edition's result alone.
//! (Facts from gamedig 5.3.3's `protocols/minecraft*.js` and `gamespy3.js`.)

use crate::json::{Json, Key};
use crate::spec::gamedig::{parse_int, Gamedig, Results};

/// `minecraft` (the race): Query asked too (`fullPlayers`, in the same deadline), the
/// merge, every edition's own result in `raw`.
pub const GAMEDIG: Gamedig = Gamedig {
    options: |_, ours| {
        ours.insert("fullPlayers".into(), true.into());
    },
    results,
    unanswered: |_, _, _| None,
    target: None,
};
/// `minecraft-java` (`protocol-minecraftvanilla`).
pub const VANILLA: Gamedig = Gamedig::shaped(|status, _, r| {
    if let Some(v) = vanilla(&status["raw"], &Where::of(status)) {
        *r = v;
    }
});
/// `minecraft-bedrock` (`protocol-minecraftbedrock`).
pub const BEDROCK: Gamedig = Gamedig::shaped(|status, _, r| *r = bedrock(&status["raw"], &Where::of(status)));

/// Where the query went, for each edition's `queryPort` and `connect`.
struct Where {
    port: u64,
    connect: String,
}

impl Where {
    fn of(status: &Json) -> Self {
        Self {
            port: status["port"].as_u64().unwrap_or(0),
            connect: status["connect"].as_str().unwrap_or_default().to_string(),
        }
    }

    /// `connect` with another port (Query's `hostport`).
    fn at(&self, port: &str) -> String {
        let host = self.connect.rsplit_once(':').map_or(self.connect.as_str(), |(h, _)| h);
        format!("{host}:{port}")
    }
}

/// gamedig's whole milliseconds.
fn ping(raw: &Json) -> f64 {
    raw["latencyMs"].as_f64().map_or(0.0, f64::round)
}

fn results(status: &Json, _variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    let at = Where::of(status);
    let vanilla = vanilla(&raw["java"], &at);
    let gamespy = (!raw["query"].is_null()).then(|| gamespy(&raw["query"], &at));
    let bedrock = (!raw["bedrock"].is_null()).then(|| bedrock(&raw["bedrock"], &at));
    // Least worth first: each later edition's fields replace the earlier's where it has them.
    let mut rtts = vec![];
    if let Some(b) = &bedrock {
        if !b.players.is_empty() {
            r.players = b.players.clone();
        }
    }
    if let Some(v) = &vanilla {
        r.name = description_text(&v.raw["description"]);
        take_counts(r, v);
        if !v.players.is_empty() {
            r.players = v.players.clone();
        }
        rtts.push(v.ping);
        if let Some(name) = v.raw["version"]["name"].as_str() {
            r.version = name.to_string();
        }
    }
    if let Some(g) = &gamespy {
        if !g.name.is_empty() {
            r.name = g.name.clone();
        }
        take_counts(r, g);
        if !g.players.is_empty() {
            r.players = g.players.clone();
        }
        rtts.push(g.ping);
    }
    if let Some(b) = &bedrock {
        if !b.name.is_empty() {
            r.name = b.name.clone();
        }
        take_counts(r, b);
        if !b.map.is_empty() {
            r.map = b.map.clone();
        }
        rtts.push(b.ping);
        if let Some(v) = b.raw["mcVersion"].as_str() {
            r.version = v.to_string();
        }
    }
    // The shortest round trip that is not 0 (gamedig's registerRtt skips 0).
    r.ping = rtts
        .into_iter()
        .filter(|p| *p > 0.0)
        .fold(0.0, |a, p| if a == 0.0 { p } else { a.min(p) });
    r.name = strip_section_codes(&r.name.split_whitespace().collect::<Vec<_>>().join(" "));
    let json = |results: Option<Results>| {
        results.map_or(Json::Null, |r| {
            serde_json::to_value(&r).map_or(Json::Null, |v| Json::from_value(&v))
        })
    };
    r.raw = Json::object([
        ("vanilla", json(vanilla)),
        ("gamespy", json(gamespy)),
        ("bedrock", json(bedrock)),
    ]);
}

/// An edition's counts, where they are not 0.
fn take_counts(r: &mut Results, from: &Results) {
    if from.numplayers != 0 {
        r.numplayers = from.numplayers;
    }
    if from.maxplayers != 0 {
        r.maxplayers = from.maxplayers;
    }
}

/// gamedig's `/\u00A7./g`: a `§` and the character after it.
fn strip_section_codes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '§' {
            chars.next();
        } else {
            out.push(c);
        }
    }
    out
}

/// The description's text as gamedig's `minecraft` reads it: a string as it is, else each
/// component's `text` in order, `extra` after its parent.
fn description_text(description: &Json) -> String {
    fn walk(c: &Json, out: &mut String) {
        if let Some(t) = c["text"].as_str() {
            out.push_str(t);
        }
        for e in c["extra"].as_array().unwrap_or_default() {
            walk(e, out);
        }
    }
    match description {
        Json::String(s) => s.clone(),
        Json::Object(_) => {
            let mut out = String::new();
            walk(description, &mut out);
            out
        }
        _ => String::new(),
    }
}

/// gamedig's `minecraftvanilla` result: the status document as the server sent it (plus
/// `bcc`), the counts and sample from it, no name or version of its own (the merge reads
/// them from `raw`). `None` for a server that answered only the legacy ping, which that
/// class cannot read.
fn vanilla(java: &Json, at: &Where) -> Option<Results> {
    let document = java.get("document").filter(|d| d.is_object())?;
    let mut raw = document.clone();
    raw.insert("bcc", Json::Object(vec![]));
    let players = &document["players"];
    let sample = players["sample"].as_array().unwrap_or_default();
    let list = sample
        .iter()
        .map(|p| {
            let name = p["name"].as_str().unwrap_or_default();
            let id = Json::Object(vec![(Key::Borrowed("id"), p["id"].clone())]);
            Json::object([("name", Json::from(name)), ("raw", id)])
        })
        .collect();
    Some(Results {
        raw,
        maxplayers: players["max"].as_u64().unwrap_or(0),
        numplayers: players["online"].as_u64().unwrap_or(0),
        players: list,
        query_port: at.port,
        connect: at.connect.clone(),
        ping: ping(java),
        ..Results::default()
    })
}

/// gamedig's `minecraftbedrock` result: the advertisement split at `;` as it was received.
fn bedrock(b: &Json, at: &Where) -> Results {
    let text = b["text"].as_str().unwrap_or_default();
    let mut parts = text.split(';').map(str::to_string);
    let mut next = || parts.next();
    let mut raw = Json::Object(vec![]);
    let mut r = Results {
        query_port: at.port,
        connect: at.connect.clone(),
        ping: ping(b),
        ..Results::default()
    };
    raw.set("edition", next().map(Json::from));
    r.name = next().unwrap_or_default();
    raw.set("protocolVersion", next().map(Json::from));
    let version = next();
    raw.set("mcVersion", version.clone().map(Json::from));
    r.version = version.unwrap_or_default();
    let count = |t: Option<String>| parse_int(&t.unwrap_or_default()).as_u64().unwrap_or(0);
    r.numplayers = count(next());
    r.maxplayers = count(next());
    raw.set("serverId", next().map(Json::from));
    if let Some(map) = next() {
        r.map = map;
    }
    raw.set("gameMode", next().map(Json::from));
    let nintendo = next().map(|t| Json::from(parse_int(&t).as_i64().is_some_and(|n| n != 0)));
    raw.set("nintendoOnly", nintendo);
    raw.set("ipv4Port", next().map(Json::from));
    raw.set("ipv6Port", next().map(Json::from));
    r.raw = raw;
    r
}

/// gamedig's `gamespy3` result of a Minecraft Query full stat: the keys as the server
/// sends them (all text), the names under `playerTeamInfo['']`, `connect` at `hostport`.
fn gamespy(q: &Json, at: &Where) -> Results {
    let text = |v: &Json| v.as_str().unwrap_or_default().to_string();
    let number = |v: &Json| v.as_i64().unwrap_or(0).to_string();
    let hostname = text(&q["motd"]["raw"]);
    let host_port = q["hostPort"].as_u64().map(|p| p.to_string());
    let mut raw = Json::Object(vec![]);
    raw.set("hostname", Some(Json::from(hostname.clone())));
    raw.set("gametype", Some(Json::from(text(&q["gameType"]))));
    raw.set("game_id", q["gameId"].as_str().map(Json::from));
    raw.set("version", q["version"].as_str().map(Json::from));
    raw.set("plugins", q["plugins"].as_str().map(Json::from));
    raw.set("map", Some(Json::from(text(&q["map"]))));
    raw.set("numplayers", Some(Json::from(number(&q["online"]))));
    raw.set("maxplayers", Some(Json::from(number(&q["max"]))));
    raw.set("hostport", host_port.clone().map(Json::from));
    raw.set("hostip", q["hostIp"].as_str().map(Json::from));
    if let Json::Object(extra) = &q["extra"] {
        for (k, v) in extra {
            raw.set(k.as_ref(), Some(v.clone()));
        }
    }
    let names = q["players"].as_array().unwrap_or_default();
    let rows = names
        .iter()
        .map(|n| Json::Object(vec![(Key::Borrowed("player"), n.clone())]))
        .collect::<Vec<_>>();
    // The full stat always has its `player_` section, empty or not.
    raw.set(
        "playerTeamInfo",
        Some(Json::Object(vec![(Key::Borrowed(""), Json::Array(rows))])),
    );
    let players = names
        .iter()
        .map(|n| Json::object([("name", n.clone()), ("raw", Json::Object(vec![]))]))
        .collect();
    Results {
        name: hostname.trim().to_string(),
        raw,
        maxplayers: q["max"].as_u64().unwrap_or(0),
        numplayers: q["online"].as_u64().unwrap_or(0),
        players,
        query_port: at.port,
        connect: host_port.map_or_else(|| at.connect.clone(), |p| at.at(&p)),
        ping: ping(q),
        ..Results::default()
    }
}
