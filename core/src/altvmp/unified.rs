//! alt:V's list and the entry of the server asked for, as the unified `Status`: the name,
//! the game mode as the mode, the version, `passworded`, `playersCount` of
//! `maxPlayersCount` (the list names no players), `connect` as `altv://` and the address
//! the list gives; the entry in `raw` as sent.

use serde_json::{Map, Value};

use super::{MAX_BODY, PATH};
use crate::error::{Error, ErrorCode, Result};
use crate::http::vendor::{as_list, listed, Asked, Vendor};
use crate::json::members::{integer_or_text, text};
use crate::spec::query::About;
use crate::status::{count, known, Known, Status, StatusPlayers};

/// What `query('altvmp')` returns in `raw`: the list's entry as sent.
pub type AltVQueryResult = Map<String, Value>;

/// alt:V's master list, for [`crate::http::vendor`]; with a server's public id, its entry.
#[derive(Debug, Clone)]
pub struct Listed {
    pub server_id: Option<String>,
}

/// An entry's `address` as the target is written: without the `https://` and the slashes
/// a server behind a CDN lists it with.
fn address(entry: &Map<String, Value>) -> Option<&str> {
    let a = text(entry, "address")?;
    let a = a
        .strip_prefix("https://")
        .or_else(|| a.strip_prefix("http://"))
        .unwrap_or(a);
    Some(a.trim_matches('/'))
}

/// The entry of the server `asked` about: its `address` is the target's `host:port` as
/// given, or (the API's older members) its `host` and `port` are.
pub fn entry(list: Vec<Value>, asked: &Asked) -> Option<Map<String, Value>> {
    list.into_iter().find_map(|item| {
        let Value::Object(o) = item else { return None };
        let by_address = address(&o).is_some_and(|a| asked.at(a));
        let by_host =
            text(&o, "host").is_some_and(|h| asked.is(h)) && integer_or_text(&o, "port") == Some(i64::from(asked.port));
        (by_address || by_host).then_some(o)
    })
}

/// A member under its name now, or the name alt:V's API page gives it.
fn either<'a>(entry: &'a Map<String, Value>, now: &str, before: &str) -> Option<&'a Value> {
    entry.get(now).filter(|v| !v.is_null()).or_else(|| entry.get(before))
}

pub fn status(entry: Map<String, Value>, latency_ms: f64) -> Status<AltVQueryResult> {
    let number = |now, before| {
        either(&entry, now, before)
            .and_then(|v| v.as_i64().or_else(|| v.as_str()?.trim().parse().ok()))
            .map_or(0, count)
    };
    let players = StatusPlayers::new(
        number("playersCount", "players"),
        number("maxPlayersCount", "maxPlayers"),
        vec![],
    );
    let connect = address(&entry).filter(|a| !a.is_empty()).map(|a| format!("altv://{a}"));
    let mut status = Status::new(
        Known {
            name: text(&entry, "name").unwrap_or_default().trim().to_string(),
            mode: text(&entry, "gameMode").and_then(known),
            version: text(&entry, "version").and_then(known),
            password: either(&entry, "passworded", "locked")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            players,
            ping_ms: Some(latency_ms),
            ..Known::default()
        },
        entry,
    );
    status.connect = connect.unwrap_or_default();
    status
}

/// No server of that public id.
fn unknown(id: &str) -> Error {
    Error::new(
        ErrorCode::NotListed,
        format!("alt:V's master list has no server of id {id}: check the option serverId (the server's publicId)"),
    )
}

impl Vendor for Listed {
    const MAX_BODY: usize = MAX_BODY;
    /// The list writes the address a server announced (a name, behind a CDN): compared as
    /// given, as gamedig does.
    const BY_ADDRESS: bool = false;
    const STATE: &'static str = "alt:V state";
    type Raw = AltVQueryResult;

    fn path(&self, _about: &About<'_>) -> Result<String> {
        Ok(match &self.server_id {
            Some(id) => format!("{PATH}/{id}"),
            None => PATH.to_string(),
        })
    }

    fn status(&self, body: &[u8], latency_ms: f64, asked: &Asked) -> Result<Status<Self::Raw>> {
        let Some(id) = &self.server_id else {
            return listed(body, (PATH, None, "alt:V's master list"), asked, entry, |e| {
                status(e, latency_ms)
            });
        };
        match serde_json::from_slice::<Value>(body) {
            Ok(Value::Object(o)) => Ok(status(o, latency_ms)),
            Ok(Value::Null) => Err(unknown(id)),
            _ => Err(Error::new(
                ErrorCode::WrongProtocol,
                format!("GET {PATH}/{id} answered what is not a server of alt:V's list"),
            )
            .with_text(crate::http::excerpt(body))),
        }
    }

    fn refused(&self, e: Error, status: u16, _body: &[u8]) -> Error {
        match (&self.server_id, status) {
            (Some(id), 404) => unknown(id),
            _ => e,
        }
    }

    /// The state's servers (or its one: a saved query's `raw`) as the list, and each by its
    /// `publicId` (or `id`).
    fn answer(state: &Value, path: &str) -> Option<(u16, Vec<u8>)> {
        let list = as_list(state);
        if path == PATH {
            return Some((200, serde_json::to_vec(&list).unwrap_or_default()));
        }
        let id = path.strip_prefix(PATH)?.strip_prefix('/')?;
        let one = list.into_iter().find(|s| {
            ["publicId", "id"]
                .iter()
                .any(|k| s.get(k).and_then(Value::as_str) == Some(id))
        })?;
        Some((200, serde_json::to_vec(&one).unwrap_or_default()))
    }
}

/// An entry of the list (the TypeScript shape of `raw`), as alt:V's launcher and gamedig
/// read it.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "AltVQueryResult", optional_fields)]
#[allow(non_snake_case)] // The list's own names.
pub struct AltVReply {
    /// The id `/servers/{id}` takes (the option `serverId`).
    pub publicId: String,
    pub name: String,
    /// `host:port`, or a CDN's URL.
    pub address: String,
    pub host: String,
    pub port: f64,
    pub playersCount: f64,
    pub maxPlayersCount: f64,
    pub passworded: bool,
    pub gameMode: String,
    pub website: String,
    pub language: String,
    pub description: String,
    pub verified: bool,
    pub promoted: bool,
    pub useEarlyAuth: bool,
    pub earlyAuthUrl: String,
    pub useCdn: bool,
    pub cdnUrl: String,
    pub useVoiceChat: bool,
    pub tags: Vec<String>,
    pub bannerUrl: String,
    pub branch: String,
    pub build: f64,
    pub version: String,
    pub lastUpdate: f64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn asked(host: &str, port: u16) -> Asked {
        Asked::named(host, port)
    }

    #[test]
    fn the_entry_by_address_as_given_or_host_and_port() {
        let list = || {
            vec![
                json!({"address":"https://play.example.org:7788/","name":"cdn"}),
                json!({"address":"10.0.0.1:7788","name":"plain"}),
                json!({"host":"10.0.0.2","port":7790,"name":"older"}),
                json!(7),
            ]
        };
        let name = |e: Option<Map<String, Value>>| e.map(|e| e["name"].as_str().unwrap().to_string());
        assert_eq!(
            name(entry(list(), &asked("PLAY.example.org", 7788))).as_deref(),
            Some("cdn")
        );
        assert_eq!(name(entry(list(), &asked("10.0.0.1", 7788))).as_deref(), Some("plain"));
        assert_eq!(name(entry(list(), &asked("10.0.0.2", 7790))).as_deref(), Some("older"));
        assert_eq!(name(entry(list(), &asked("10.0.0.1", 7789))), None);
    }

    #[test]
    fn its_status_under_either_names() {
        let s = status(
            json!({"name":" N ","address":"10.0.0.1:7788","playersCount":3,"maxPlayersCount":"128","passworded":true,"gameMode":"Roleplay","version":"16.0"})
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
                s.password,
                s.mode.as_deref(),
                s.connect.as_str()
            ),
            ("N", 3, 128, true, Some("Roleplay"), "altv://10.0.0.1:7788")
        );
        let s = status(
            json!({"players":2,"maxPlayers":10,"locked":true})
                .as_object()
                .unwrap()
                .clone(),
            1.0,
        );
        assert_eq!(
            (s.players.online, s.players.max, s.password, s.connect.as_str()),
            (2, 10, true, "")
        );
    }

    #[test]
    fn one_server_by_its_id() {
        let by_id = Listed {
            server_id: Some("ab12".into()),
        };
        let about = About {
            addr: None,
            host: "x",
            port: 1,
        };
        assert_eq!(by_id.path(&about).unwrap(), "/servers/ab12");
        let s = by_id.status(br#"{"name":"one"}"#, 1.0, &asked("x", 1)).unwrap();
        assert_eq!(s.name, "one");
        assert_eq!(
            by_id.status(b"null", 1.0, &asked("x", 1)).unwrap_err().code,
            ErrorCode::NotListed
        );
        let state = json!([{"publicId":"ab12","name":"one"},{"publicId":"cd34"}]);
        let (code, body) = Listed::answer(&state, "/servers/ab12").unwrap();
        assert_eq!(code, 200);
        assert_eq!(serde_json::from_slice::<Value>(&body).unwrap()["name"], "one");
        assert!(Listed::answer(&state, "/servers/zz").is_none());
        assert_eq!(
            crate::http::vendor::segment("serverId", Some("../x")).unwrap_err().code,
            ErrorCode::InvalidArgument
        );
    }
}
