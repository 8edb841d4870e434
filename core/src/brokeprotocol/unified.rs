//! The lists and the server asked for, as the unified `Status`: the name without its
//! `&0`–`&f` colour codes, the map's name, the version, the players online (the list's
//! `playerCount`, else the newest snapshot's) of `playerLimit`; no password (the lists say
//! none). The server's entry in `raw`, its keys in lower case (gamedig's, whichever list).

use serde_json::{json, Map, Value};

use super::{MAX_BODY, OFFICIAL, SERVERS};
use crate::error::{Error, ErrorCode, Result};
use crate::http::vendor::{as_list, entries, not_listed, Asked, Vendor};
use crate::json::members::{integer_or_text, text};
use crate::spec::query::About;
use crate::status::{count, known, Known, Status, StatusPlayers};

/// What `query('brokeprotocol')` returns in `raw`: the server's entry, keys in lower case.
pub type BrokeProtocolQueryResult = Map<String, Value>;

/// The community API: its list, or one server by id.
#[derive(Debug, Clone)]
pub struct Api {
    pub server_id: Option<String>,
    pub interval: &'static str,
}

/// The game's own list.
#[derive(Debug, Clone, Copy)]
pub struct Official;

/// `value` with every object's keys in lower case, at every depth (the two lists differ in
/// case: `playerCount`, `PlayerCount`).
pub fn lower(value: Value) -> Value {
    match value {
        Value::Object(o) => Value::Object(o.into_iter().map(|(k, v)| (k.to_lowercase(), lower(v))).collect()),
        Value::Array(a) => Value::Array(a.into_iter().map(lower).collect()),
        other => other,
    }
}

/// A name without the game's colour codes (`&0`–`&9`, `&a`–`&f`), trimmed.
pub fn plain(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '&' && chars.peek().is_some_and(|n| matches!(n, '0'..='9' | 'a'..='f')) {
            chars.next();
            continue;
        }
        out.push(c);
    }
    out.trim().to_string()
}

/// The entry at the address and port `asked`.
pub fn entry(list: Vec<Value>, asked: &Asked) -> Option<Map<String, Value>> {
    list.into_iter().find_map(|item| {
        let Value::Object(o) = lower(item) else { return None };
        let here = text(&o, "ip").is_some_and(|ip| asked.is(ip));
        (here && integer_or_text(&o, "port") == Some(i64::from(asked.port))).then_some(o)
    })
}

pub fn status(entry: Map<String, Value>, latency_ms: f64) -> Status<BrokeProtocolQueryResult> {
    let newest = entry
        .get("snapshots")
        .and_then(Value::as_array)
        .and_then(|s| {
            s.iter()
                .filter_map(Value::as_object)
                .max_by_key(|s| integer_or_text(s, "at").unwrap_or(i64::MIN))
        })
        .and_then(|s| integer_or_text(s, "playercount"));
    let online = integer_or_text(&entry, "playercount")
        .filter(|n| *n > 0)
        .or(newest)
        .map_or(0, count);
    let max = integer_or_text(&entry, "playerlimit").map_or(0, count);
    Status::new(
        Known {
            name: plain(text(&entry, "name").unwrap_or_default()),
            map: entry.get("map").and_then(|m| m["name"].as_str()).and_then(known),
            version: text(&entry, "version").and_then(known),
            players: StatusPlayers::new(online, max, vec![]),
            ping_ms: Some(latency_ms),
            ..Known::default()
        },
        entry,
    )
}

impl Vendor for Api {
    const MAX_BODY: usize = MAX_BODY;
    const BY_ADDRESS: bool = true;
    const STATE: &'static str = "BROKE PROTOCOL state";
    type Raw = BrokeProtocolQueryResult;

    fn path(&self, _about: &About<'_>) -> Result<String> {
        Ok(match &self.server_id {
            Some(id) => format!("{SERVERS}/{id}?snapshotInterval={}", self.interval),
            None => format!("{SERVERS}?snapshotInterval={}", self.interval),
        })
    }

    fn status(&self, body: &[u8], latency_ms: f64, asked: &Asked) -> Result<Status<Self::Raw>> {
        if let Some(id) = &self.server_id {
            return match serde_json::from_slice::<Value>(body).map(lower) {
                Ok(Value::Object(o)) if !o.is_empty() => Ok(status(o, latency_ms)),
                _ => Err(Error::new(
                    ErrorCode::NotListed,
                    format!("BROKE PROTOCOL's server API has no server of id {id}"),
                )),
            };
        }
        let list = entries(body, SERVERS, Some("servers"), "BROKE PROTOCOL's server list")?;
        let size = list.len();
        entry(list, asked)
            .map(|e| status(e, latency_ms))
            .ok_or_else(|| not_listed("BROKE PROTOCOL's server API", size, asked))
    }

    fn refused(&self, e: Error, status: u16, _body: &[u8]) -> Error {
        match (&self.server_id, status) {
            (Some(id), 404) => Error::new(
                ErrorCode::NotListed,
                format!("BROKE PROTOCOL's server API has no server of id {id}"),
            ),
            _ => e,
        }
    }

    /// Both lists from the state (the servers as the API writes them): the API's at
    /// `/server` (under its base path or not), one by `id`, and the game's at
    /// `/servers.json`.
    fn answer(state: &Value, path: &str) -> Option<(u16, Vec<u8>)> {
        let list = as_list(state);
        if path == OFFICIAL {
            return Some((200, serde_json::to_vec(&list).unwrap_or_default()));
        }
        let path = path.strip_prefix("/serverbrowser/api").unwrap_or(path);
        // The API's root: what gamedig asks (HEAD) to see whether the API is up.
        if path.is_empty() || path == "/" {
            return Some((200, b"{}".to_vec()));
        }
        let body = match path.strip_prefix(SERVERS)? {
            "" | "/" => json!({ "servers": list, "globalSnapshots": [], "globalDaySnapshots": [] }),
            id => list.into_iter().find(|s| s["id"].as_str() == id.strip_prefix('/'))?,
        };
        Some((200, serde_json::to_vec(&body).unwrap_or_default()))
    }
}

impl Vendor for Official {
    const MAX_BODY: usize = MAX_BODY;
    const BY_ADDRESS: bool = true;
    const STATE: &'static str = "BROKE PROTOCOL state";
    type Raw = BrokeProtocolQueryResult;

    fn path(&self, _about: &About<'_>) -> Result<String> {
        Ok(OFFICIAL.to_string())
    }

    fn status(&self, body: &[u8], latency_ms: f64, asked: &Asked) -> Result<Status<Self::Raw>> {
        let list = entries(body, OFFICIAL, None, "BROKE PROTOCOL's server list")?;
        let size = list.len();
        entry(list, asked)
            .map(|e| status(e, latency_ms))
            .ok_or_else(|| not_listed("BROKE PROTOCOL's server list", size, asked))
    }

    fn answer(state: &Value, path: &str) -> Option<(u16, Vec<u8>)> {
        Api::answer(state, path)
    }
}

/// A server (the TypeScript shape of `raw`), keys in lower case: as gamedig's JSON schema of
/// the API's writes it out, and the game's list's (`rank`, `playercount`; TheUnishark's
/// bpservers `src/types/bpservers.ts` @4ec951d).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "BrokeProtocolQueryResult", optional_fields)]
pub struct BrokeProtocolReply {
    pub id: String,
    /// With `&0`–`&f` colour codes.
    pub name: String,
    pub version: String,
    pub ip: String,
    pub port: f64,
    pub whitelist: bool,
    pub location: String,
    pub validation: String,
    pub url: String,
    pub playerlimit: f64,
    /// The game's own list's count (the API's is in `snapshots`).
    pub playercount: f64,
    pub difficulty: f64,
    #[ts(type = "{ hash?: string; name?: string; filesize?: number }")]
    pub map: (),
    #[ts(type = "Array<{ hash?: string; name?: string; filesize?: number }>")]
    pub assetbundles: (),
    #[ts(type = "Array<{ hash?: string; name?: string; description?: string }>")]
    pub plugins: (),
    pub flags: f64,
    /// The game's list's.
    pub rank: f64,
    /// `{ playercount, at }`, `at` a time in seconds.
    #[ts(type = "Array<{ playercount?: number; at?: number }>")]
    pub snapshots: (),
    pub updated: String,
    pub created: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_counts_and_either_list() {
        assert_eq!(plain(" &aGreen &fWhite &g "), "Green White &g");
        let asked = Asked {
            ip: "10.0.0.1".parse().ok(),
            host: "x".into(),
            port: 5557,
        };
        let api = json!({"servers":[{"Name":"&cRed","IP":"10.0.0.1","Port":5557,"PlayerLimit":50,"Map":{"Name":"Default"},"Snapshots":[{"PlayerCount":3,"At":1},{"PlayerCount":9,"At":5}]}]});
        let a = Api {
            server_id: None,
            interval: "1h",
        };
        let s = a.status(&serde_json::to_vec(&api).unwrap(), 1.0, &asked).unwrap();
        assert_eq!(
            (s.name.as_str(), s.map.as_deref(), s.players.online, s.players.max),
            ("Red", Some("Default"), 9, 50)
        );
        assert_eq!(s.raw["playerlimit"], 50);
        let official = json!([{"name":"o","ip":"10.0.0.1","port":"5557","playerCount":4,"playerLimit":8}]);
        let s = Official
            .status(&serde_json::to_vec(&official).unwrap(), 1.0, &asked)
            .unwrap();
        assert_eq!((s.players.online, s.players.max), (4, 8));
        assert_eq!(
            Official
                .status(
                    b"[]",
                    1.0,
                    &Asked {
                        port: 1,
                        ..asked.clone()
                    }
                )
                .unwrap_err()
                .code,
            ErrorCode::NotListed
        );
        let by_id = Api {
            server_id: Some("abc".into()),
            interval: "6h",
        };
        let about = About {
            addr: None,
            host: "x",
            port: 1,
        };
        assert_eq!(by_id.path(&about).unwrap(), "/server/abc?snapshotInterval=6h");
        let state = json!([{"id":"abc","name":"n"}]);
        assert!(Api::answer(&state, "/serverbrowser/api/server/abc").is_some());
        assert!(Api::answer(&state, "/server/zzz").is_none());
        assert!(Api::answer(&state, "/servers.json").is_some());
    }
}
