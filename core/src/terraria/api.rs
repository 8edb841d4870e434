//! `/v2/server/status` as TShock answers it: always HTTP 200, the outcome in the body's
//! `status` (a string: `"200"`, `"401"` without the token an endpoint wants, `"403"` with
//! one it does not know, `"404"`, `"500"`) beside `error`; on success `name`,
//! `serverversion`, `tshockversion`, `port`, `playercount`, `maxplayers`, `world`,
//! `uptime` (`d.hh:mm:ss`), `serverpassword`, and `players` / `rules` when asked.

use serde_json::{Map, Value};

use crate::error::{Error, ErrorCode, Result};

pub const PATH: &str = "/v2/server/status";

/// The body read at most: 255 players' rows of ~120 bytes, indented.
pub const MAX_BODY: usize = 256 << 10;

/// The reply as an object whose `status` is 200.
pub fn read(body: &[u8]) -> Result<Map<String, Value>> {
    let reply = crate::http::object::object(body, PATH)?;
    let status = match reply.get("status") {
        Some(Value::String(s)) => s.trim().to_string(),
        Some(Value::Number(n)) => n.to_string(),
        _ => {
            return Err(Error::new(
                ErrorCode::WrongProtocol,
                format!("{PATH} answered JSON without TShock's status: not a TShock REST API"),
            ))
        }
    };
    let error = reply.get("error").and_then(Value::as_str).unwrap_or_default();
    let said = if error.is_empty() {
        String::new()
    } else {
        format!(" ({error})")
    };
    match status.as_str() {
        "200" => Ok(reply),
        "401" | "403" => Err(Error::new(
            ErrorCode::Auth,
            format!("TShock answered status {status}{said}: give a REST token of a user allowed the API as the option token"),
        )),
        "404" => Err(Error::new(
            ErrorCode::WrongProtocol,
            format!("TShock answered status 404{said}: this TShock has no {PATH}"),
        )),
        other => Err(Error::new(ErrorCode::Network, format!("TShock answered status {other}{said}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_in_the_body_decides() {
        let ok = read(br#"{"status":"200","name":"T","playercount":1}"#).unwrap();
        assert_eq!(ok["name"], "T");
        let e = read(br#"{"status":"401","error":"Not authorized. The specified API endpoint requires a token."}"#)
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::Auth);
        assert!(
            e.message.contains("requires a token.): give a REST token"),
            "{}",
            e.message
        );
        assert_eq!(read(br#"{"status":"403"}"#).unwrap_err().code, ErrorCode::Auth);
        assert_eq!(
            read(br#"{"status":"404","error":"x"}"#).unwrap_err().code,
            ErrorCode::WrongProtocol
        );
        assert_eq!(read(br#"{"status":"500"}"#).unwrap_err().code, ErrorCode::Network);
        assert_eq!(read(br#"{"name":"x"}"#).unwrap_err().code, ErrorCode::WrongProtocol);
        assert_eq!(read(b"[1]").unwrap_err().code, ErrorCode::Malformed);
        assert_eq!(read(b"<html>").unwrap_err().code, ErrorCode::BadJson);
    }
}
