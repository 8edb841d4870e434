//! A game's details as the unified `Status`: the name, the password flag, the players by
//! name (the matchmaking server lists who is on), `max_players` (0: no limit), the game's
//! version, the port of `host_address` for `connect`; the details in `raw` as sent. The
//! wiki gives some members as text (`"true"`, `"16"`): both forms are read.

use serde_json::{Map, Value};

use super::{MAX_BODY, PATH};
use crate::error::{Error, ErrorCode, Result};
use crate::http::vendor::{address_of, Asked, Vendor};
use crate::json::members::{integer_or_text, text};
use crate::spec::query::About;
use crate::status::{count, known, named, Known, Status, StatusPlayers};

/// What `query('factorio')` returns in `raw`: the details as sent.
pub type FactorioQueryResult = Map<String, Value>;

/// The matchmaking server's `get-game-details`, for [`crate::http::vendor`].
#[derive(Debug, Clone, Copy)]
pub struct Details;

/// A member that is a boolean, or its text (`"true"`).
fn flag(o: &Map<String, Value>, key: &str) -> bool {
    match o.get(key) {
        Some(Value::Bool(b)) => *b,
        Some(Value::String(s)) => s.eq_ignore_ascii_case("true"),
        _ => false,
    }
}

pub fn status(details: Map<String, Value>, latency_ms: f64) -> Status<FactorioQueryResult> {
    let names: Vec<String> = match details.get("players") {
        Some(Value::Array(names)) => names.iter().filter_map(Value::as_str).map(str::to_string).collect(),
        _ => vec![],
    };
    let list = named(&names);
    let max = integer_or_text(&details, "max_players").map_or(0, count);
    let version = details.get("application_version").and_then(Value::as_object);
    let port = text(&details, "host_address")
        .and_then(|a| a.rsplit_once(':'))
        .and_then(|(_, p)| p.parse::<u16>().ok())
        .filter(|p| *p != 0);
    Status::new(
        Known {
            name: text(&details, "name").unwrap_or_default().to_string(),
            version: version.and_then(|v| text(v, "game_version")).and_then(known),
            password: flag(&details, "has_password"),
            players: StatusPlayers::new(list.len() as u32, max, list),
            ping_ms: Some(latency_ms),
            advertised_port: port,
            ..Known::default()
        },
        details,
    )
}

impl Vendor for Details {
    const MAX_BODY: usize = MAX_BODY;
    const BY_ADDRESS: bool = true;
    const STATE: &'static str = "Factorio state";
    type Raw = FactorioQueryResult;

    fn path(&self, about: &About<'_>) -> Result<String> {
        Ok(format!("{PATH}{}", address_of(about)))
    }

    fn status(&self, body: &[u8], latency_ms: f64, _asked: &Asked) -> Result<Status<Self::Raw>> {
        let details = crate::http::object::object(body, "/get-game-details")?;
        if !details.get("name").is_some_and(Value::is_string) {
            return Err(Error::new(
                ErrorCode::WrongProtocol,
                "get-game-details answered JSON without a name: not Factorio's matchmaking server",
            ));
        }
        Ok(status(details, latency_ms))
    }

    fn refused(&self, mut e: Error, status: u16, _body: &[u8]) -> Error {
        if status == 404 {
            e.message.push_str(
                "; the matchmaking server lists a game only while it is public (its server-settings.json: visibility public, with a factorio.com username and token), at the address and port it heartbeats from",
            );
        }
        e
    }

    /// The state's game at its `host_address` (any address, where it has none).
    fn answer(state: &Value, path: &str) -> Option<(u16, Vec<u8>)> {
        let asked = path.strip_prefix(PATH)?;
        let at = state.get("host_address").and_then(Value::as_str);
        if at.is_some_and(|at| at != asked) {
            return None;
        }
        Some((200, serde_json::to_vec(state).unwrap_or_default()))
    }
}

/// The details (the TypeScript shape of `raw`), as the Factorio wiki's "Matchmaking API"
/// describes its server description object.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "FactorioQueryResult", optional_fields)]
pub struct FactorioReply {
    pub name: String,
    pub description: String,
    pub application_version: FactorioVersion,
    /// `ip:port`, as the game heartbeats from.
    pub host_address: String,
    #[ts(type = "boolean | string")]
    pub has_password: bool,
    /// 0: no limit.
    #[ts(type = "number | string")]
    pub max_players: f64,
    /// The usernames of the players on.
    pub players: Vec<String>,
    /// In-game minutes the map has run.
    #[ts(type = "number | string")]
    pub game_time_elapsed: f64,
    pub game_id: f64,
    pub server_id: String,
    pub tags: Vec<String>,
    pub mod_count: f64,
    #[ts(type = "Array<{ name: string, version: string }>")]
    pub mods: Vec<()>,
    pub mods_crc: f64,
    pub last_heartbeat: f64,
    pub headless_server: bool,
    pub require_user_verification: bool,
}

/// `application_version`.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "FactorioVersion")]
pub struct FactorioVersion {
    /// `2.0.28`.
    pub game_version: String,
    /// The build's number, as text.
    pub build_version: String,
    /// `alpha`, `headless` or `steam`.
    pub build_mode: String,
    /// `linux64`, `win64` or `mac`.
    pub platform: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn details_as_a_status_in_either_form() {
        let asked = Asked {
            ip: None,
            host: "x".into(),
            port: 34197,
        };
        let s = Details
            .status(
                br#"{"name":"F","has_password":"true","max_players":"0","players":["a","b"],"host_address":"1.2.3.4:34198","application_version":{"game_version":"1.1.110","build_version":"1"}}"#,
                2.0,
                &asked,
            )
            .unwrap();
        assert_eq!(
            (
                s.name.as_str(),
                s.password,
                s.players.online,
                s.players.max,
                s.version.as_deref(),
                s.advertised_port
            ),
            ("F", true, 2, 0, Some("1.1.110"), Some(34198))
        );
        let none = Details.status(br#"{"name":"F"}"#, 1.0, &asked).unwrap();
        assert_eq!((none.players.online, none.password, none.version), (0, false, None));
        assert_eq!(
            Details.status(br#"{"message":"x"}"#, 1.0, &asked).unwrap_err().code,
            ErrorCode::WrongProtocol
        );
        let about = About {
            addr: Some("[::1]:34197".parse().unwrap()),
            host: "x",
            port: 34197,
        };
        assert_eq!(Details.path(&about).unwrap(), "/get-game-details/[::1]:34197");
        let state: Value = serde_json::from_str(include_str!("sample.json")).unwrap();
        assert!(Details::answer(&state, "/get-game-details/127.0.0.1:34197").is_some());
        assert!(Details::answer(&state, "/get-game-details/127.0.0.1:34198").is_none());
        assert!(Details::answer(&state, "/get-games").is_none());
    }
}
