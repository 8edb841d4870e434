//! The four endpoints a status reads, each body bounded and read as a JSON object that is
//! kept as the server sent it (`raw`): the fields a status takes are read from it
//! tolerantly — a number may come as a float, a field may be missing in an older server.

use serde_json::{Map, Value};

use crate::error::{Error, ErrorCode, Result};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endpoint {
    /// `servername`, `version`, `description`, `worldguid`: the call fails without it.
    Info,
    /// `players`: one row per player online (32 at most on a Palworld server).
    Players,
    /// `currentplayernum`, `maxplayernum`, `serverfps`, `serverframetime`, `uptime`, `days`.
    Metrics,
    /// `PalWorldSettings.ini` as the server runs it (~80 keys).
    Settings,
}

impl Endpoint {
    pub fn path(self) -> &'static str {
        match self {
            Self::Info => "/v1/api/info",
            Self::Players => "/v1/api/players",
            Self::Metrics => "/v1/api/metrics",
            Self::Settings => "/v1/api/settings",
        }
    }

    /// The body read at most: a row of `players` is ~250 bytes and a server holds 32; the
    /// settings are ~3 KiB. Past these no Palworld server answers.
    pub fn limit(self) -> usize {
        match self {
            Self::Info | Self::Metrics => 64 << 10,
            Self::Players => 1 << 20,
            Self::Settings => 256 << 10,
        }
    }

    /// Reads `body` as the JSON object this endpoint answers.
    pub fn read(self, body: &[u8]) -> Result<Map<String, Value>> {
        let path = self.path();
        match serde_json::from_slice::<Value>(body) {
            Ok(Value::Object(map)) => Ok(map),
            Ok(other) => Err(Error::new(
                ErrorCode::Malformed,
                format!("{path} answered {}, not an object", crate::json::kind(&other)),
            )),
            Err(e) => {
                let shown = crate::http::excerpt(body);
                Err(Error::new(ErrorCode::BadJson, format!("{path} is not JSON: {e}")).with_text(shown))
            }
        }
    }
}

/// `/v1/api/players`' rows: `{ "players": [ … ] }`.
pub fn rows(players: Map<String, Value>) -> Result<Vec<Value>> {
    match players.get("players") {
        Some(Value::Array(rows)) => Ok(rows.clone()),
        _ => Err(Error::new(
            ErrorCode::Malformed,
            "/v1/api/players answered no players array",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::members::{integer, text};
    use serde_json::json;

    #[test]
    fn bodies_are_objects_and_numbers_are_read_tolerantly() {
        let info = Endpoint::Info
            .read(br#"{"servername":"A","version":"v0.3.11.0"}"#)
            .unwrap();
        assert_eq!(text(&info, "servername"), Some("A"));
        let e = Endpoint::Metrics.read(b"[1]").unwrap_err();
        assert_eq!(
            (e.code, e.message.as_str()),
            (ErrorCode::Malformed, "/v1/api/metrics answered an array, not an object")
        );
        let e = Endpoint::Info.read(b"<html>").unwrap_err();
        assert_eq!(e.code, ErrorCode::BadJson);
        assert!(e.message.starts_with("/v1/api/info is not JSON"), "{}", e.message);
        // JSON nested past serde_json's 128 levels is an error, not a stack overflow.
        let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        assert_eq!(
            Endpoint::Settings.read(deep.as_bytes()).unwrap_err().code,
            ErrorCode::BadJson
        );
        let m = json!({ "currentplayernum": 3, "maxplayernum": 32.0, "serverfps": "x" });
        let m = m.as_object().unwrap();
        assert_eq!(
            (
                integer(m, "currentplayernum"),
                integer(m, "maxplayernum"),
                integer(m, "serverfps")
            ),
            (Some(3), Some(32), None)
        );
        let e = rows(json!({ "players": {} }).as_object().unwrap().clone()).unwrap_err();
        assert_eq!(e.code, ErrorCode::Malformed);
    }
}
