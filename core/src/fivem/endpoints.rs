//! FXServer's HTTP endpoints on the game port, read tolerantly (facts from its
//! `InfoHttpHandler.cpp` and replies seen in peers' tests): `/info.json` (the resources,
//! the settings, the icon, `version` = the `iv` that changes with them), `/dynamic.json`
//! (what `getinfo` says, numbers sometimes as strings: `"sv_maxclients":"128"`,
//! `"clients":0`) and `/players.json` (newer servers anonymise its rows unless asked with
//! the `sv_playersToken`: the count comes from `clients`, names are optional).

use serde::Serialize;
use serde_json::Value;

use crate::error::{Error, ErrorCode, Result};
use crate::values::RuleList;

/// The bodies read at most: `/players.json` of a full 2048-slot server with its
/// identifiers is ~1 MiB, `/info.json` with a 96×96 icon and a thousand resources less.
pub const MAX_INFO: usize = 4 << 20;
pub const MAX_PLAYERS_JSON: usize = 8 << 20;
pub const MAX_DYNAMIC: usize = 64 << 10;
/// Rows of `/players.json` kept at most (FXServer's slots stop at 2048).
pub const MAX_ROWS: usize = 4096;

/// `/info.json`.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "FivemInfo", optional_fields))]
pub struct FivemInfo {
    /// `FXServer-master SERVER v1.0.0.7290 win32`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub server: Option<String>,
    /// The info's version: the `iv` of `getinfo`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<i64>,
    pub resources: Vec<String>,
    /// The server's settings (convars) as text.
    pub vars: RuleList,
    /// The server's icon: a base64 PNG (96×96).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enhanced_host_support: Option<bool>,
    /// `on`, `off` or `unset`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_steam_ticket: Option<String>,
}

/// A row of `/players.json`.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "FivemPlayer", optional_fields))]
pub struct FivemPlayer {
    /// Newer servers answer `Player` for every row unless asked with the players token.
    pub name: String,
    /// The player's server id (0 in an anonymised row).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ping: Option<i64>,
    /// `license:…`, `discord:…`, `fivem:…` (`ip:` ones only without endpoint privacy).
    pub identifiers: Vec<String>,
    /// `ip:port`, or `127.0.0.1` under `sv_endpointPrivacy` (the default).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub endpoint: Option<String>,
}

fn parse(path: &str, body: &[u8]) -> Result<Value> {
    serde_json::from_slice(body).map_err(|e| {
        let shown = crate::http::excerpt(body);
        Error::new(ErrorCode::BadJson, format!("{path} is not JSON: {e}")).with_text(shown)
    })
}

/// A JSON scalar as the text an infostring would hold.
pub fn text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

fn integer(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => n.as_i64().or_else(|| n.as_f64().map(|f| f as i64)),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

pub fn read_info(body: &[u8]) -> Result<FivemInfo> {
    let v = parse("/info.json", body)?;
    let Value::Object(o) = v else {
        return Err(Error::new(ErrorCode::Malformed, "/info.json is not an object"));
    };
    let string = |k: &str| o.get(k).and_then(text);
    Ok(FivemInfo {
        server: string("server"),
        version: o.get("version").and_then(integer),
        resources: match o.get("resources") {
            Some(Value::Array(a)) => a.iter().filter_map(text).collect(),
            _ => vec![],
        },
        vars: match o.get("vars") {
            Some(Value::Object(vars)) => {
                RuleList(vars.iter().filter_map(|(k, v)| Some((k.clone(), text(v)?))).collect())
            }
            _ => RuleList::default(),
        },
        icon: string("icon"),
        enhanced_host_support: o.get("enhancedHostSupport").and_then(Value::as_bool),
        request_steam_ticket: string("requestSteamTicket"),
    })
}

pub fn read_players(body: &[u8]) -> Result<Vec<FivemPlayer>> {
    let v = parse("/players.json", body)?;
    let Value::Array(rows) = v else {
        return Err(Error::new(ErrorCode::Malformed, "/players.json is not an array"));
    };
    if rows.len() > MAX_ROWS {
        return Err(Error::new(
            ErrorCode::BadLength,
            format!("/players.json has {} rows, over {MAX_ROWS}", rows.len()),
        ));
    }
    Ok(rows
        .iter()
        .filter_map(Value::as_object)
        .map(|o| FivemPlayer {
            name: o.get("name").and_then(text).unwrap_or_default(),
            id: o.get("id").and_then(integer),
            ping: o.get("ping").and_then(integer),
            identifiers: match o.get("identifiers") {
                Some(Value::Array(a)) => a.iter().filter_map(text).collect(),
                _ => vec![],
            },
            endpoint: o.get("endpoint").and_then(text),
        })
        .collect())
}

/// `/dynamic.json` as the pairs `getinfo` gives (the same names), every value as text.
pub fn read_dynamic(body: &[u8]) -> Result<RuleList> {
    let v = parse("/dynamic.json", body)?;
    let Value::Object(o) = v else {
        return Err(Error::new(ErrorCode::Malformed, "/dynamic.json is not an object"));
    };
    Ok(RuleList(
        o.iter().filter_map(|(k, v)| Some((k.clone(), text(v)?))).collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mixed_types_read_as_servers_send_them() {
        // opengsq's captures of a real server (opengsq/opengsq-python, docs/tests/protocols/
        // test_fivem/test_get_dynamic.rst@6679f26a, test_get_players.rst@4c376c08):
        // numbers as strings and not.
        let d = read_dynamic(br#"{"clients": 7, "gametype": "Freeroam", "hostname": "LostCityRP", "iv": "1973579058", "mapname": "fivem-map-skater", "sv_maxclients": "128"}"#).unwrap();
        assert_eq!(d.get("clients"), Some("7"));
        assert_eq!(d.get("sv_maxclients"), Some("128"));
        assert_eq!(d.get("iv"), Some("1973579058"));
        let p = read_players(br#"[{"endpoint": "127.0.0.1", "id": 1, "identifiers": ["license:89a0479c4c3a0683d57141004d5b0bb129eede19", "xbl:2535418682421843", "live:914798413546912", "discord:1168652036506648576", "license2:1743900011038c6bbe1618467acaff2bd8b22033"], "name": "rossowsean", "ping": 59}]"#).unwrap();
        assert_eq!(
            (p[0].name.as_str(), p[0].id, p[0].ping, p[0].identifiers.len()),
            ("rossowsean", Some(1), Some(59), 5)
        );
        assert_eq!(p[0].endpoint.as_deref(), Some("127.0.0.1"));
        let info = read_info(br#"{"server":"FXServer-master v1.0.0.7290 linux","version":-1617614025,"resources":["chat","spawnmanager"],"vars":{"sv_projectName":"City","locale":"en-US","sv_enforceGameBuild":2944,"onesync":true},"enhancedHostSupport":true,"requestSteamTicket":"unset"}"#).unwrap();
        assert_eq!(info.version, Some(-1617614025));
        assert_eq!(info.resources, ["chat", "spawnmanager"]);
        assert_eq!(info.vars.get("sv_enforceGameBuild"), Some("2944"));
        assert_eq!(info.vars.get("onesync"), Some("true"));
        let players = read_players(br#"[{"endpoint":"127.0.0.1","id":3,"identifiers":["license:ab"],"name":"Ana","ping":41},{"name":"Player","id":0}]"#).unwrap();
        assert_eq!(
            (players[0].name.as_str(), players[0].ping, players[1].id),
            ("Ana", Some(41), Some(0))
        );
    }

    #[test]
    fn what_is_not_the_endpoint_is_typed() {
        assert_eq!(read_info(b"<html>").unwrap_err().code, ErrorCode::BadJson);
        assert_eq!(read_players(b"{}").unwrap_err().code, ErrorCode::Malformed);
        let many = format!("[{}{{}}]", "{},".repeat(MAX_ROWS));
        assert_eq!(read_players(many.as_bytes()).unwrap_err().code, ErrorCode::BadLength);
    }
}
