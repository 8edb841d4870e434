//! Renegade X's list and the entry of the server asked for, as the unified `Status`: the
//! name after its `NamePrefix`, `Current Map`, `Game Version`, `Variables.bPassworded`,
//! `Players` of `Variables["Player Limit"]`, `Bots`; the list names no players. The entry
//! in `raw` as sent.

use serde_json::{Map, Value};

use super::{MAX_BODY, PATH};
use crate::error::Result;
use crate::http::vendor::{as_list, listed, Asked, Vendor};
use crate::json::members::{integer_or_text, text};
use crate::spec::query::About;
use crate::status::{count, known, Known, Status, StatusPlayers};

/// What `query('renegadex')` returns in `raw`: the list's entry as sent.
pub type RenegadeXQueryResult = Map<String, Value>;

/// The master server's list, for [`crate::http::vendor`].
#[derive(Debug, Clone, Copy)]
pub struct Listed;

/// The entry whose `IP` and `Port` are the server `asked` about.
pub fn entry(list: Vec<Value>, asked: &Asked) -> Option<Map<String, Value>> {
    list.into_iter().find_map(|item| {
        let Value::Object(o) = item else { return None };
        let here = text(&o, "IP").is_some_and(|ip| asked.is(ip));
        (here && integer_or_text(&o, "Port") == Some(i64::from(asked.port))).then_some(o)
    })
}

pub fn status(entry: Map<String, Value>, latency_ms: f64) -> Status<RenegadeXQueryResult> {
    let variables = entry.get("Variables").and_then(Value::as_object);
    let name = match (
        text(&entry, "NamePrefix").filter(|p| !p.is_empty()),
        text(&entry, "Name"),
    ) {
        (Some(prefix), name) => format!("{prefix} {}", name.unwrap_or_default()),
        (None, name) => name.unwrap_or_default().to_string(),
    };
    let mut players = StatusPlayers::new(
        integer_or_text(&entry, "Players").map_or(0, count),
        variables
            .and_then(|v| integer_or_text(v, "Player Limit"))
            .map_or(0, count),
        vec![],
    );
    players.bots = integer_or_text(&entry, "Bots").map(count);
    Status::new(
        Known {
            name: name.trim().to_string(),
            map: text(&entry, "Current Map").and_then(known),
            version: text(&entry, "Game Version").and_then(known),
            password: variables
                .and_then(|v| v.get("bPassworded"))
                .and_then(Value::as_bool)
                .unwrap_or(false),
            players,
            ping_ms: Some(latency_ms),
            ..Known::default()
        },
        entry,
    )
}

impl Vendor for Listed {
    const MAX_BODY: usize = MAX_BODY;
    const BY_ADDRESS: bool = true;
    const STATE: &'static str = "Renegade X state";
    type Raw = RenegadeXQueryResult;

    fn path(&self, _about: &About<'_>) -> Result<String> {
        Ok(PATH.to_string())
    }

    fn status(&self, body: &[u8], latency_ms: f64, asked: &Asked) -> Result<Status<Self::Raw>> {
        listed(body, (PATH, None, "Renegade X's server list"), asked, entry, |e| {
            status(e, latency_ms)
        })
    }

    /// The state's servers (or its one: a saved query's `raw`) as the master server lists them.
    fn answer(state: &Value, path: &str) -> Option<(u16, Vec<u8>)> {
        (path == PATH).then(|| (200, serde_json::to_vec(&as_list(state)).unwrap_or_default()))
    }
}

/// An entry of the list (the TypeScript shape of `raw`), as gamedig's JSON schema of it says.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "RenegadeXQueryResult", optional_fields)]
#[allow(non_snake_case)] // The list's own names.
pub struct RenegadeXReply {
    pub IP: String,
    pub Port: f64,
    pub Name: String,
    pub NamePrefix: String,
    #[ts(rename = "Current Map")]
    pub current_map: String,
    pub Players: f64,
    pub Bots: f64,
    /// `Open Beta 5.89.870`.
    #[ts(rename = "Game Version")]
    pub game_version: String,
    /// `Player Limit`, `Time Limit` (minutes), `Team Mode`, `Game Type`, `Vehicle Limit`,
    /// `Mine Limit`, `bPassworded`, `bSteamRequired`, `bRanked` …
    #[ts(type = "Record<string, number | boolean>")]
    pub Variables: (),
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_entry_by_ip_and_port_and_its_status() {
        let asked = Asked {
            ip: "10.0.0.1".parse().ok(),
            host: "x".into(),
            port: 7777,
        };
        let list = vec![
            json!({"IP":"10.0.0.1","Port":7778,"Name":"b"}),
            json!({"IP":"10.0.0.1","Port":7777,"Name":"a"}),
        ];
        let e = entry(list, &asked).unwrap();
        assert_eq!(e["Name"], "a");
        let s = status(
            json!({"Name":"N","NamePrefix":"[P]","Players":3,"Bots":1,"Variables":{"Player Limit":"40","bPassworded":true}})
                .as_object()
                .unwrap()
                .clone(),
            1.0,
        );
        assert_eq!(
            (
                s.name.as_str(),
                s.players.online,
                s.players.max,
                s.players.bots,
                s.password
            ),
            ("[P] N", 3, 40, Some(1), true)
        );
    }
}
