//! The dedicated server's HTTPS API as far as a status needs it (the game's
//! DedicatedServerAPIDocs.md): `POST /api/v1` with `{ function, data }` as JSON on the
//! game's port, over TLS. `PasswordlessLogin` gives a Client token where the server has
//! no client password; `QueryServerState` (with `Authorization: Bearer <token>`) the
//! session, the counts and the tick rate. Replies are `{ data }`, or `{ errorCode,
//! errorMessage }` when a function fails. The responder's side answers both from a state.

use serde::Serialize;
use serde_json::Value;

use crate::error::{Error, ErrorCode, Result};
use crate::http::serve::{reply, Head};
use crate::input::{At, Input, Obj};
use crate::json::Json;

pub const PATH: &str = "/api/v1";
/// A reply is a small object: past this it is no status.
pub const MAX_REPLY: usize = 64 * 1024;
/// A request's body, read by the responder, at most.
pub const MAX_REQUEST: usize = 16 * 1024;
pub const LOGIN: &str = "PasswordlessLogin";
pub const QUERY_STATE: &str = "QueryServerState";

/// A function's request body.
pub fn request(function: &str) -> Vec<u8> {
    let data = if function == LOGIN {
        serde_json::json!({ "MinimumPrivilegeLevel": "Client" })
    } else {
        serde_json::json!({})
    };
    serde_json::json!({ "function": function, "data": data })
        .to_string()
        .into_bytes()
}

/// `QueryServerState`'s `serverGameState`: what the server runs now.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SatisfactoryServerGameState"))]
pub struct ServerGameState {
    /// The session (save) loaded; empty when none is.
    pub active_session_name: String,
    pub num_connected_players: u32,
    pub player_limit: u32,
    pub tech_tier: u32,
    /// The milestone being worked on (an asset path), empty when none is.
    pub active_schematic: String,
    /// The space elevator's phase (an asset path).
    pub game_phase: String,
    pub is_game_running: bool,
    /// Seconds played in the session.
    pub total_game_duration: u64,
    pub is_game_paused: bool,
    /// Ticks per second, averaged (30 at most).
    pub average_tick_rate: f64,
    /// The session loaded when the server starts.
    pub auto_load_session_name: String,
}

impl ServerGameState {
    /// Its fields from `o`, each defaulted when absent; others are left in `o`.
    fn take(o: &mut Obj<'_>) -> Result<Self> {
        Ok(Self {
            active_session_name: o.or_else("activeSessionName", String::new)?,
            num_connected_players: o.or_else("numConnectedPlayers", || 0)?,
            player_limit: o.or_else("playerLimit", || 0)?,
            tech_tier: o.or_else("techTier", || 0)?,
            active_schematic: o.or_else("activeSchematic", String::new)?,
            game_phase: o.or_else("gamePhase", String::new)?,
            is_game_running: o.or_else("isGameRunning", || false)?,
            total_game_duration: o.or_else("totalGameDuration", || 0)?,
            is_game_paused: o.or_else("isGamePaused", || false)?,
            average_tick_rate: o.or_else("averageTickRate", || 0.0)?,
            auto_load_session_name: o.or_else("autoLoadSessionName", String::new)?,
        })
    }
}

/// As a state to serve: every field checked, none unknown.
impl Input for ServerGameState {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let s = Self::take(&mut o)?;
        o.deny_unknown()?;
        Ok(s)
    }
}

/// A reply's `data` for `function`; its `errorCode` as an error naming the function.
fn data(function: &str, body: &[u8]) -> Result<Value> {
    let value: Value = serde_json::from_slice(body).map_err(|e| {
        let shown = crate::http::excerpt(body);
        Error::new(ErrorCode::BadJson, format!("{function} answered no JSON: {e}")).with_text(shown)
    })?;
    if let Some(code) = value.get("errorCode").and_then(Value::as_str) {
        let message = value.get("errorMessage").and_then(Value::as_str).unwrap_or("");
        let code_of = match code {
            "passwordless_login_not_possible" | "invalid_token" | "insufficient_scope" => ErrorCode::Auth,
            _ => ErrorCode::Malformed,
        };
        let said = if message.is_empty() {
            String::new()
        } else {
            format!(" ({message})")
        };
        return Err(Error::new(code_of, format!("{function} failed: {code}{said}")));
    }
    match value.get("data") {
        Some(data @ Value::Object(_)) => Ok(data.clone()),
        _ => Err(Error::new(
            ErrorCode::Malformed,
            format!("{function} answered no data object"),
        )),
    }
}

/// `PasswordlessLogin`'s token.
pub fn token(body: &[u8]) -> Result<String> {
    match data(LOGIN, body)?.get("authenticationToken").and_then(Value::as_str) {
        // Into a header: printable ASCII only.
        Some(t) if !t.is_empty() && t.len() <= 4096 && t.bytes().all(|b| b.is_ascii_graphic()) => Ok(t.to_string()),
        _ => Err(Error::new(
            ErrorCode::Malformed,
            format!("{LOGIN} answered no usable authenticationToken"),
        )),
    }
}

/// `QueryServerState`'s `serverGameState`; fields a newer server adds are left out.
pub fn game_state(body: &[u8]) -> Result<ServerGameState> {
    let data = data(QUERY_STATE, body)?;
    let state = data.get("serverGameState").ok_or_else(|| {
        Error::new(
            ErrorCode::Malformed,
            format!("{QUERY_STATE} answered no serverGameState"),
        )
    })?;
    let mut o = Obj::new(Json::from_value(state), At::root("serverGameState"))?;
    ServerGameState::take(&mut o)
}

/// What the responder's API accepts.
#[derive(Debug, Clone)]
pub struct Access {
    /// The token `PasswordlessLogin` gives, when it is possible (no client password).
    pub client_token: Option<String>,
    /// An API token (`server.GenerateAPIToken`) accepted besides.
    pub api_token: Option<String>,
}

/// The responder's reply to one request.
pub fn answer(head: &Head, body: &[u8], state: &ServerGameState, access: &Access) -> Vec<u8> {
    let json =
        |status: u16, value: Value| reply(status, "application/json;charset=utf-8", value.to_string().as_bytes());
    let error = |status: u16, code: &str, message: &str| {
        json(
            status,
            serde_json::json!({ "errorCode": code, "errorMessage": message }),
        )
    };
    if head.path.trim_end_matches('/') != PATH {
        return error(404, "not_found", "no such path");
    }
    if head.method != "POST" {
        return error(405, "method_not_allowed", "functions are called with POST");
    }
    let function = serde_json::from_slice::<Value>(body)
        .ok()
        .and_then(|v| v.get("function").and_then(Value::as_str).map(str::to_string));
    match function.as_deref() {
        Some(LOGIN) => match &access.client_token {
            Some(token) => json(200, serde_json::json!({ "data": { "authenticationToken": token } })),
            None => error(
                401,
                "passwordless_login_not_possible",
                "Passwordless login is not possible: the server has a client password",
            ),
        },
        Some(QUERY_STATE) => {
            let given = head
                .header("authorization")
                .and_then(|v| v.strip_prefix("Bearer "))
                .map(str::trim);
            let allowed = [&access.client_token, &access.api_token]
                .into_iter()
                .flatten()
                .any(|t| given.is_some_and(|g| crate::http::serve::same_secret(g.as_bytes(), t.as_bytes())));
            if !allowed {
                return error(401, "invalid_token", "The token is missing or not valid");
            }
            json(200, serde_json::json!({ "data": { "serverGameState": state } }))
        }
        Some(_) => error(404, "unknown_function", "no such function"),
        None => error(400, "invalid_request", "the body is no { function, data } object"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::serve::{read_request, Read};

    fn head(text: &str) -> Head {
        match read_request(text.as_bytes()) {
            Read::Head(h) => h,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn replies_read_as_the_docs_give_them() {
        assert_eq!(
            token(br#"{"data":{"authenticationToken":"eyJwbCI6IkNMSUVOVCJ9.AB12"}}"#).unwrap(),
            "eyJwbCI6IkNMSUVOVCJ9.AB12"
        );
        let e = token(
            br#"{"errorCode":"passwordless_login_not_possible","errorMessage":"Passwordless login not possible"}"#,
        )
        .unwrap_err();
        assert_eq!(
            (e.code, e.message.as_str()),
            (
                ErrorCode::Auth,
                "PasswordlessLogin failed: passwordless_login_not_possible (Passwordless login not possible)"
            )
        );
        assert_eq!(
            token(br#"{"data":{"authenticationToken":"a\nb"}}"#).unwrap_err().code,
            ErrorCode::Malformed
        );
        let s = game_state(br#"{"data":{"serverGameState":{"activeSessionName":"Base","numConnectedPlayers":2,"playerLimit":4,"techTier":3,"averageTickRate":29.5,"isGameRunning":true,"newerField":1}}}"#).unwrap();
        assert_eq!(
            (
                s.active_session_name.as_str(),
                s.num_connected_players,
                s.player_limit,
                s.tech_tier
            ),
            ("Base", 2, 4, 3)
        );
        assert_eq!(
            (s.average_tick_rate, s.is_game_running, s.is_game_paused),
            (29.5, true, false)
        );
        assert_eq!(game_state(b"<html>").unwrap_err().code, ErrorCode::BadJson);
        assert_eq!(
            game_state(br#"{"data":{}}"#).unwrap_err().message,
            "QueryServerState answered no serverGameState"
        );
        let wrong = game_state(br#"{"data":{"serverGameState":{"playerLimit":-1}}}"#).unwrap_err();
        assert!(wrong.message.contains("playerLimit"), "{}", wrong.message);
        assert_eq!(
            String::from_utf8(request(LOGIN)).unwrap(),
            r#"{"function":"PasswordlessLogin","data":{"MinimumPrivilegeLevel":"Client"}}"#
        );
    }

    #[test]
    fn the_responder_logs_in_and_answers_with_a_token_only() {
        let state = ServerGameState {
            num_connected_players: 1,
            player_limit: 4,
            ..Default::default()
        };
        let access = Access {
            client_token: Some("c.1".into()),
            api_token: Some("api".into()),
        };
        let post = head("POST /api/v1/ HTTP/1.1\r\n\r\n");
        let body = |r: &[u8]| {
            String::from_utf8_lossy(r)
                .split("\r\n\r\n")
                .nth(1)
                .unwrap_or("")
                .to_string()
        };
        assert_eq!(
            token(body(&answer(&post, &request(LOGIN), &state, &access)).as_bytes()).unwrap(),
            "c.1"
        );
        let refused = answer(&post, &request(QUERY_STATE), &state, &access);
        assert!(refused.starts_with(b"HTTP/1.1 401"));
        for t in ["c.1", "api"] {
            let asked = head(&format!("POST /api/v1 HTTP/1.1\r\nAuthorization: Bearer {t}\r\n\r\n"));
            let got = game_state(body(&answer(&asked, &request(QUERY_STATE), &state, &access)).as_bytes()).unwrap();
            assert_eq!(got, state);
        }
        let closed = Access {
            client_token: None,
            api_token: None,
        };
        assert!(answer(&post, &request(LOGIN), &state, &closed).starts_with(b"HTTP/1.1 401"));
        assert!(answer(&head("GET /api/v1 HTTP/1.1\r\n\r\n"), b"", &state, &access).starts_with(b"HTTP/1.1 405"));
        assert!(answer(&head("POST / HTTP/1.1\r\n\r\n"), b"", &state, &access).starts_with(b"HTTP/1.1 404"));
        assert!(answer(&post, b"nope", &state, &access).starts_with(b"HTTP/1.1 400"));
    }
}
