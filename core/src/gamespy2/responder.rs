//! The server side: answers a request with the sections it asks for, echoing its id. A
//! 10-byte request gets a reply of up to kilobytes with no handshake, so each source address
//! gets a budget of requests per second.

use std::net::SocketAddr;

use super::codec::{GameSpy2Response, GameSpy2Table};
use super::packets::decode_request;
use super::state::{table, GameSpy2State, Kind};
use crate::error::Result;
use crate::limit::{Buckets, RateLimit};

#[derive(Debug)]
pub struct Responder {
    reply: GameSpy2Response,
    limits: Buckets,
}

fn response(state: GameSpy2State) -> Result<GameSpy2Response> {
    let as_table = |records: &[crate::values::RuleList], kind| {
        let (fields, rows) = table(records, kind);
        GameSpy2Table {
            fields,
            rows,
            counted: true,
        }
    };
    let reply = GameSpy2Response {
        id: 0,
        players: Some(as_table(&state.players, Kind::Players)),
        teams: Some(as_table(&state.teams, Kind::Teams)),
        // No settings: no section (an empty one reads back as none).
        server: Some(state.rules).filter(|r| !r.0.is_empty()),
        encoding: "utf-8".into(),
    };
    // What would not encode is refused when it is given, not at the first request.
    reply.encode_with(|s| s.as_bytes().to_vec())?;
    Ok(reply)
}

impl Responder {
    pub fn new(state: GameSpy2State, limit: RateLimit) -> Result<Self> {
        Ok(Self {
            reply: response(state)?,
            limits: Buckets::new(limit),
        })
    }

    pub fn update(&mut self, state: GameSpy2State) -> Result<()> {
        self.reply = response(state)?;
        Ok(())
    }

    /// The reply to `datagram` from `source`, if it gets one: nothing for what is no
    /// request, one asking for nothing, or past the source's budget.
    pub fn handle(&mut self, now_ms: u64, source: SocketAddr, datagram: &[u8]) -> Option<Vec<u8>> {
        let (id, s) = decode_request(datagram).ok()?;
        if !(s.server || s.players || s.teams) || !self.limits.allow(now_ms, source.ip()) {
            return None;
        }
        let full = &self.reply;
        let reply = GameSpy2Response {
            id,
            server: full.server.clone().filter(|_| s.server),
            players: full.players.clone().filter(|_| s.players),
            teams: full.teams.clone().filter(|_| s.teams),
            encoding: String::new(),
        };
        reply.encode_with(|s| s.as_bytes().to_vec()).ok()
    }
}
