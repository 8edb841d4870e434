//! Minetest's server list and the entry of the server asked for, as the unified `Status`:
//! the name, the game (`gameid`) as the mode, the version, the password flag, `clients` of
//! `clients_max`, the players by name (`clients_list`, absent when none are on); the entry in
//! `raw` as sent.

use serde_json::{json, Map, Value};

use super::{MAX_BODY, PATH};
use crate::error::Result;
use crate::http::vendor::{as_list, listed, Asked, Vendor};
use crate::json::members::{integer_or_text, text};
use crate::spec::query::About;
use crate::status::{count, known, named, Known, Status, StatusPlayers};

/// What `query('minetest')` returns in `raw`: the list's entry as sent.
pub type MinetestQueryResult = Map<String, Value>;

/// The public server list, for [`crate::http::vendor`].
#[derive(Debug, Clone, Copy)]
pub struct Listed;

/// The entry of the server `asked` about: its `address` (as it announced itself: a name or
/// an IP) or `ip` (where the list heard it from) is the target's, and its `port` the one asked.
pub fn entry(list: Vec<Value>, asked: &Asked) -> Option<Map<String, Value>> {
    list.into_iter().find_map(|item| {
        let Value::Object(o) = item else { return None };
        let here = ["address", "ip"]
            .iter()
            .any(|k| text(&o, k).is_some_and(|a| asked.is(a)));
        (here && integer_or_text(&o, "port") == Some(i64::from(asked.port))).then_some(o)
    })
}

pub fn status(entry: Map<String, Value>, latency_ms: f64) -> Status<MinetestQueryResult> {
    let names: Vec<String> = match entry.get("clients_list") {
        Some(Value::Array(names)) => names.iter().filter_map(Value::as_str).map(str::to_string).collect(),
        _ => vec![],
    };
    let list = named(&names);
    let online = integer_or_text(&entry, "clients").map_or(list.len() as u32, count);
    let max = integer_or_text(&entry, "clients_max").map_or(0, count);
    Status::new(
        Known {
            name: text(&entry, "name").unwrap_or_default().trim().to_string(),
            mode: text(&entry, "gameid").and_then(known),
            version: text(&entry, "version").and_then(known),
            password: entry.get("password").and_then(Value::as_bool).unwrap_or(false),
            players: StatusPlayers::new(online, max, list),
            ping_ms: Some(latency_ms),
            ..Known::default()
        },
        entry,
    )
}

impl Vendor for Listed {
    const MAX_BODY: usize = MAX_BODY;
    const BY_ADDRESS: bool = true;
    const STATE: &'static str = "Minetest state";
    type Raw = MinetestQueryResult;

    fn path(&self, _about: &About<'_>) -> Result<String> {
        Ok(PATH.to_string())
    }

    fn status(&self, body: &[u8], latency_ms: f64, asked: &Asked) -> Result<Status<Self::Raw>> {
        listed(
            body,
            (PATH, Some("list"), "Minetest's server list"),
            asked,
            entry,
            |e| status(e, latency_ms),
        )
    }

    /// The list of the state's servers (or its one: a saved query's `raw`), with its totals.
    fn answer(state: &Value, path: &str) -> Option<(u16, Vec<u8>)> {
        if path != PATH {
            return None;
        }
        let list = as_list(state);
        let clients: i64 = list
            .iter()
            .filter_map(|s| s.as_object().and_then(|o| integer_or_text(o, "clients")))
            .sum();
        let total = json!({ "servers": list.len(), "clients": clients });
        let body = json!({ "total": total, "total_max": total, "list": list });
        Some((200, serde_json::to_vec(&body).unwrap_or_default()))
    }
}

/// An entry of the list (the TypeScript shape of `raw`), as rust-gamedig's types give it.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "MinetestQueryResult", optional_fields)]
pub struct MinetestReply {
    /// As the server announced itself: a host name or an IP address.
    pub address: String,
    /// Where the list heard the announcement from.
    pub ip: String,
    pub port: f64,
    pub name: String,
    pub description: String,
    pub clients: f64,
    /// The names of the players on (absent when none are).
    pub clients_list: Vec<String>,
    pub clients_max: f64,
    pub clients_top: f64,
    pub creative: bool,
    pub damage: bool,
    pub pvp: bool,
    pub password: bool,
    /// The game (`minetest`, `mineclone2` …).
    pub gameid: String,
    pub version: String,
    pub proto_min: f64,
    pub proto_max: f64,
    /// Seconds.
    pub uptime: f64,
    pub game_time: f64,
    pub lag: f64,
    pub url: String,
    pub update_time: f64,
    pub start: f64,
    pub updates: f64,
    pub total_clients: f64,
    pub pop_v: f64,
    pub geo_continent: String,
    pub ping: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_entry_by_address_or_name_and_port() {
        let asked = |ip: &str, host: &str, port| Asked {
            ip: ip.parse().ok(),
            host: host.into(),
            port,
        };
        let list = || {
            vec![
                json!({"address":"mt.example.org","ip":"10.0.0.1","port":30000,"name":"named"}),
                json!({"address":"10.0.0.2","ip":"10.0.0.2","port":30001,"name":"second"}),
                json!(null),
            ]
        };
        let name = |e: Option<Map<String, Value>>| e.map(|e| e["name"].as_str().unwrap().to_string());
        assert_eq!(
            name(entry(list(), &asked("10.0.0.1", "x", 30000))).as_deref(),
            Some("named")
        );
        assert_eq!(
            name(entry(list(), &asked("10.9.9.9", "MT.example.org", 30000))).as_deref(),
            Some("named")
        );
        assert_eq!(
            name(entry(list(), &asked("10.0.0.2", "x", 30001))).as_deref(),
            Some("second")
        );
        assert_eq!(name(entry(list(), &asked("10.0.0.2", "x", 30000))), None);
        let s = Listed
            .status(
                br#"{"list":[{"address":"10.0.0.2","port":30001,"name":"n","clients_max":"8","gameid":"mineclone2"}]}"#,
                1.0,
                &asked("10.0.0.2", "x", 30001),
            )
            .unwrap();
        assert_eq!(
            (s.players.online, s.players.max, s.mode.as_deref()),
            (0, 8, Some("mineclone2"))
        );
        let e = Listed
            .status(br#"{"list":[]}"#, 1.0, &asked("10.0.0.2", "x", 1))
            .unwrap_err();
        assert_eq!(e.code, crate::error::ErrorCode::NotListed);
        assert_eq!(
            Listed.status(b"[]", 1.0, &asked("10.0.0.2", "x", 1)).unwrap_err().code,
            crate::error::ErrorCode::WrongProtocol
        );
    }
}
