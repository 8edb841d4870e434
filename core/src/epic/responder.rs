//! `serve('epic', state)`: Epic's API as a query meets it, from a state (a session, or the
//! sessions, as the filter gives them): a token for any client (the device id's too), and
//! the filter, for that token, answering every session of the state (the address asked is
//! in the request's body, which this responder does not read: the client checks `ADDRESS_s`).
//! Entries of Wildcard's ARK lists in the state (with an `IP`) are served as those lists, at
//! any path ending in their names: `IsOfficial` set in the official one, else the other.

use serde_json::{json, Value};

use super::{DEVICE_ID, TOKEN};
use crate::http::api::Api;
use crate::http::serve::{reply, Head};
use crate::http::vendor::{as_list, VendorState};

/// The token this responder issues, and wants at the filter.
pub const ISSUED: &str = "gamequery-eos-access";

#[derive(Debug)]
pub struct EpicServer {
    sessions: Vec<Value>,
    /// Wildcard's lists: official, unofficial.
    lists: [Vec<Value>; 2],
}

fn json(status: u16, body: &Value) -> Vec<u8> {
    reply(status, "application/json", body.to_string().as_bytes())
}

/// EOS's refusal, as its API writes one.
fn refused(status: u16, code: &str, message: &str) -> Vec<u8> {
    json(
        status,
        &json!({ "errorCode": code, "errorMessage": message, "numericErrorCode": 1001 }),
    )
}

impl Api for EpicServer {
    const STATE: &'static str = "EOS state";
    type State = VendorState;

    fn new(state: VendorState) -> Self {
        let (entries, sessions): (Vec<Value>, Vec<Value>) = as_list(&state.0)
            .into_iter()
            .partition(|v| v.get("IP").is_some() && v.get("attributes").is_none());
        let (official, unofficial) = entries.into_iter().partition(|e| super::ark::flag(e.get("IsOfficial")));
        Self {
            sessions,
            lists: [official, unofficial],
        }
    }

    fn answer(&self, head: &Head) -> Vec<u8> {
        let auth = head.header("authorization").unwrap_or_default();
        let filter = head.path.strip_prefix("/wildcard").unwrap_or(&head.path);
        let list = |k: usize| json(200, &Value::Array(self.lists[k].clone()));
        match (head.method.as_str(), head.path.as_str()) {
            ("GET", p) if p.ends_with(super::ark::List::Unofficial.path()) => list(1),
            ("GET", p) if p.ends_with(super::ark::List::Official.path()) => list(0),
            ("POST", TOKEN | DEVICE_ID) if auth.starts_with("Basic ") => {
                let token = if head.path == DEVICE_ID {
                    "gamequery-eos-device"
                } else {
                    ISSUED
                };
                json(
                    200,
                    &json!({ "access_token": token, "token_type": "bearer", "expires_in": 3599, "expires_at": "2099-01-01T00:00:00.000Z" }),
                )
            }
            ("POST", TOKEN | DEVICE_ID) => refused(
                401,
                "errors.com.epicgames.oauth.invalid_client",
                "Sorry the client credentials you are using are invalid",
            ),
            ("POST", _) if filter.starts_with("/matchmaking/v1/") && filter.ends_with("/filter") => {
                if auth != format!("Bearer {ISSUED}") {
                    return refused(
                        401,
                        "errors.com.epicgames.common.authentication.authentication_failed",
                        "Authentication failed",
                    );
                }
                json(200, &json!({ "sessions": self.sessions, "count": self.sessions.len() }))
            }
            _ => refused(
                404,
                "errors.com.epicgames.common.not_found",
                "Sorry the resource you were trying to find could not be found",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_for_any_client_and_the_sessions_for_the_token() {
        let server = EpicServer::new(VendorState(json!({"id": "s"})));
        let head = |method: &str, path: &str, auth: &str| match crate::http::serve::read_request(
            format!("{method} {path} HTTP/1.1\r\nAuthorization: {auth}\r\n\r\n").as_bytes(),
        ) {
            crate::http::serve::Read::Head(h) => h,
            other => panic!("{other:?}"),
        };
        let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
        assert!(text(server.answer(&head("POST", TOKEN, "Basic eDp5"))).contains(ISSUED));
        assert!(text(server.answer(&head("POST", TOKEN, "Bearer x"))).starts_with("HTTP/1.1 401"));
        let sessions = text(server.answer(&head(
            "POST",
            "/wildcard/matchmaking/v1/d/filter",
            &format!("Bearer {ISSUED}"),
        )));
        assert!(sessions.contains(r#""count":1"#), "{sessions}");
        assert!(
            text(server.answer(&head("POST", "/matchmaking/v1/d/filter", "Bearer other"))).starts_with("HTTP/1.1 401")
        );
    }
}
