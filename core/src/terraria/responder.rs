//! The server side, as TShock's REST API answers `/v2/server/status`: always HTTP 200 and
//! indented JSON, the outcome in the body's `status` — `"401"` without the token the state
//! wants, `"403"` with another (compared in constant time), `"404"` for other paths;
//! `players` and `rules` when asked (`players=true`, `rules=true`), one request per
//! connection. The replies are written once per state.

use serde_json::{json, Value};

use super::api::PATH;
use super::state::TerrariaState;
use crate::http::api::Api;
use crate::http::serve::{reply, same_secret, Head};

#[derive(Debug)]
pub struct Responder {
    token: Option<String>,
    /// The reply without and with `players`, without and with `rules`.
    replies: [Vec<u8>; 4],
}

impl Responder {
    pub fn new(state: TerrariaState) -> Self {
        let players: Vec<Value> = state
            .players
            .iter()
            .map(|p| {
                json!({
                    "nickname": p.nickname, "username": p.username, "group": p.group,
                    "active": true, "state": 10, "team": p.team,
                })
            })
            .collect();
        let rules = serde_json::to_value(&state.rules).unwrap_or(Value::Null);
        let reply_with = |players_too: bool, rules_too: bool| {
            let mut o = json!({
                "status": "200",
                "name": state.name,
                "serverversion": state.server_version,
                "tshockversion": state.tshock_version,
                "port": state.port,
                "playercount": state.players.len(),
                "maxplayers": state.max_players,
                "world": state.world,
                "uptime": state.uptime,
                "serverpassword": state.password,
            });
            if players_too {
                o["players"] = Value::Array(players.clone());
            }
            if rules_too {
                o["rules"] = if rules.is_object() { rules.clone() } else { json!({}) };
            }
            serde_json::to_vec_pretty(&o).unwrap_or_default()
        };
        Self {
            replies: [
                reply_with(false, false),
                reply_with(true, false),
                reply_with(false, true),
                reply_with(true, true),
            ],
            token: state.token,
        }
    }
}

impl Api for Responder {
    const STATE: &'static str = "TShock state";
    type State = TerrariaState;

    fn new(state: TerrariaState) -> Self {
        Responder::new(state)
    }

    fn answer(&self, head: &Head) -> Vec<u8> {
        let parameter = |name: &str| {
            form_urlencoded::parse(head.query.as_bytes())
                .find(|(k, _)| k.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.into_owned())
        };
        let yes = |name: &str| parameter(name).is_some_and(|v| v.eq_ignore_ascii_case("true"));
        if head.path.trim_end_matches('/') != PATH {
            return rest(
                "404",
                "Specified API endpoint doesn't exist. Refer to the documentation for a list of valid endpoints.",
            );
        }
        if let Some(wanted) = &self.token {
            match parameter("token").as_deref() {
                None => return rest("401", "Not authorized. The specified API endpoint requires a token."),
                Some(given) if !same_secret(given.as_bytes(), wanted.as_bytes()) => {
                    return rest("403", "Not authorized. The specified API endpoint requires a token, but the provided token was not valid.")
                }
                Some(_) => {}
            }
        }
        let which = usize::from(yes("players")) + 2 * usize::from(yes("rules"));
        reply(200, "application/json; charset=utf-8", &self.replies[which])
    }
}

/// TShock's error object: HTTP 200, the status in the body.
fn rest(status: &str, error: &str) -> Vec<u8> {
    let body = serde_json::to_vec_pretty(&json!({ "status": status, "error": error })).unwrap_or_default();
    reply(200, "application/json; charset=utf-8", &body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terraria::state::TerrariaPlayerState;

    fn get(r: &Responder, target: &str) -> Value {
        let request = format!("GET {target} HTTP/1.1\r\nHost: x\r\n\r\n");
        let crate::http::serve::Read::Head(head) = crate::http::serve::read_request(request.as_bytes()) else {
            panic!("a whole head")
        };
        let out = r.answer(&head);
        assert!(out.starts_with(b"HTTP/1.1 200 OK\r\n"));
        let at = out.windows(4).position(|w| w == b"\r\n\r\n").unwrap() + 4;
        serde_json::from_slice(&out[at..]).unwrap()
    }

    #[test]
    fn statuses_in_the_body_as_tshock_writes_them() {
        let r = Responder::new(TerrariaState {
            name: "T".into(),
            max_players: 8,
            players: vec![TerrariaPlayerState {
                nickname: "Ana".into(),
                group: "default".into(),
                ..Default::default()
            }],
            token: Some("ABC".into()),
            ..Default::default()
        });
        assert_eq!(get(&r, "/v2/server/status")["status"], "401");
        assert_eq!(get(&r, "/v2/server/status?token=ABD")["status"], "403");
        let ok = get(&r, "/v2/server/status?players=true&token=ABC");
        assert_eq!(
            (
                ok["status"].as_str(),
                ok["playercount"].as_u64(),
                ok["players"][0]["nickname"].as_str()
            ),
            (Some("200"), Some(1), Some("Ana"))
        );
        assert!(ok.get("rules").is_none());
        assert!(get(&r, "/v2/server/status?token=ABC").get("players").is_none());
        assert_eq!(get(&r, "/status?token=ABC")["status"], "404");
    }
}
