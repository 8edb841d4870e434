//! An Assetto Corsa server as the unified `Status`: `/INFO`'s `name` (without the ` ℹ<port>`
//! that marks a server with details for Content Manager), `track` as the map, `clients` of
//! `maxclients`, `pass`, `poweredBy` (AssettoServer's; acServer writes none) as the version,
//! `port` (the game's UDP port) for `connect`; the drivers from the entry list's connected
//! slots. Both bodies in `raw` as sent, under gamedig's names.

use serde::Serialize;
use serde_json::{Map, Value};

use super::{ENTRY_LIST, INFO};
use crate::error::{Error, ErrorCode, Result};
use crate::json::members::{integer, port, text};
use crate::status::{count, known, Known, Status, StatusPlayer, StatusPlayers};

/// What `query('assettocorsa')` returns in `raw`.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AssettoCorsaQueryResult {
    /// `/INFO` as sent.
    #[cfg_attr(feature = "ts", ts(type = "AssettoCorsaInfo"))]
    pub server_info: Map<String, Value>,
    /// The entry list's `Cars` as sent, every slot (none when not asked or not answered).
    #[cfg_attr(feature = "ts", ts(type = "Array<AssettoCorsaCar>"))]
    pub car_info: Vec<Value>,
    /// The entry list's failure, where `/INFO` answered, naming `/JSON|0`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<String>>", optional))]
    pub warnings: Vec<String>,
}

/// `/INFO`'s body as the object it must be: a server's name and slot count in it.
pub fn read_info(body: &[u8]) -> Result<Map<String, Value>> {
    let info = crate::http::object::object(body, INFO)?;
    if !(info.get("name").is_some_and(Value::is_string) && info.get("maxclients").is_some_and(Value::is_number)) {
        return Err(Error::new(
            ErrorCode::WrongProtocol,
            format!("GET {INFO} answered JSON without a name and maxclients: not an Assetto Corsa server"),
        ));
    }
    Ok(info)
}

/// The entry list's `Cars`.
pub fn read_entry_list(body: &[u8]) -> Result<Vec<Value>> {
    match crate::http::object::object(body, ENTRY_LIST)?.remove("Cars") {
        Some(Value::Array(cars)) => Ok(cars),
        _ => Err(Error::new(
            ErrorCode::WrongProtocol,
            format!("GET {ENTRY_LIST} answered JSON without its Cars"),
        )),
    }
}

/// The name as people read it: Content Manager's ` ℹ<HTTP port>` (a server with details at
/// `/api/details`) left out.
pub fn shown_name(name: &str) -> &str {
    let name = name.trim();
    match name.rsplit_once(" \u{2139}") {
        Some((shown, port)) if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => shown.trim_end(),
        _ => name,
    }
}

/// The status of `/INFO`; the entry list fills in the drivers ([`with_cars`]).
pub fn status(info: Map<String, Value>, latency_ms: f64) -> Status<AssettoCorsaQueryResult> {
    let online = integer(&info, "clients").map_or(0, count);
    let max = integer(&info, "maxclients").map_or(0, count);
    Status::new(
        Known {
            name: shown_name(text(&info, "name").unwrap_or_default()).to_string(),
            map: text(&info, "track").and_then(known),
            mode: None,
            version: text(&info, "poweredBy").and_then(known),
            password: info.get("pass").and_then(Value::as_bool).unwrap_or(false),
            players: StatusPlayers::new(online, max, vec![]),
            ping_ms: Some(latency_ms),
            advertised_port: port(&info, "port"),
        },
        AssettoCorsaQueryResult {
            server_info: info,
            ..Default::default()
        },
    )
}

/// The entry list: its connected slots' drivers are the players.
pub fn with_cars(status: &mut Status<AssettoCorsaQueryResult>, cars: Vec<Value>) {
    status.players.list = cars
        .iter()
        .filter_map(Value::as_object)
        .filter(|car| car.get("IsConnected").and_then(Value::as_bool) == Some(true))
        .map(|car| StatusPlayer {
            name: text(car, "DriverName").unwrap_or_default().to_string(),
            id: None,
            score: None,
            ping: None,
        })
        .collect();
    status.players.online = status.players.online.max(status.players.list.len() as u32);
    status.raw.car_info = cars;
}

/// `/INFO` (the TypeScript shape of `raw.serverInfo`), as acServer and AssettoServer write it.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "AssettoCorsaInfo", optional_fields)]
pub struct AssettoCorsaInfo {
    /// The server's public address, where it knows it (often empty).
    pub ip: String,
    /// The game's UDP port.
    pub port: f64,
    /// The game's TCP port.
    pub tport: f64,
    /// The HTTP port (this one).
    pub cport: f64,
    /// With ` ℹ<port>` at its end where the server has details for Content Manager.
    pub name: String,
    pub clients: f64,
    pub maxclients: f64,
    /// The track and its layout: `ks_nordschleife-endurance`.
    pub track: String,
    pub cars: Vec<String>,
    pub timeofday: f64,
    /// The session now: its index in `sessiontypes` (acServer), or its type (AssettoServer).
    pub session: f64,
    /// Each session's type: 0 booking, 1 practice, 2 qualifying, 3 race.
    pub sessiontypes: Vec<f64>,
    /// Each session's minutes, or laps.
    pub durations: Vec<f64>,
    /// Seconds left in the session.
    pub timeleft: f64,
    /// `[name, code]`.
    pub country: Vec<String>,
    pub pass: bool,
    pub timestamp: f64,
    pub json: Option<String>,
    pub l: bool,
    pub pickup: bool,
    pub timed: bool,
    pub extra: bool,
    pub pit: bool,
    pub inverted: f64,
    /// AssettoServer's `AssettoServer <version>`; acServer writes none.
    #[ts(rename = "poweredBy")]
    pub powered_by: String,
}

/// A slot of the entry list (`raw.carInfo`).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "AssettoCorsaCar", rename_all = "PascalCase", optional_fields)]
pub struct AssettoCorsaCar {
    pub model: String,
    pub skin: String,
    /// The driver in it, where one is (the name booked for it, on some servers, while empty).
    pub driver_name: Option<String>,
    pub driver_team: Option<String>,
    /// acServer's; AssettoServer writes none.
    pub driver_nation: String,
    pub is_connected: bool,
    #[ts(rename = "IsRequestedGUID")]
    pub is_requested_guid: bool,
    pub is_entry_list: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_entry_list_and_what_is_not_an_assetto_corsa_server() {
        let mut s = status(
            read_info(br#"{"name":"AC \u2139 Club \u21398081","maxclients":20,"clients":1,"track":"ks_vallelunga-club_circuit","pass":true,"port":9600,"poweredBy":"AssettoServer 0.0.55"}"#).unwrap(),
            2.0,
        );
        assert_eq!(
            (
                s.name.as_str(),
                s.map.as_deref(),
                s.version.as_deref(),
                s.password,
                s.advertised_port
            ),
            (
                "AC \u{2139} Club",
                Some("ks_vallelunga-club_circuit"),
                Some("AssettoServer 0.0.55"),
                true,
                Some(9600)
            )
        );
        let cars = read_entry_list(br#"{"Cars":[{"Model":"a","DriverName":"Ann","IsConnected":true},{"Model":"b","DriverName":"Booked","IsConnected":false},{"Model":"c","DriverName":"Cy","IsConnected":true}]}"#).unwrap();
        with_cars(&mut s, cars);
        assert_eq!(
            (s.players.online, s.players.max),
            (2, 20),
            "more drivers listed than clients counted"
        );
        assert_eq!(
            s.players.list.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(),
            ["Ann", "Cy"]
        );
        assert_eq!(s.raw.car_info.len(), 3);
        assert_eq!(shown_name("  Plain  "), "Plain");
        assert_eq!(shown_name("x \u{2139}"), "x \u{2139}");
        assert_eq!(
            read_info(br#"{"name":"x"}"#).unwrap_err().code,
            ErrorCode::WrongProtocol
        );
        assert_eq!(
            read_entry_list(br#"{"Cars":{}}"#).unwrap_err().code,
            ErrorCode::WrongProtocol
        );
        assert_eq!(read_info(b"[]").unwrap_err().code, ErrorCode::Malformed);
    }
}
