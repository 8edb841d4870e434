//! A DarkMultiPlayer status as the unified `Status`: `server_name`, `version`, the game
//! mode (`SANDBOX`, `SCIENCE`, `CAREER`) as the mode, `player_count` of `max_players`, the
//! players by name from the `", "`-joined `players` string, the game `port` for `connect`;
//! the reply in `raw` as sent. DMP has no password in its status.

use serde_json::{Map, Value};

use super::PATH;
use crate::error::{Error, ErrorCode, Result};
use crate::http::page::Page;
use crate::json::members::{integer, port, text};
use crate::status::{count, known, named, Known, Status, StatusPlayers};

/// What `query('kspdmp')` returns in `raw`: the status object as sent.
pub type KspDmpQueryResult = Map<String, Value>;

/// The reply as the status object it must be.
pub fn read(body: &[u8]) -> Result<Map<String, Value>> {
    let reply = crate::http::object::object(body, PATH)?;
    if !reply.get("server_name").is_some_and(Value::is_string) {
        return Err(Error::new(
            ErrorCode::WrongProtocol,
            format!("GET {PATH} answered JSON without a server_name: not a DarkMultiPlayer server"),
        ));
    }
    Ok(reply)
}

/// The players' names: DMP joins them with `", "` (an empty string when none is on); a
/// list of `{ nickname }` (the form gamedig also reads) is taken as well.
pub fn names(players: Option<&Value>) -> Vec<String> {
    match players {
        Some(Value::String(joined)) => joined
            .split(", ")
            .filter(|n| !n.is_empty())
            .map(str::to_string)
            .collect(),
        Some(Value::Array(rows)) => rows
            .iter()
            .filter_map(|row| match row {
                Value::String(name) => Some(name.clone()),
                Value::Object(o) => text(o, "nickname").map(str::to_string),
                _ => None,
            })
            .collect(),
        _ => vec![],
    }
}

pub fn status(reply: Map<String, Value>, latency_ms: f64) -> Status<KspDmpQueryResult> {
    let list = named(&names(reply.get("players")));
    let online = integer(&reply, "player_count").map_or(list.len() as u32, count);
    let max = integer(&reply, "max_players").map_or(0, count);
    Status::new(
        Known {
            name: text(&reply, "server_name").unwrap_or_default().trim().to_string(),
            map: None,
            mode: text(&reply, "game_mode").and_then(known),
            version: text(&reply, "version").and_then(known),
            password: false,
            players: StatusPlayers::new(online, max, list),
            ping_ms: Some(latency_ms),
            advertised_port: port(&reply, "port"),
        },
        reply,
    )
}

/// The status page, for the query and the responder `crate::http::page` makes of it.
pub struct StatusPage;

impl Page for StatusPage {
    const PATH: &'static str = super::PATH;
    const MAX_BODY: usize = super::MAX_BODY;
    const STATE: &'static str = "DarkMultiPlayer state";
    type Raw = KspDmpQueryResult;

    fn status(body: &[u8], latency_ms: f64) -> Result<Status<Self::Raw>> {
        Ok(status(read(body)?, latency_ms))
    }
}

/// The status object (the TypeScript shape of `raw`), as DMP's `ServerInfo` writes it.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "KspDmpQueryResult", optional_fields)]
#[allow(non_snake_case)] // The reply's own names, two of them camelCase.
pub struct KspDmpReply {
    pub server_name: String,
    /// DMP's release (`v0.3.8.5`; `Custom` for a build from source).
    pub version: String,
    pub protocol_version: f64,
    /// The names of the players on, joined by `", "`.
    pub players: String,
    pub player_count: f64,
    pub max_players: f64,
    /// The game port.
    pub port: f64,
    /// `SANDBOX`, `SCIENCE` or `CAREER`.
    pub game_mode: String,
    /// `MCW_FORCE`, `MCW_VOTE`, `MCW_LOWEST`, `SUBSPACE_SIMPLE`, `SUBSPACE` or `NONE`.
    pub warp_mode: String,
    /// 0 off; 1 parts outside the mod list are not synced; 2 nor launched.
    pub mod_control: f64,
    pub cheats: bool,
    /// The universe's kerbals and vessels on disk, in bytes.
    pub universeSize: f64,
    /// Seconds since a player was last on (0 while one is).
    pub lastPlayerActivity: f64,
    /// SHA-256 of the mod control file, in hex.
    pub modControlSha: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_names_and_what_is_not_a_dmp_server() {
        let s = status(
            read(br#"{"cheats":true,"game_mode":"CAREER","max_players":20,"player_count":2,"players":"Jeb, Val","port":6702,"server_name":" K ","version":"v0.3.8.5"}"#).unwrap(),
            3.0,
        );
        assert_eq!(
            (s.name.as_str(), s.mode.as_deref(), s.version.as_deref(), s.password),
            ("K", Some("CAREER"), Some("v0.3.8.5"), false)
        );
        assert_eq!(
            (s.players.online, s.players.max, s.advertised_port),
            (2, 20, Some(6702))
        );
        assert_eq!(
            s.players.list.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(),
            ["Jeb", "Val"]
        );
        assert!(names(Some(&Value::String(String::new()))).is_empty());
        assert_eq!(
            names(Some(&serde_json::json!([{"nickname":"A","team":"x"},"B",1]))),
            ["A", "B"]
        );
        assert_eq!(read(br#"{"name":"x"}"#).unwrap_err().code, ErrorCode::WrongProtocol);
        assert_eq!(read(b"[1]").unwrap_err().code, ErrorCode::Malformed);
    }
}
