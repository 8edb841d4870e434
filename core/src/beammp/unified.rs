//! BeamMP's list and the entry of the server asked for, as the unified `Status`: the name
//! without its `^x` format codes, the map, the password flag, the counts (text in the list,
//! `"3"`) and the players by name (`playerslist`, `;`-separated), the version; the entry in
//! `raw` as sent.

use serde_json::{Map, Value};

use super::{MAX_BODY, PATH};
use crate::error::Result;
use crate::http::vendor::{as_list, listed, Asked, Vendor};
use crate::json::members::{integer_or_text, text};
use crate::spec::query::About;
use crate::status::{count, known, named, Known, Status, StatusPlayers};

/// What `query('beammp')` returns in `raw`: the list's entry as sent.
pub type BeamMpQueryResult = Map<String, Value>;

/// BeamMP's `servers-info`, for [`crate::http::vendor`].
#[derive(Debug, Clone, Copy)]
pub struct Listed;

/// A name without BeamMP's format codes: `^` and the character after it (`^1` red, `^l` bold).
pub fn plain(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut chars = name.chars();
    while let Some(c) = chars.next() {
        if c == '^' {
            chars.next();
        } else {
            out.push(c);
        }
    }
    out
}

/// The entry of the server `asked` about: at its address, with its port — or, where an
/// entry gives no port (some do), at its address alone.
pub fn entry(list: Vec<Value>, asked: &Asked) -> Option<Map<String, Value>> {
    let mut portless = None;
    for item in list {
        let Value::Object(o) = item else { continue };
        if !text(&o, "ip").is_some_and(|ip| asked.is(ip)) {
            continue;
        }
        match integer_or_text(&o, "port") {
            Some(p) if p == i64::from(asked.port) => return Some(o),
            Some(_) => {}
            None => portless = portless.or(Some(o)),
        }
    }
    portless
}

pub fn status(entry: Map<String, Value>, latency_ms: f64) -> Status<BeamMpQueryResult> {
    let names: Vec<String> = text(&entry, "playerslist")
        .unwrap_or_default()
        .split(';')
        .filter(|n| !n.is_empty())
        .map(str::to_string)
        .collect();
    let list = named(&names);
    let online = integer_or_text(&entry, "players").map_or(list.len() as u32, count);
    let max = integer_or_text(&entry, "maxplayers").map_or(0, count);
    Status::new(
        Known {
            name: plain(text(&entry, "sname").unwrap_or_default()).trim().to_string(),
            map: text(&entry, "map").and_then(known),
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
    const STATE: &'static str = "BeamMP state";
    type Raw = BeamMpQueryResult;

    fn path(&self, _about: &About<'_>) -> Result<String> {
        Ok(PATH.to_string())
    }

    fn status(&self, body: &[u8], latency_ms: f64, asked: &Asked) -> Result<Status<Self::Raw>> {
        listed(body, (PATH, None, "BeamMP's list"), asked, entry, |e| {
            status(e, latency_ms)
        })
    }

    /// The list: the state's entries, or its one entry (a saved query's `raw`).
    fn answer(state: &Value, path: &str) -> Option<(u16, Vec<u8>)> {
        if path != PATH {
            return None;
        }
        Some((200, serde_json::to_vec(&as_list(state)).unwrap_or_default()))
    }
}

/// An entry of the list (the TypeScript shape of `raw`), as BeamMP's backend writes it and
/// gamedig reads it.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "BeamMpQueryResult", optional_fields)]
pub struct BeamMpReply {
    /// The name, with `^x` format codes.
    pub sname: String,
    /// The description.
    pub sdesc: String,
    pub ip: String,
    /// The game's port, as text.
    pub port: String,
    /// The level's `info.json` (`/levels/gridmap_v2/info.json`).
    pub map: String,
    /// Players on, as text.
    pub players: String,
    pub maxplayers: String,
    /// Their names, each followed by `;`.
    pub playerslist: String,
    pub password: bool,
    /// The server's version.
    pub version: String,
    /// The client version it wants.
    pub cversion: String,
    pub owner: String,
    /// A country code.
    pub location: String,
    pub official: bool,
    pub featured: bool,
    pub partner: bool,
    pub private: bool,
    /// The mods, `;`-separated paths.
    pub modlist: String,
    pub modstotal: String,
    pub modstotalsize: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;
    use serde_json::json;

    fn asked(ip: &str, port: u16) -> Asked {
        Asked {
            ip: ip.parse().ok(),
            host: "game.example.org".into(),
            port,
        }
    }

    #[test]
    fn the_entry_by_address_and_port_then_address_alone() {
        let list = || {
            vec![
                json!({"ip":"10.0.0.1","port":"30814","sname":"other"}),
                json!({"ip":"10.0.0.2","sname":"portless"}),
                json!({"ip":"10.0.0.2","port":"30815","sname":"second"}),
                json!({"ip":"10.0.0.2","port":30814,"sname":"^1Red ^lBold"}),
                json!(7),
            ]
        };
        let name = |e: Option<Map<String, Value>>| e.map(|e| e["sname"].as_str().unwrap().to_string());
        assert_eq!(
            name(entry(list(), &asked("10.0.0.2", 30814))).as_deref(),
            Some("^1Red ^lBold")
        );
        assert_eq!(
            name(entry(list(), &asked("10.0.0.2", 30815))).as_deref(),
            Some("second")
        );
        assert_eq!(name(entry(list(), &asked("10.0.0.2", 1))).as_deref(), Some("portless"));
        assert_eq!(name(entry(list(), &asked("10.0.0.3", 30814))), None);
        let by_name = Asked {
            ip: None,
            host: "10.0.0.1".into(),
            port: 30814,
        };
        assert_eq!(name(entry(list(), &by_name)).as_deref(), Some("other"));
        assert_eq!(plain("^1Red ^lBold^"), "Red Bold");
    }

    #[test]
    fn an_entry_as_a_status() {
        let e = json!({"sname":"^4Blue","map":"/levels/gridmap_v2/info.json","players":"2","maxplayers":"8","playerslist":"a;b;","password":true,"version":"3.4.1"});
        let s = status(e.as_object().unwrap().clone(), 4.0);
        assert_eq!(
            (
                s.name.as_str(),
                s.map.as_deref(),
                s.players.online,
                s.players.max,
                s.password,
                s.version.as_deref()
            ),
            ("Blue", Some("/levels/gridmap_v2/info.json"), 2, 8, true, Some("3.4.1"))
        );
        assert_eq!(
            s.players.list.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(),
            ["a", "b"]
        );
        let missing = Listed.status(b"[]", 1.0, &asked("10.0.0.9", 30814)).unwrap_err();
        assert_eq!(missing.code, ErrorCode::NotListed);
        assert!(
            missing.message.contains("(0 servers) has none at 10.0.0.9 port 30814"),
            "{}",
            missing.message
        );
        assert_eq!(
            Listed.status(b"{}", 1.0, &asked("10.0.0.9", 1)).unwrap_err().code,
            ErrorCode::WrongProtocol
        );
    }
}
