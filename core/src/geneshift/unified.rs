//! The lobby list and the record of the server asked for, as the unified `Status`: the
//! name, map, version, `numplayers` of `maxplayers` (the list names no players and says
//! nothing of a password); every field of the record, named, in `raw`.

use serde_json::{Map, Value};

use super::record::{read, write, END};
use super::{MAX_BODY, PATH};
use crate::error::{Error, ErrorCode, Result};
use crate::http::vendor::{as_list, not_listed, Asked, Vendor};
use crate::json::members::{integer, text};
use crate::spec::query::About;
use crate::status::{count, known, Known, Status, StatusPlayers};

/// What `query('geneshift')` returns in `raw`: the record's fields, named.
pub type GeneshiftQueryResult = Map<String, Value>;

/// The lobby list, for [`crate::http::vendor`].
#[derive(Debug, Clone, Copy)]
pub struct Listed;

pub fn status(entry: Map<String, Value>, latency_ms: f64) -> Status<GeneshiftQueryResult> {
    let number = |key| integer(&entry, key).map_or(0, count);
    Status::new(
        Known {
            name: text(&entry, "name").unwrap_or_default().trim().to_string(),
            map: text(&entry, "map").and_then(known),
            version: text(&entry, "version").and_then(known),
            players: StatusPlayers::new(number("numplayers"), number("maxplayers"), vec![]),
            ping_ms: Some(latency_ms),
            ..Known::default()
        },
        entry,
    )
}

impl Vendor for Listed {
    const MAX_BODY: usize = MAX_BODY;
    const BY_ADDRESS: bool = true;
    const STATE: &'static str = "Geneshift state";
    const CONTENT_TYPE: &'static str = "text/html; charset=utf-8";
    type Raw = GeneshiftQueryResult;

    fn path(&self, _about: &About<'_>) -> Result<String> {
        Ok(PATH.to_string())
    }

    fn status(&self, body: &[u8], latency_ms: f64, asked: &Asked) -> Result<Status<Self::Raw>> {
        let text_ = String::from_utf8_lossy(body);
        if text_.trim_start().starts_with(['{', '[', '<']) && !text_.contains("::") {
            return Err(Error::new(
                ErrorCode::WrongProtocol,
                format!("GET {PATH} answered what is not Geneshift's lobby list"),
            )
            .with_text(crate::http::excerpt(body)));
        }
        let records: Vec<Map<String, Value>> = text_.split(END).filter_map(|r| read(r.trim())).collect();
        let size = records.len();
        let here = |e: &Map<String, Value>| {
            text(e, "ip").is_some_and(|ip| asked.is(ip)) && integer(e, "port") == Some(i64::from(asked.port))
        };
        match records.into_iter().find(here) {
            Some(entry) => Ok(status(entry, latency_ms)),
            None => Err(not_listed("Geneshift's lobby list", size, asked)),
        }
    }

    /// The state's servers (or its one: a saved query's `raw`), a record each.
    fn answer(state: &Value, path: &str) -> Option<(u16, Vec<u8>)> {
        (path == PATH).then(|| (200, as_list(state).iter().map(write).collect::<String>().into_bytes()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_record_by_address_and_port() {
        let asked = |ip: &str, port| Asked {
            ip: ip.parse().ok(),
            host: "x".into(),
            port,
        };
        let body = b"DE::Germany::10.0.0.1::11235::one::m1::3::16<br/>\nUS::USA::10.0.0.1::11236::two::m2::0::8::::r::1::2::3::1::1::1::1::1::::1.1<br/>";
        let s = Listed.status(body, 1.0, &asked("10.0.0.1", 11236)).unwrap();
        assert_eq!(
            (
                s.name.as_str(),
                s.map.as_deref(),
                s.players.online,
                s.players.max,
                s.version.as_deref()
            ),
            ("two", Some("m2"), 0, 8, Some("1.1"))
        );
        assert_eq!(Listed.status(body, 1.0, &asked("10.0.0.1", 11235)).unwrap().name, "one");
        let e = Listed.status(body, 1.0, &asked("10.0.0.2", 11235)).unwrap_err();
        assert_eq!(e.code, ErrorCode::NotListed);
        assert!(e.message.contains("(2 servers)"), "{}", e.message);
        assert_eq!(
            Listed
                .status(b"<html>busy</html>", 1.0, &asked("10.0.0.2", 1))
                .unwrap_err()
                .code,
            ErrorCode::WrongProtocol
        );
    }
}
