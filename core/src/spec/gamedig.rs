//! A status in gamedig 5's result shape (its `Results`), for `gamequery/gamedig`: the
//! drop-in for code written against gamedig. The fields every status has are mapped here;
//! each protocol's `gamedig.rs` fills `raw`, `players` and `bots` as gamedig's protocol
//! class of the same name does (and `crate::gamedig`, above the registry, turns gamedig's
//! options into a query) (facts from gamedig 5.3.3's `protocols/*.js`; the code is
//! ours). Where gamedig is wrong we are not: the migration table in npm/gamequery/README.md
//! lists each difference.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::json::{Json, Key};

/// gamedig's `Results`, in its key order.
#[derive(Debug, Default, Serialize)]
pub struct Results {
    pub name: String,
    pub map: String,
    pub password: bool,
    pub raw: Json,
    pub version: String,
    pub maxplayers: u64,
    pub numplayers: u64,
    pub players: Vec<Json>,
    pub bots: Vec<Json>,
    #[serde(rename = "queryPort")]
    pub query_port: u64,
    pub connect: String,
    pub ping: f64,
}

/// A protocol's part of the drop-in: which of gamedig's options it reads, and `raw`,
/// `players` and `bots` as gamedig's class for it gives them.
#[derive(Debug, Clone, Copy)]
pub struct Gamedig {
    /// gamedig's options (`requestRules` …) → the protocol's query options.
    pub options: fn(gamedig: &Value, ours: &mut Map<String, Value>),
    /// `variant`: the game's, when the query named one that has one (`'dayz'`).
    pub results: fn(status: &Json, variant: Option<&str>, results: &mut Results),
    /// gamedig's `requestRulesRequired` / `requestPlayersRequired`: the request the
    /// status shows unanswered, if any.
    pub unanswered: fn(status: &Json, rules: bool, players: bool) -> Option<&'static str>,
    /// Where gamedig takes no host, the option of its that names what is asked (Discord's
    /// `guildId`): the target then.
    pub target: Option<&'static str>,
}

impl Gamedig {
    /// A protocol with no options of gamedig's and nothing its status can lack.
    pub const fn shaped(results: fn(&Json, Option<&str>, &mut Results)) -> Self {
        Self {
            options: |_, _| {},
            results,
            unanswered: |_, _, _| None,
            target: None,
        }
    }
}

/// [`results`], or a timeout naming the request a `…Required` option needed answered.
pub fn required_results(
    status: &Json,
    own: Option<Gamedig>,
    variant: Option<&str>,
    rules: bool,
    players: bool,
) -> crate::Result<Results> {
    if let Some(request) = own.and_then(|o| (o.unanswered)(status, rules, players)) {
        return Err(crate::Error::new(
            crate::ErrorCode::Timeout,
            format!("the server left {request} unanswered, which the options require"),
        ));
    }
    Ok(results(status, own, variant))
}

/// The fields every status has, then the protocol's part.
pub fn results(status: &Json, own: Option<Gamedig>, variant: Option<&str>) -> Results {
    let text = |v: &Json| v.as_str().unwrap_or_default().to_string();
    let number = |v: &Json| v.as_u64().unwrap_or(0);
    let mut r = Results {
        // gamedig trims: servers pad their names to sort first.
        name: text(&status["name"]).trim().to_string(),
        map: text(&status["map"]),
        password: status["password"].as_bool().unwrap_or(false),
        // Filled below: the protocol's own `raw`, else the status's as it is.
        raw: Json::Null,
        version: text(&status["version"]),
        maxplayers: number(&status["players"]["max"]),
        numplayers: number(&status["players"]["online"]),
        players: status["players"]["list"]
            .as_array()
            .map_or(vec![], |l| l.iter().map(player).collect()),
        bots: vec![],
        query_port: number(&status["port"]),
        connect: text(&status["connect"]),
        // gamedig's is a `Date.now()` difference: whole milliseconds, which programs show
        // and store as such (an integer column); the native API keeps the precise figure.
        ping: status["pingMs"].as_f64().map_or(0.0, f64::round),
    };
    if let Some(own) = own {
        (own.results)(status, variant, &mut r);
    }
    if r.raw.is_null() {
        r.raw = status["raw"].clone();
    }
    r
}

/// JavaScript's `parseInt(text)`: an optional sign and the leading digits after spaces.
pub fn parse_int(text: &str) -> Json {
    let t = text.trim_start();
    let (sign, digits) = match t.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, t.strip_prefix('+').unwrap_or(t)),
    };
    let end = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
    match digits[..end].parse::<i64>() {
        Ok(n) => Json::from(sign * n),
        // Past i64, JavaScript still has a (rounded) number.
        Err(_) if end > 0 => digits[..end]
            .parse::<f64>()
            .ok()
            .and_then(|n| serde_json::Number::from_f64(sign as f64 * n))
            .map_or(Json::Null, Json::Number),
        Err(_) => Json::Null,
    }
}

/// [`parse_int`] where it is a whole number that fits an `i64`.
pub fn leading_integer(text: &str) -> Option<i64> {
    parse_int(text).as_i64()
}

/// gamedig's `stripColors` for Unreal's colour codes: `\x1b...|[\x00-\x1a]`.
pub fn strip_unreal(text: &str) -> String {
    // `.` matches no line terminator: an ESC without three other characters after it stays.
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let code = chars[i] == '\u{1b}'
            && chars
                .get(i + 1..i + 4)
                .is_some_and(|next| !next.iter().any(|c| matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}')));
        if code {
            i += 4;
            continue;
        }
        if chars[i] > '\u{1a}' {
            out.push(chars[i]);
        }
        i += 1;
    }
    out
}

/// gamedig's `trueTest`: `true`, a number not 0, or the text `true`, `yes` (any case) or `1`.
pub fn true_test(v: &Json) -> bool {
    match v {
        Json::Bool(b) => *b,
        Json::Number(n) => n.as_f64().is_some_and(|n| n != 0.0),
        Json::String(s) => s.eq_ignore_ascii_case("true") || s.eq_ignore_ascii_case("yes") || s == "1",
        _ => false,
    }
}

/// A player as gamedig's `Player` holds one: `name`, everything else under `raw`.
/// gamedig's `stripColors` for the Quake engines' caret codes: `^X` and six characters, or
/// `^` and any one.
pub fn strip_colors(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            '^' => {
                if chars.next() == Some('X') {
                    chars.by_ref().take(6).for_each(drop);
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// gamedig's players from a list of objects whose name is `name_key`, each with its
/// `team` alone in its `raw` (its classes for HTTP APIs: TShock's, ElDewrito's).
pub fn players_with_team(list: &Json, name_key: &str) -> Vec<Json> {
    list.as_array()
        .unwrap_or_default()
        .iter()
        .map(|p| {
            let raw = Json::Object(vec![(Key::Borrowed("team"), p["team"].clone())]);
            Json::Object(vec![
                (Key::Borrowed("name"), p[name_key].clone()),
                (Key::Borrowed("raw"), raw),
            ])
        })
        .collect()
}

pub fn player(p: &Json) -> Json {
    player_of(p.clone())
}

/// [`player`], taking the player.
pub fn player_of(p: Json) -> Json {
    let mut raw = match p {
        Json::Object(members) => members,
        _ => vec![],
    };
    let name = match raw.iter().position(|(k, _)| k == "name") {
        Some(i) => raw.remove(i).1,
        None => Json::String(String::new()),
    };
    Json::Object(vec![
        (Key::Borrowed("name"), name),
        (Key::Borrowed("raw"), Json::Object(raw)),
    ])
}
