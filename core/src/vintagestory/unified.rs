//! Vintage Story's list and the entry of the server asked for, as the unified `Status`:
//! `serverName`, the playstyle as the mode, `gameVersion`, `hasPassword`, the counts (text in
//! the list, `"3"`); the list names no players. The entry in `raw` as sent.

use serde_json::{json, Map, Value};

use super::{MAX_BODY, PATH};
use crate::error::Result;
use crate::http::vendor::{as_list, listed, Asked, Vendor};
use crate::json::members::{integer_or_text, text};
use crate::spec::query::About;
use crate::status::{count, known, Known, Status, StatusPlayers};

/// What `query('vintagestory')` returns in `raw`: the list's entry as sent.
pub type VintageStoryQueryResult = Map<String, Value>;

/// The master server's list, for [`crate::http::vendor`].
#[derive(Debug, Clone, Copy)]
pub struct Listed;

/// The entry whose `serverIP` (`address:port`) is the server `asked` about.
pub fn entry(list: Vec<Value>, asked: &Asked) -> Option<Map<String, Value>> {
    list.into_iter().find_map(|item| {
        let Value::Object(o) = item else { return None };
        let (ip, port) = text(&o, "serverIP")?.rsplit_once(':')?;
        (asked.is(ip) && port.parse::<u16>().ok() == Some(asked.port)).then_some(o)
    })
}

pub fn status(entry: Map<String, Value>, latency_ms: f64) -> Status<VintageStoryQueryResult> {
    let online = integer_or_text(&entry, "players").map_or(0, count);
    let max = integer_or_text(&entry, "maxPlayers").map_or(0, count);
    let playstyle = entry.get("playstyle").and_then(Value::as_object);
    Status::new(
        Known {
            name: text(&entry, "serverName").unwrap_or_default().trim().to_string(),
            mode: playstyle
                .and_then(|p| text(p, "langCode").or_else(|| text(p, "id")))
                .and_then(known),
            version: text(&entry, "gameVersion").and_then(known),
            password: entry.get("hasPassword").and_then(Value::as_bool).unwrap_or(false),
            players: StatusPlayers::new(online, max, vec![]),
            ping_ms: Some(latency_ms),
            ..Known::default()
        },
        entry,
    )
}

impl Vendor for Listed {
    const MAX_BODY: usize = MAX_BODY;
    const BY_ADDRESS: bool = true;
    const STATE: &'static str = "Vintage Story state";
    type Raw = VintageStoryQueryResult;

    fn path(&self, _about: &About<'_>) -> Result<String> {
        Ok(PATH.to_string())
    }

    fn status(&self, body: &[u8], latency_ms: f64, asked: &Asked) -> Result<Status<Self::Raw>> {
        listed(
            body,
            (PATH, Some("data"), "Vintage Story's server list"),
            asked,
            entry,
            |e| status(e, latency_ms),
        )
    }

    /// The state's servers (or its one: a saved query's `raw`) as the master server lists them.
    fn answer(state: &Value, path: &str) -> Option<(u16, Vec<u8>)> {
        if path != PATH {
            return None;
        }
        let body = json!({ "status": "ok", "data": as_list(state) });
        Some((200, serde_json::to_vec(&body).unwrap_or_default()))
    }
}

/// An entry of the list (the TypeScript shape of `raw`): the members gamedig reads, and the
/// others as the sample state writes them.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "VintageStoryQueryResult", optional_fields)]
#[allow(non_snake_case)] // The list's own names.
pub struct VintageStoryReply {
    pub serverName: String,
    /// `address:port`.
    pub serverIP: String,
    #[ts(type = "{ id: string, langCode: string }")]
    pub playstyle: (),
    #[ts(type = "Array<{ id: string, version: string }>")]
    pub mods: Vec<()>,
    /// As text.
    pub maxPlayers: String,
    /// As text.
    pub players: String,
    pub gameVersion: String,
    pub hasPassword: bool,
    pub whitelisted: bool,
    pub gameDescription: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_entry_by_its_server_ip() {
        let asked = |ip: &str, port| Asked {
            ip: ip.parse().ok(),
            host: "x".into(),
            port,
        };
        let list = || {
            vec![
                json!({"serverIP":"10.0.0.1:42420","serverName":"a"}),
                json!({"serverIP":"[::1]:42421","serverName":"six"}),
            ]
        };
        let name = |e: Option<Map<String, Value>>| e.map(|e| e["serverName"].as_str().unwrap().to_string());
        assert_eq!(name(entry(list(), &asked("10.0.0.1", 42420))).as_deref(), Some("a"));
        assert_eq!(name(entry(list(), &asked("::1", 42421))).as_deref(), Some("six"));
        assert_eq!(name(entry(list(), &asked("10.0.0.1", 42421))), None);
        let s = status(json!({"serverName":" V ","players":"2","maxPlayers":16,"hasPassword":true,"playstyle":{"id":"creativebuilding"}}).as_object().unwrap().clone(), 1.0);
        assert_eq!(
            (
                s.name.as_str(),
                s.players.online,
                s.players.max,
                s.password,
                s.mode.as_deref()
            ),
            ("V", 2, 16, true, Some("creativebuilding"))
        );
    }
}
