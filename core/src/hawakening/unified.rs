//! The backend's answers read (its envelope `{ Status, Message, Result }`), the server's
//! listing found by its `Guid`, and the unified `Status`: `ServerName`, `Map`, `GameType`
//! as the mode, `GameVersion`, a password where `DeveloperData.PasswordHash` is set, the
//! `Users` (the players' `Guid`s: a count, no names) of `MaxUsers`, `connect` the address
//! matchmaking assigned; `raw` the listing, the matchmaking answer and the warnings.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::{Error, ErrorCode, Result};
use crate::http::HttpReply;
use crate::json::members::{integer_or_text, text};
use crate::status::{count, known, Known, Status, StatusPlayers};

/// What `query('hawakening')` returns in `raw`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HawakeningQueryResult {
    /// The server's listing, as `gameServerListings` gave it.
    pub listing: Map<String, Value>,
    /// The matchmaking advertisement for it (`AssignedServerIp`, `AssignedServerPort` …);
    /// `null` where none was asked (a full server) or it failed (see `warnings`).
    pub info: Option<Map<String, Value>>,
    /// What failed after the listings (the advertisement, the logout).
    pub warnings: Vec<String>,
}

/// The server's listing, and what the requests after it gave.
#[derive(Debug, Clone)]
pub struct Found {
    pub listing: Map<String, Value>,
    pub info: Option<Map<String, Value>>,
    /// The listings' answer's.
    pub latency_ms: f64,
    pub warnings: Vec<String>,
}

/// An answer's `Result` (`null` where it has none): the envelope read, the backend's
/// refusals made errors that say which option to check. `what` names the request; `username` the account; `given`: the
/// grant is the user's (the option `token`).
pub fn answer(reply: &HttpReply, what: &str, username: &str, given: bool) -> Result<Value> {
    let excerpt = || crate::http::excerpt(&reply.body);
    let envelope = match serde_json::from_slice::<Value>(&reply.body) {
        Ok(Value::Object(e)) => e,
        _ => {
            return Err(match &reply.refused {
                Some(e) => e.clone().with_text(excerpt()),
                None => Error::new(
                    ErrorCode::WrongProtocol,
                    format!("{what} answered what is not the backend's JSON envelope"),
                )
                .with_text(excerpt()),
            })
        }
    };
    let message = text(&envelope, "Message").unwrap_or_default();
    let http = reply.refused.as_ref().and_then(|e| e.http_status);
    let status = integer_or_text(&envelope, "Status")
        .or(http.map(i64::from))
        .unwrap_or(200);
    let lower = message.to_ascii_lowercase();
    let account = crate::error::quoted(username);
    if lower.starts_with("access grant not issued") || lower == "user not found" {
        let why = if lower.ends_with("user not found") {
            format!("Hawakening has no account {account}: the option username is the account's e-mail address, not its callsign")
        } else if lower.ends_with("incorrect password") {
            format!("Hawakening refused the password for {account} (Incorrect password): check the option password")
        } else {
            format!(
                "Hawakening issued no access grant for {account} ({message}): check the options username and password"
            )
        };
        return Err(Error::new(ErrorCode::Auth, why));
    }
    if status == 401 || status == 403 {
        let why = match given {
            true => format!("Hawakening refused the access grant in the option token at {what} ({message}): it is expired or revoked; sign in with password instead"),
            false => format!("Hawakening refused the access grant it issued for {account} at {what} ({message})"),
        };
        return Err(Error::new(ErrorCode::Auth, why));
    }
    if status != 200 || reply.refused.is_some() {
        let e = reply
            .refused
            .clone()
            .unwrap_or_else(|| Error::new(ErrorCode::HttpStatus, format!("{what} answered Status {status}")));
        let told = if message.is_empty() {
            String::new()
        } else {
            format!(" ({message})")
        };
        return Err(Error {
            message: format!("{}{told}", e.message),
            ..e
        });
    }
    // What a `Result` must hold is each step's to check (the sign-out's has none).
    Ok(envelope.get("Result").cloned().unwrap_or(Value::Null))
}

/// The listing of the server `guid` among the listings' `Result`.
pub fn listing(listings: &Value, guid: &str) -> Result<Map<String, Value>> {
    let Some(all) = listings.as_array() else {
        return Err(Error::new(
            ErrorCode::WrongProtocol,
            "GET gameServerListings answered no list in its Result",
        ));
    };
    let found = all
        .iter()
        .filter_map(Value::as_object)
        .find(|l| text(l, "Guid").is_some_and(|g| g.eq_ignore_ascii_case(guid)));
    match found {
        Some(l) => Ok(l.clone()),
        None => Err(Error::new(
            ErrorCode::NotListed,
            format!(
                "Hawakening lists {} servers, none with Guid {guid}: the server is down, or the Guid is not its listing's",
                all.len()
            ),
        )),
    }
}

/// The listing's players, as `Guid`s.
fn users(listing: &Map<String, Value>) -> usize {
    listing.get("Users").and_then(Value::as_array).map_or(0, Vec::len)
}

/// Whether the server is full: matchmaking then assigns no address (the backend answers
/// 500), so it is not asked (gamedig's rule: as many users as `MaxUsers`).
pub fn full(listing: &Map<String, Value>) -> bool {
    let max = integer_or_text(listing, "MaxUsers").unwrap_or(0);
    i64::try_from(users(listing)).unwrap_or(i64::MAX) >= max
}

pub fn status(found: Found) -> Status<HawakeningQueryResult> {
    let l = &found.listing;
    let password = l
        .get("DeveloperData")
        .and_then(Value::as_object)
        .and_then(|d| text(d, "PasswordHash"))
        .is_some_and(|h| !h.is_empty());
    let online = count(i64::try_from(users(l)).unwrap_or(i64::MAX));
    let max = integer_or_text(l, "MaxUsers").map_or(0, count);
    let info = found.info.as_ref();
    let ip = info
        .and_then(|i| text(i, "AssignedServerIp"))
        .filter(|ip| !ip.is_empty());
    let port = info
        .and_then(|i| integer_or_text(i, "AssignedServerPort"))
        .and_then(|p| u16::try_from(p).ok());
    let known_ = Known {
        name: text(l, "ServerName").unwrap_or_default().trim().to_string(),
        map: text(l, "Map").and_then(known),
        mode: text(l, "GameType").and_then(known),
        version: text(l, "GameVersion").and_then(known),
        password,
        players: StatusPlayers::new(online, max, vec![]),
        ping_ms: Some(found.latency_ms),
        ..Known::default()
    };
    let connect = match (ip, port) {
        (Some(ip), Some(port)) if port > 0 => crate::status::join(ip, port),
        _ => String::new(),
    };
    let mut status = Status::new(
        known_,
        HawakeningQueryResult {
            listing: found.listing,
            info: found.info,
            warnings: found.warnings,
        },
    );
    status.connect = connect;
    status
}

/// What `raw` holds (its TypeScript shape).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "HawakeningQueryResult")]
pub struct HawakeningReply {
    /// The server's listing, as `gameServerListings` gives it.
    pub listing: HawakeningListing,
    /// The matchmaking advertisement (`AssignedServerIp`, `AssignedServerPort` …); `null`
    /// where none was asked (a full server) or it failed (see `warnings`).
    #[ts(type = "({ AssignedServerIp?: string, AssignedServerPort?: number } & Record<string, unknown>) | null")]
    pub info: (),
    /// What failed after the listings (the advertisement, the logout).
    pub warnings: Vec<String>,
}

/// A server's listing, as the backend writes it (the schema in gamedig's
/// `hawakeningmaster.js`).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "HawakeningListing", optional_fields)]
#[allow(non_snake_case)] // The API's own names.
pub struct HawakeningListing {
    pub Guid: String,
    pub ServerName: String,
    pub Map: String,
    /// The mode (`HawkenTDM` …).
    pub GameType: String,
    pub GameVersion: String,
    /// `Asia`, `Europe`, `North-America` or `Oceania`.
    pub Region: String,
    pub MaxUsers: f64,
    pub MinUsers: f64,
    /// The players' `Guid`s.
    pub Users: Vec<String>,
    /// `PasswordHash` (set: a password), `MatchState`, `AveragePilotLevel` …
    #[ts(type = "{ PasswordHash?: string } & Record<string, string>")]
    pub DeveloperData: (),
    pub MatchId: String,
    pub MatchCompletionPercent: f64,
    pub IsPublicVisible: bool,
    pub IsMatchmakingVisible: bool,
    pub LastUpdate: String,
    pub Status: f64,
    pub ServerRanking: f64,
    pub ServerScore: String,
    pub VoiceChannelListing: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn reply(status: u16, body: Value) -> HttpReply {
        HttpReply {
            status,
            body: body.to_string().into_bytes(),
            latency_ms: 2.0,
            refused: (status != 200).then(|| {
                Error::new(ErrorCode::HttpStatus, format!("GET x answered HTTP {status}")).with_http(status, None)
            }),
        }
    }

    #[test]
    fn the_envelope_and_the_refusals_that_name_an_option() {
        let ok = reply(200, json!({"Status": 200, "Message": "Listings found", "Result": [1]}));
        assert_eq!(
            answer(&ok, "GET gameServerListings", "a@b.c", false).unwrap(),
            json!([1])
        );
        let wrong = reply(
            200,
            json!({"Status": 400, "Message": "Access Grant Not Issued: Incorrect password", "Result": null}),
        );
        let e = answer(&wrong, "POST", "a@b.c", false).unwrap_err();
        assert_eq!(e.code, ErrorCode::Auth);
        assert!(e.message.contains("check the option password"), "{}", e.message);
        let nobody = reply(
            404,
            json!({"Status": 404, "Message": "Access Grant Not Issued: User not found"}),
        );
        assert!(answer(&nobody, "POST", "Ace", false)
            .unwrap_err()
            .message
            .contains("not its callsign"));
        let expired = reply(401, json!({"Status": 401, "Message": "Unauthorized"}));
        let e = answer(&expired, "GET gameServerListings", "a@b.c", true).unwrap_err();
        assert_eq!(e.code, ErrorCode::Auth);
        assert!(e.message.contains("option token"), "{}", e.message);
        let failed = reply(500, json!({"Status": 500, "Message": "Server full"}));
        let e = answer(&failed, "POST ads", "a@b.c", false).unwrap_err();
        assert_eq!(
            (e.code, e.message.as_str()),
            (ErrorCode::HttpStatus, "GET x answered HTTP 500 (Server full)")
        );
        let html = HttpReply {
            status: 200,
            body: b"<html>".to_vec(),
            latency_ms: 1.0,
            refused: None,
        };
        assert_eq!(
            answer(&html, "GET", "u", false).unwrap_err().code,
            ErrorCode::WrongProtocol
        );
        let revoked = reply(200, json!({"Status": 200, "Message": "AccessGrant Revoked"}));
        assert_eq!(answer(&revoked, "PUT", "u", false).unwrap(), Value::Null);
    }

    #[test]
    fn the_listing_by_guid_and_its_status() {
        let all = serde_json::from_str::<Value>(include_str!("sample.json")).unwrap();
        let guid = all[0]["Guid"].as_str().unwrap().to_ascii_uppercase();
        let l = listing(&all, &guid).unwrap();
        assert!(!full(&l));
        let s = status(Found {
            listing: l,
            info: Some(
                json!({"AssignedServerIp": "203.0.113.7", "AssignedServerPort": 7777})
                    .as_object()
                    .unwrap()
                    .clone(),
            ),
            latency_ms: 3.0,
            warnings: vec![],
        });
        assert_eq!(
            (
                s.name.as_str(),
                s.map.as_deref(),
                s.mode.as_deref(),
                s.password,
                s.players.online,
                s.players.max
            ),
            (
                "gamequery demo — Hawakening ✓",
                Some("VS-Alleys"),
                Some("HawkenTDM"),
                false,
                3,
                12
            )
        );
        assert_eq!(s.connect, "203.0.113.7:7777");
        let locked = listing(&all, all[1]["Guid"].as_str().unwrap()).unwrap();
        assert!(full(&locked));
        let s = status(Found {
            listing: locked,
            info: None,
            latency_ms: 1.0,
            warnings: vec!["x".into()],
        });
        assert!(s.password);
        assert_eq!((s.connect.as_str(), s.raw.warnings.len()), ("", 1));
        let e = listing(&all, "00000000-0000-0000-0000-000000000000").unwrap_err();
        assert_eq!(e.code, ErrorCode::NotListed);
        assert_eq!(listing(&json!({}), "x").unwrap_err().code, ErrorCode::WrongProtocol);
    }
}
