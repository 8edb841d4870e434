//! The sessions at the target's address and the one at its port, as the unified `Status`:
//! the name, map and password from the attributes the dialect names, the version (ARK's
//! build and minor build), `totalPlayers` of `settings.maxPublicPlayers`, the public
//! players by name; the session in `raw` as sent.

use serde_json::{Map, Value};

use super::dialect::Dialect;
use crate::error::{Error, ErrorCode, Result};
use crate::http::vendor::Asked;
use crate::json::members::{integer_or_text, text};
use crate::status::{count, known, named, Known, Status, StatusPlayers};

/// What `query('epic')` returns in `raw`: the session as sent.
pub type EpicQueryResult = Map<String, Value>;

/// Whether `session` is the server `asked` about: bound to its port (`ADDRESSBOUND_s`
/// `0.0.0.0:port` or `ip:port`, or `GAMESERVER_PORT_l`), and, where it says its address, at
/// the target's (a responder that does not filter is not trusted to).
pub fn is(session: &Map<String, Value>, asked: &Asked) -> bool {
    let Some(a) = session.get("attributes").and_then(Value::as_object) else {
        return false;
    };
    let bound = text(a, "ADDRESSBOUND_s").is_some_and(|b| {
        b.rsplit_once(':')
            .is_some_and(|(ip, port)| port.parse::<u16>() == Ok(asked.port) && (ip == "0.0.0.0" || asked.is(ip)))
    });
    let port = integer_or_text(a, "GAMESERVER_PORT_l") == Some(i64::from(asked.port));
    let here = text(a, "ADDRESS_s").is_none_or(|ip| asked.is(ip));
    (bound || port) && here
}

pub fn status(session: Map<String, Value>, dialect: Dialect, latency_ms: f64) -> Status<EpicQueryResult> {
    let empty = Map::new();
    let a = session.get("attributes").and_then(Value::as_object).unwrap_or(&empty);
    let version: Vec<&str> = dialect.version().iter().filter_map(|k| text(a, k)).collect();
    let names: Vec<String> = match session.get("publicPlayers") {
        Some(Value::Array(p)) => p
            .iter()
            .filter_map(|p| p["name"].as_str().map(str::to_string))
            .collect(),
        _ => vec![],
    };
    let list = named(&names);
    let online = integer_or_text(&session, "totalPlayers").map_or(list.len() as u32, count);
    let max = session
        .get("settings")
        .and_then(Value::as_object)
        .and_then(|s| integer_or_text(s, "maxPublicPlayers"))
        .map_or(0, count);
    let known_ = Known {
        name: text(a, dialect.name()).unwrap_or_default().trim().to_string(),
        map: text(a, dialect.map()).and_then(known),
        version: (version.len() == dialect.version().len() && !version.is_empty()).then(|| version.join(".")),
        password: a.get(dialect.password()).and_then(Value::as_bool).unwrap_or(false),
        players: StatusPlayers::new(online, max, list),
        ping_ms: Some(latency_ms),
        ..Known::default()
    };
    Status::new(known_, session)
}

/// The filter's reply (`{ sessions, count }`) read: the session of the server `asked` about.
pub fn found(body: &[u8], latency_ms: f64, asked: &Asked, dialect: Dialect) -> Result<Status<EpicQueryResult>> {
    let reply = serde_json::from_slice::<Value>(body).ok();
    let Some(sessions) = reply.as_ref().and_then(|r| r["sessions"].as_array()) else {
        return Err(
            Error::new(ErrorCode::WrongProtocol, "the EOS filter answered no sessions")
                .with_text(crate::http::excerpt(body)),
        );
    };
    let at = asked.ip.map_or_else(|| asked.host.clone(), |ip| ip.to_string());
    match sessions.iter().filter_map(Value::as_object).find(|s| is(s, asked)) {
        Some(s) => Ok(status(s.clone(), dialect, latency_ms)),
        None => Err(Error::new(
            ErrorCode::NotListed,
            format!(
                "EOS has {} sessions at {at}, none at port {}: the server is down, not public, or of another deployment (the options deploymentId, dialect)",
                sessions.len(),
                asked.port
            ),
        )),
    }
}

/// A session (the TypeScript shape of `raw`), as EOS's matchmaking gives it.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "EpicQueryResult", optional_fields)]
#[allow(non_snake_case)] // The API's own names.
pub struct EpicReply {
    pub deployment: String,
    pub id: String,
    pub bucket: String,
    /// `maxPublicPlayers`, `allowInvites`, `shouldAdvertise` …
    #[ts(type = "{ maxPublicPlayers?: number } & Record<string, unknown>")]
    pub settings: (),
    pub totalPlayers: f64,
    pub openPublicPlayers: f64,
    /// Often empty.
    #[ts(type = "Array<{ name?: string } & Record<string, unknown>>")]
    pub publicPlayers: (),
    pub started: bool,
    pub lastUpdated: Option<String>,
    /// The game's: `ADDRESS_s`, `ADDRESSBOUND_s`, `CUSTOMSERVERNAME_s`, `MAPNAME_s`,
    /// `BUILDID_s` … (the suffix is the type: `_s` text, `_l` integer, `_b` boolean, `_d` number).
    #[ts(type = "Record<string, string | number | boolean>")]
    pub attributes: (),
    pub owner: String,
    pub ownerPlatformId: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn asked(ip: &str, port: u16) -> Asked {
        Asked {
            ip: ip.parse().ok(),
            host: "x".into(),
            port,
        }
    }

    #[test]
    fn the_session_at_the_port_in_each_dialect() {
        let ark = json!({"sessions":[
            {"attributes":{"ADDRESS_s":"5.62.115.46","ADDRESSBOUND_s":"0.0.0.0:7783","CUSTOMSERVERNAME_s":"NA-PVE","MAPNAME_s":"TheIsland_WP","BUILDID_s":"33","MINORBUILDID_s":"78","SERVERPASSWORD_b":false},"totalPlayers":50,"settings":{"maxPublicPlayers":70},"publicPlayers":[]},
            {"attributes":{"ADDRESS_s":"5.62.115.46","GAMESERVER_PORT_l":7790,"SERVERNAME_s":"Squad 1","GAMEVERSION_s":"v8.2","PASSWORD_b":true},"totalPlayers":"3","settings":{"maxPublicPlayers":100},"publicPlayers":[{"name":"Ada"}]}
        ],"count":2});
        let body = serde_json::to_vec(&ark).unwrap();
        let s = found(&body, 1.0, &asked("5.62.115.46", 7783), Dialect::Asa).unwrap();
        assert_eq!(
            (
                s.name.as_str(),
                s.map.as_deref(),
                s.version.as_deref(),
                s.players.online,
                s.players.max
            ),
            ("NA-PVE", Some("TheIsland_WP"), Some("33.78"), 50, 70)
        );
        let q = found(&body, 1.0, &asked("5.62.115.46", 7790), Dialect::Squad).unwrap();
        assert_eq!(
            (q.name.as_str(), q.version.as_deref(), q.password, q.players.list.len()),
            ("Squad 1", Some("v8.2"), true, 1)
        );
        assert_eq!(
            found(&body, 1.0, &asked("5.62.115.46", 7791), Dialect::Asa)
                .unwrap_err()
                .code,
            ErrorCode::NotListed
        );
        // Another address's session, from an API that did not filter: not this server.
        assert_eq!(
            found(&body, 1.0, &asked("10.0.0.1", 7783), Dialect::Asa)
                .unwrap_err()
                .code,
            ErrorCode::NotListed
        );
        assert_eq!(
            found(b"{}", 1.0, &asked("10.0.0.1", 1), Dialect::Asa).unwrap_err().code,
            ErrorCode::WrongProtocol
        );
        let g = found(&body, 1.0, &asked("5.62.115.46", 7783), Dialect::Generic).unwrap();
        assert_eq!((g.name.as_str(), g.version), ("NA-PVE", None));
    }
}
