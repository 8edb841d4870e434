//! ARK: Survival Ascended without EOS credentials: Wildcard's public server lists on its
//! CDN (`officialserverlist.json`, then `unofficialserverlist.json`: official and
//! Nitrado-hosted servers), the entry at the target's address and port read. Privately
//! hosted servers are in neither (only EOS knows them: the options `clientId`,
//! `clientSecret`, `deploymentId`). Since 2026 EOS's filter refuses ARK's own client (gamedig
//! #762, its open PR #788 moves to these lists); the lists are what the game's browser
//! shows. An entry's members (`Name`, `IP`, `Port`, `SessionID`, `MapName`, `NumPlayers`,
//! `MaxPlayers`, `HasPassword`, `SessionIsPve`, `PlatformType`, `ServerPing`, `ModIDs` …)
//! as independent users' code reads them; no list is captured here. The unofficial list is
//! large (~50 MB, ~56,000 entries in 2026): it is read as it is parsed, each entry dropped
//! unless it is the one asked about.

use std::fmt;

use serde::de::{Deserializer, SeqAccess, Visitor};
use serde_json::{Map, Value};

use crate::error::{Error, ErrorCode, Result};
use crate::exchange::Millis;
use crate::http::chain::{Chain, Then};
use crate::http::lists::Keep;
use crate::http::vendor::Asked;
use crate::json::members::{integer_or_text, text};
use crate::spec::{Outcome, Running, Start};
use crate::status::{count, known, Known, Status, StatusPlayers};

/// Where Wildcard's lists are.
pub const LISTS: &str = "https://cdn2.arkdedicated.com/servers/asa";
/// A list read at most: the unofficial one is ~50 MB.
pub const MAX_LIST: usize = 128 << 20;

/// One of the lists, asked in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum List {
    Official,
    Unofficial,
}

impl List {
    pub fn path(self) -> &'static str {
        match self {
            List::Official => "/officialserverlist.json",
            List::Unofficial => "/unofficialserverlist.json",
        }
    }
}

/// The lists, as a chain of requests: the official list, then (the server not in it, or
/// the list not answering) the unofficial one.
#[derive(Debug, Clone, Default)]
pub struct Lists {
    /// Why the official list did not have the server, for the message if neither does.
    official: Option<String>,
    /// How old a copy of a list held from an earlier query may answer (the option `maxAge`).
    max_age: Millis,
}

impl Lists {
    pub fn new(max_age: Millis) -> Self {
        Self {
            official: None,
            max_age,
        }
    }

    /// `list`'s exchange; `keep` given the body once read.
    fn fetch(list: List, base: &str, at: Start<'_>, keep: Option<Keep>) -> Result<Box<dyn Running>> {
        let headers = [("Accept", "application/json".to_string())];
        let exchange = crate::http::part::get(&at, &format!("{base}{}", list.path()), &headers, MAX_LIST);
        let asked = Asked::of(&at);
        Ok(at.report(exchange, move |reply| {
            if let Some(keep) = keep {
                keep.keep(&reply.body, reply.latency_ms);
            }
            found(&reply.body, reply.latency_ms, &asked, list)
        }))
    }
}

/// Whether `entry` is the server `asked` about: its `IP` and `Port`.
fn is(entry: &Map<String, Value>, asked: &Asked) -> bool {
    integer_or_text(entry, "Port") == Some(i64::from(asked.port)) && text(entry, "IP").is_some_and(|ip| asked.is(ip))
}

/// The entry of the server `asked` about in a list's body, and how many entries it has,
/// without holding more than one entry at a time.
pub fn find(body: &[u8], asked: &Asked) -> std::result::Result<(Option<Map<String, Value>>, usize), serde_json::Error> {
    struct Finder<'a>(&'a Asked);
    impl<'de> Visitor<'de> for Finder<'_> {
        type Value = (Option<Map<String, Value>>, usize);
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a list of servers")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<Self::Value, A::Error> {
            let (mut found, mut n) = (None, 0);
            while let Some(entry) = seq.next_element::<Value>()? {
                n += 1;
                if let (None, Value::Object(e)) = (&found, entry) {
                    if is(&e, self.0) {
                        found = Some(e);
                    }
                }
            }
            Ok((found, n))
        }
    }
    let mut de = serde_json::Deserializer::from_slice(body);
    let out = de.deserialize_seq(Finder(asked))?;
    de.end()?;
    Ok(out)
}

/// A flag as the lists write one: a boolean, `0`/`1`, or their text.
pub fn flag(v: Option<&Value>) -> bool {
    match v {
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) => n.as_f64().is_some_and(|n| n != 0.0),
        Some(Value::String(s)) => matches!(s.trim(), "1" | "true" | "True"),
        _ => false,
    }
}

pub fn status(entry: Map<String, Value>, latency_ms: f64) -> Status<Map<String, Value>> {
    let build = [text(&entry, "BuildId"), text(&entry, "MinorBuildId")];
    let version = match build {
        [Some(b), Some(m)] if !b.is_empty() => Some(format!("{b}.{m}")),
        _ => None,
    };
    let known_ = Known {
        name: text(&entry, "Name").unwrap_or_default().trim().to_string(),
        map: text(&entry, "MapName").and_then(known),
        version,
        password: flag(entry.get("HasPassword")),
        players: StatusPlayers::new(
            integer_or_text(&entry, "NumPlayers").map_or(0, count),
            integer_or_text(&entry, "MaxPlayers").map_or(0, count),
            vec![],
        ),
        ping_ms: Some(latency_ms),
        ..Known::default()
    };
    Status::new(known_, entry)
}

/// A list's body read: the server's status, or `GQ_NOT_LISTED`.
fn found(body: &[u8], latency_ms: f64, asked: &Asked, list: List) -> Result<Status<Map<String, Value>>> {
    let at = asked.ip.map_or_else(|| asked.host.clone(), |ip| ip.to_string());
    match find(body, asked) {
        Ok((Some(entry), _)) => Ok(status(entry, latency_ms)),
        Ok((None, n)) => Err(Error::new(
            ErrorCode::NotListed,
            format!("{} has {n} servers, none at {at}:{}", &list.path()[1..], asked.port),
        )),
        Err(e) => Err(Error::new(
            ErrorCode::WrongProtocol,
            format!("GET {} answered what is not a list of servers ({e})", list.path()),
        )
        .with_text(crate::http::excerpt(body))),
    }
}

impl Chain for Lists {
    type Step = List;

    fn first(&self) -> List {
        List::Official
    }

    fn start(&self, list: &List, base: &str, at: Start<'_>) -> Result<Box<dyn Running>> {
        Self::fetch(*list, base, at, None)
    }

    fn list(&self, list: &List) -> Option<(&'static str, Millis)> {
        Some((list.path(), self.max_age))
    }

    fn read_list(&self, list: &List, body: &[u8], latency_ms: f64, at: &Start<'_>) -> Result<Outcome> {
        at.answer(found(body, latency_ms, &Asked::of(at), *list))
    }

    fn start_list(&self, list: &List, base: &str, at: Start<'_>, keep: Keep) -> Result<Box<dyn Running>> {
        Self::fetch(*list, base, at, Some(keep))
    }

    /// Not in the official list (or it failed): the unofficial one; not there either, the
    /// message says both, and what finds a private server.
    fn then(&mut self, list: &List, result: Result<Outcome>) -> Then<List> {
        match (list, result) {
            (List::Official, Err(e)) => {
                self.official = Some(e.own_message().to_string());
                Then::Next(List::Unofficial)
            }
            (List::Unofficial, Err(mut e)) if e.code == ErrorCode::NotListed => {
                let own = e.own_message().to_string();
                e.message = format!(
                    "neither of Wildcard's lists has the server ({}; {own}): a privately hosted server is known to EOS only (the options clientId, clientSecret, deploymentId)",
                    self.official.take().unwrap_or_default()
                );
                Then::End(Err(e))
            }
            (_, result) => Then::End(result),
        }
    }
}

/// An entry of Wildcard's lists (the TypeScript shape of `raw` on this route), as users'
/// code reads it.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "ArkServerListEntry", optional_fields)]
#[allow(non_snake_case)] // The list's own names.
pub struct ArkServerListEntry {
    pub Name: String,
    pub IP: String,
    pub Port: f64,
    /// The server's EOS session.
    pub SessionID: String,
    pub MapName: String,
    pub NumPlayers: f64,
    pub MaxPlayers: f64,
    pub HasPassword: bool,
    #[ts(type = "number | string")]
    pub SessionIsPve: (),
    pub PlatformType: String,
    pub ServerPing: f64,
    /// Comma-separated mod ids.
    pub ModIDs: String,
    #[ts(type = "number | string")]
    pub IsOfficial: (),
    pub ClusterId: String,
    pub DayTime: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn asked(ip: &str, port: u16) -> Asked {
        Asked {
            ip: ip.parse().ok(),
            host: ip.into(),
            port,
        }
    }

    #[test]
    fn the_entry_at_the_address_and_port_one_entry_held_at_a_time() {
        let list = json!([
            {"Name": "NA-PVE-Official-TheIsland1", "IP": "5.62.115.46", "Port": 7783, "SessionID": "a1", "MapName": "TheIsland_WP", "NumPlayers": 50, "MaxPlayers": 70, "HasPassword": false, "BuildId": "83", "MinorBuildId": "21"},
            {"Name": "Nitrado Cluster ", "IP": "5.62.115.46", "Port": "7790", "SessionID": "b2", "MapName": "ScorchedEarth_WP", "NumPlayers": "3", "MaxPlayers": "10", "HasPassword": 1},
            7
        ]);
        let body = serde_json::to_vec(&list).unwrap();
        let (e, n) = find(&body, &asked("5.62.115.46", 7790)).unwrap();
        assert_eq!(n, 3);
        let s = status(e.unwrap(), 1.0);
        assert_eq!(
            (
                s.name.as_str(),
                s.map.as_deref(),
                s.password,
                s.players.online,
                s.players.max,
                s.version
            ),
            ("Nitrado Cluster", Some("ScorchedEarth_WP"), true, 3, 10, None)
        );
        let s = status(find(&body, &asked("5.62.115.46", 7783)).unwrap().0.unwrap(), 1.0);
        assert_eq!((s.version.as_deref(), s.password), (Some("83.21"), false));
        assert_eq!(find(&body, &asked("5.62.115.47", 7783)).unwrap(), (None, 3));
        assert!(find(b"{\"a\":1}", &asked("1.1.1.1", 1)).is_err());
        assert!(find(b"[] x", &asked("1.1.1.1", 1)).is_err());
        assert_eq!(
            found(b"[]", 1.0, &asked("1.1.1.1", 1), List::Official)
                .unwrap_err()
                .code,
            ErrorCode::NotListed
        );
    }

    #[test]
    fn not_in_the_official_list_then_the_unofficial_one_then_both_said() {
        let mut lists = Lists::default();
        let who = crate::error::Caller {
            title: "EOS query",
            protocol: "epic",
        };
        let missing = |list: &str| {
            Error::new(
                ErrorCode::NotListed,
                format!("{list} has 0 servers, none at 1.1.1.1:7777"),
            )
            .in_call(who, "x", Some("1.1.1.1:443".parse().unwrap()))
        };
        assert!(matches!(
            lists.then(&List::Official, Err(missing("officialserverlist.json"))),
            Then::Next(List::Unofficial)
        ));
        match lists.then(&List::Unofficial, Err(missing("unofficialserverlist.json"))) {
            Then::End(Err(e)) => {
                assert_eq!(e.code, ErrorCode::NotListed);
                assert!(
                    e.message.starts_with(
                        "neither of Wildcard's lists has the server (officialserverlist.json has 0 servers"
                    ),
                    "{}",
                    e.message
                );
                assert!(
                    e.message
                        .ends_with("(the options clientId, clientSecret, deploymentId)"),
                    "{}",
                    e.message
                );
            }
            _ => panic!("ended otherwise"),
        }
    }
}
