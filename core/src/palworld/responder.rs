//! The server side, as Palworld's REST API answers: one request per connection, each
//! endpoint's body written once per state, `401` without the `admin` user's password when
//! the state has one (compared in constant time: a responder on a LAN is still asked by
//! strangers).

use serde_json::{json, Value};

use super::api::Endpoint;
use super::state::PalworldState;
use crate::http::api::Api;
use crate::http::serve::{reply, same_secret, Head};

#[derive(Debug)]
pub struct Responder {
    /// `Basic …` as a request must send it, when there is a password.
    authorization: Option<Vec<u8>>,
    info: Vec<u8>,
    players: Vec<u8>,
    metrics: Vec<u8>,
    settings: Vec<u8>,
}

impl Responder {
    pub fn new(state: PalworldState) -> Self {
        let authorization = state.password.as_ref().map(|p| {
            let encoded = base64_simd::STANDARD.encode_to_string(format!("admin:{p}").as_bytes());
            format!("Basic {encoded}").into_bytes()
        });
        let players: Vec<Value> = state
            .players
            .iter()
            .map(|p| {
                json!({
                    "name": p.name,
                    "accountName": p.account_name,
                    "playerId": p.player_id,
                    "userId": p.user_id,
                    "ip": p.ip,
                    "ping": p.ping,
                    "location_x": p.location_x,
                    "location_y": p.location_y,
                    "level": p.level,
                    "building_count": p.building_count,
                })
            })
            .collect();
        let settings = match serde_json::to_value(&state.settings) {
            Ok(Value::Object(o)) => Value::Object(o),
            _ => json!({ "ServerName": state.name, "ServerPlayerMaxNum": state.max_players }),
        };
        Self {
            authorization,
            info: json!({
                "version": state.version,
                "servername": state.name,
                "description": state.description,
                "worldguid": state.world_guid,
            })
            .to_string()
            .into_bytes(),
            players: json!({ "players": players }).to_string().into_bytes(),
            metrics: json!({
                "serverfps": state.fps,
                "currentplayernum": state.players.len(),
                "serverframetime": state.frame_time,
                "maxplayernum": state.max_players,
                "uptime": state.uptime,
                "days": state.days,
                "basecampnum": state.base_camps,
            })
            .to_string()
            .into_bytes(),
            settings: settings.to_string().into_bytes(),
        }
    }
}

impl Api for Responder {
    const STATE: &'static str = "Palworld state";
    type State = PalworldState;

    fn new(state: PalworldState) -> Self {
        Responder::new(state)
    }

    fn answer(&self, head: &Head) -> Vec<u8> {
        if let Some(wanted) = &self.authorization {
            let given = head.header("Authorization").unwrap_or_default().trim().as_bytes();
            if !same_secret(given, wanted) {
                return reply(401, "text/plain", b"Unauthorized");
            }
        }
        if head.method != "GET" {
            return reply(405, "text/plain", b"");
        }
        let body = match head.path.as_str() {
            p if p == Endpoint::Info.path() => &self.info,
            p if p == Endpoint::Players.path() => &self.players,
            p if p == Endpoint::Metrics.path() => &self.metrics,
            p if p == Endpoint::Settings.path() => &self.settings,
            _ => return reply(404, "text/plain", b"Not Found"),
        };
        reply(200, "application/json", body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::palworld::state::PalworldPlayer;

    fn get(r: &Responder, request: &[u8]) -> (u16, Value) {
        let crate::http::serve::Read::Head(head) = crate::http::serve::read_request(request) else {
            panic!("a whole head")
        };
        let out = r.answer(&head);
        let status = std::str::from_utf8(&out[9..12]).unwrap().parse().unwrap();
        let at = out.windows(4).position(|w| w == b"\r\n\r\n").unwrap() + 4;
        (status, serde_json::from_slice(&out[at..]).unwrap_or(Value::Null))
    }

    #[test]
    fn endpoints_answer_with_the_password_and_only_with_it() {
        let r = Responder::new(PalworldState {
            name: "Pal".into(),
            version: "v0.3.11.64207".into(),
            max_players: 32,
            players: vec![PalworldPlayer {
                name: "Ana".into(),
                user_id: "steam_1".into(),
                ping: 12.5,
                ..Default::default()
            }],
            password: Some("s3cret".into()),
            ..Default::default()
        });
        // admin:s3cret
        let auth = "Authorization: Basic YWRtaW46czNjcmV0\r\n";
        let (status, body) = get(&r, format!("GET /v1/api/info HTTP/1.1\r\n{auth}\r\n").as_bytes());
        assert_eq!(
            (status, body["servername"].as_str(), body["version"].as_str()),
            (200, Some("Pal"), Some("v0.3.11.64207"))
        );
        let (_, body) = get(&r, format!("GET /v1/api/players HTTP/1.1\r\n{auth}\r\n").as_bytes());
        assert_eq!(
            (
                body["players"][0]["userId"].as_str(),
                body["players"][0]["ping"].as_f64()
            ),
            (Some("steam_1"), Some(12.5))
        );
        let (_, body) = get(&r, format!("GET /v1/api/metrics HTTP/1.1\r\n{auth}\r\n").as_bytes());
        assert_eq!(
            (body["currentplayernum"].as_u64(), body["maxplayernum"].as_u64()),
            (Some(1), Some(32))
        );
        assert_eq!(get(&r, b"GET /v1/api/info HTTP/1.1\r\n\r\n").0, 401);
        assert_eq!(
            get(
                &r,
                b"GET /v1/api/info HTTP/1.1\r\nAuthorization: Basic YWRtaW46eA==\r\n\r\n"
            )
            .0,
            401
        );
        assert_eq!(
            get(&r, format!("GET /v1/api/nope HTTP/1.1\r\n{auth}\r\n").as_bytes()).0,
            404
        );
        assert_eq!(
            get(&r, format!("POST /v1/api/info HTTP/1.1\r\n{auth}\r\n").as_bytes()).0,
            405
        );
    }
}
