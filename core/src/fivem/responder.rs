//! The server side, as FXServer answers on its one port: datagrams (`getinfo`, and
//! `getstatus` when the state enables it) and HTTP connections (`/info.json`,
//! `/dynamic.json`, `/players.json`; one request per connection, then closed). `getinfo`
//! echoes the challenge as FXServer does — the data up to a space or line end, a NUL
//! included — and each source address gets a budget of requests per second, which bounds
//! what a spoofed source can make it send. The bodies are written once per state.

use std::net::SocketAddr;

use serde_json::{json, Map, Value};

use super::packets::{read_request, FivemResponse, FivemStatusPlayer};
use super::state::FivemState;
use crate::error::Result;
use crate::http::serve::{closing, reply, request_of};
use crate::idtech::Info;
use crate::idtech::OOB;
use crate::limit::{Buckets, RateLimit};
use crate::spec::serve::{Stream, StreamOutput};

#[derive(Debug)]
pub struct Responder {
    state: FivemState,
    limits: Buckets,
    /// `sv_infoVersion`: changes with `/info.json`'s content.
    iv: i64,
    info: Vec<u8>,
    dynamic: Vec<u8>,
    players: Vec<u8>,
    anonymised: Vec<u8>,
}

/// `sv_infoVersion` of an `/info.json`: a CRC-32 of it as a signed 32-bit number (FXServer's
/// `iv` is one), with the `crc` crate A2S already uses.
fn version(bytes: &[u8]) -> i64 {
    const CRC32: crc::Crc<u32, crc::NoTable> = crc::Crc::<u32, crc::NoTable>::new(&crc::CRC_32_ISO_HDLC);
    i64::from(CRC32.checksum(bytes) as i32)
}

impl Responder {
    pub fn new(state: FivemState, limit: RateLimit) -> Self {
        let mut r = Self {
            state: FivemState::default(),
            limits: Buckets::new(limit),
            iv: 0,
            info: vec![],
            dynamic: vec![],
            players: vec![],
            anonymised: vec![],
        };
        r.update(state);
        r
    }

    pub fn update(&mut self, state: FivemState) {
        let vars: Map<String, Value> = state
            .vars
            .0
            .iter()
            .map(|(k, v)| (k.clone(), Value::from(v.as_str())))
            .collect();
        let mut info = json!({
            "enhancedHostSupport": true,
            "requestSteamTicket": "unset",
            "resources": state.resources,
            "server": state.server,
            "vars": vars,
        });
        if let Some(icon) = &state.icon {
            info["icon"] = Value::from(icon.as_str());
        }
        self.iv = version(info.to_string().as_bytes());
        info["version"] = Value::from(self.iv);
        self.info = info.to_string().into_bytes();
        // As FXServer writes it: `clients` a number, `iv` and `sv_maxclients` strings.
        self.dynamic = json!({
            "clients": state.players.len(),
            "gametype": state.gametype,
            "hostname": state.hostname,
            "iv": self.iv.to_string(),
            "mapname": state.mapname,
            "sv_maxclients": state.max_clients.to_string(),
        })
        .to_string()
        .into_bytes();
        self.players = serde_json::to_vec(&state.players).unwrap_or_default();
        let anonymised: Vec<Value> = state
            .players
            .iter()
            .map(|_| json!({ "endpoint": "127.0.0.1", "id": 0, "identifiers": [], "name": "Player", "ping": 0 }))
            .collect();
        self.anonymised = Value::Array(anonymised).to_string().into_bytes();
        self.state = state;
    }

    /// The reply to `datagram` from `source`, if it gets one.
    pub fn handle(&mut self, now_ms: u64, source: SocketAddr, datagram: &[u8]) -> Result<Option<Vec<u8>>> {
        let Ok((command, challenge)) = read_request(datagram) else {
            return Ok(None);
        };
        if (command == "getstatus" && !self.state.get_status) || !self.limits.allow(now_ms, source.ip()) {
            return Ok(None);
        }
        let s = &self.state;
        let (max, clients) = (s.max_clients.to_string(), s.players.len().to_string());
        if command == "getstatus" {
            let mut info = vec![
                ("sv_maxclients".to_string(), max),
                ("clients".to_string(), clients),
                ("sv_hostname".to_string(), s.hostname.clone()),
                ("gametype".to_string(), s.gametype.clone()),
                ("mapname".to_string(), s.mapname.clone()),
            ];
            info.extend(s.vars.0.iter().cloned());
            let response = FivemResponse {
                kind: "statusResponse".into(),
                info: crate::values::RuleList(info),
                players: s
                    .players
                    .iter()
                    .map(|p| FivemStatusPlayer {
                        name: p.name.clone(),
                        score: 0,
                        ping: p.ping.unwrap_or(0) as i32,
                    })
                    .collect(),
            };
            return response.encode().map(Some);
        }
        let iv = self.iv.to_string();
        let mut out = OOB.to_vec();
        out.extend_from_slice(b"infoResponse\n");
        Info::encode(&[pair("sv_maxclients", &max), pair("clients", &clients)], &mut out)?;
        // The echo as it came: a NUL in it (gamedig's) is not an infostring's character.
        out.extend_from_slice(b"\\challenge\\");
        out.extend_from_slice(challenge);
        Info::encode(
            &[
                pair("gamename", "CitizenFX"),
                pair("protocol", "4"),
                pair("hostname", &s.hostname),
                pair("gametype", &s.gametype),
                pair("mapname", &s.mapname),
                pair("iv", &iv),
            ],
            &mut out,
        )?;
        Ok(Some(out))
    }

    /// What a connection sent so far, answered once its request head is whole.
    pub fn handle_stream(&self, stream: &mut Stream, chunk: &[u8]) -> StreamOutput {
        let head = match request_of(stream, chunk) {
            Ok(head) => head,
            Err(now) => return now,
        };
        if head.method != "GET" {
            return closing(reply(405, "text/plain", b""));
        }
        let body: &[u8] = match head.path.as_str() {
            "/info.json" => &self.info,
            "/dynamic.json" => &self.dynamic,
            "/players.json" => {
                let given = head
                    .header("X-Players-Token")
                    .or_else(|| head.query.split('&').find_map(|q| q.strip_prefix("token=")));
                match &self.state.players_token {
                    Some(token) if given != Some(token.as_str()) => &self.anonymised,
                    _ => &self.players,
                }
            }
            _ => return closing(reply(404, "text/plain", b"Not Found")),
        };
        closing(reply(200, "application/json", body))
    }
}

/// An infostring pair of texts.
fn pair<'a>(key: &'a str, value: &'a str) -> (&'a [u8], &'a [u8]) {
    (key.as_bytes(), value.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fivem::endpoints::{read_info, read_players, FivemPlayer};
    use crate::fivem::packets::FivemResponse;

    fn responder() -> Responder {
        let state = FivemState {
            hostname: "^1Los ^7Santos 🚓".into(),
            gametype: "Roleplay".into(),
            mapname: "San Andreas".into(),
            max_clients: 64,
            players: vec![FivemPlayer {
                name: "Ana".into(),
                id: Some(3),
                ping: Some(41),
                identifiers: vec!["license:ab".into()],
                endpoint: Some("127.0.0.1".into()),
            }],
            resources: vec!["chat".into()],
            server: "FXServer-gamequery".into(),
            players_token: Some("s3cret".into()),
            ..Default::default()
        };
        Responder::new(state, RateLimit::default())
    }

    fn get(r: &Responder, request: &[u8]) -> (u16, Vec<u8>) {
        let mut stream: Stream = Box::<Vec<u8>>::default();
        let out = r.handle_stream(&mut stream, request);
        assert!(out.close);
        let text = out.write;
        let status = std::str::from_utf8(&text[9..12]).unwrap().parse().unwrap();
        let at = text.windows(4).position(|w| w == b"\r\n\r\n").unwrap() + 4;
        (status, text[at..].to_vec())
    }

    #[test]
    fn getinfo_echoes_as_fxserver_and_iv_is_the_info_version() {
        let mut r = responder();
        let from: SocketAddr = "127.0.0.1:5000".parse().unwrap();
        let reply = r.handle(0, from, b"\xff\xff\xff\xffgetinfo xxx\0").unwrap().unwrap();
        assert!(reply.starts_with(
            b"\xff\xff\xff\xffinfoResponse\n\\sv_maxclients\\64\\clients\\1\\challenge\\xxx\0\\gamename\\CitizenFX"
        ));
        let read = FivemResponse::decode(&reply).unwrap();
        let (_, info) = get(&r, b"GET /info.json HTTP/1.1\r\nHost: x\r\n\r\n");
        let version = read_info(&info).unwrap().version.unwrap();
        assert_eq!(read.info.get("iv"), Some(version.to_string().as_str()));
        // Over 8 bytes of data: dropped; getstatus: off unless enabled.
        assert_eq!(r.handle(0, from, b"\xff\xff\xff\xffgetinfo 123456789").unwrap(), None);
        assert_eq!(r.handle(0, from, b"\xff\xff\xff\xffgetstatus x").unwrap(), None);
    }

    #[test]
    fn http_routes_tokens_and_refusals() {
        let r = responder();
        let (status, body) = get(&r, b"GET /players.json HTTP/1.1\r\n\r\n");
        assert_eq!((status, read_players(&body).unwrap()[0].name.as_str()), (200, "Player"));
        let (_, body) = get(&r, b"GET /players.json HTTP/1.1\r\nX-Players-Token: s3cret\r\n\r\n");
        assert_eq!(read_players(&body).unwrap()[0].name, "Ana");
        let (_, body) = get(&r, b"GET /players.json?token=s3cret HTTP/1.1\r\n\r\n");
        assert_eq!(read_players(&body).unwrap()[0].ping, Some(41));
        assert_eq!(get(&r, b"GET /nope HTTP/1.1\r\n\r\n").0, 404);
        assert_eq!(get(&r, b"POST /info.json HTTP/1.1\r\n\r\n").0, 405);
        assert_eq!(get(&r, b"\x16\x03\x01 tls\r\n\r\n").0, 400);
        let mut stream: Stream = Box::<Vec<u8>>::default();
        assert_eq!(
            r.handle_stream(&mut stream, b"GET /info.json HT"),
            StreamOutput::default()
        );
    }
}
