//! The server side: answers `\status\` with every setting, player and team, `\info\`,
//! `\basic\` and `\rules\` with the settings, `\players\` with the players and teams, and
//! `\echo\x` with itself — chained words in one reply — split into numbered datagrams as
//! Unreal Engine 2 splits them (a new one past ~1,000 bytes, `\queryid\Q.P`, `\final\`
//! last), Q counting 1 to 100 per reply. A request of a few bytes gets kilobytes, with no
//! handshake: each source address gets a budget of requests per second.

use std::net::SocketAddr;

use super::packets::{decode_request, MAX_PARTS};
use super::state::{split, GameSpy1State};
use crate::error::{Error, Result};
use crate::limit::{Buckets, RateLimit};

/// UE2's `SendQueryPacket` starts a new datagram past this many bytes.
pub const PART_BUDGET: usize = 1000;

#[derive(Debug)]
pub struct Responder {
    /// The settings' pairs and the players' and teams', as written (UTF-8).
    rules: Vec<(Vec<u8>, Vec<u8>)>,
    players: Vec<(Vec<u8>, Vec<u8>)>,
    query: u32,
    limits: Buckets,
}

impl Responder {
    pub fn new(state: GameSpy1State, limit: RateLimit) -> Result<Self> {
        let mut r = Self {
            rules: vec![],
            players: vec![],
            query: 0,
            limits: Buckets::new(limit),
        };
        r.update(state)?;
        Ok(r)
    }

    /// What would not be sent is refused when it is given, not at the first request.
    pub fn update(&mut self, state: GameSpy1State) -> Result<()> {
        let rules = state.rules.0.len();
        let mut pairs = Vec::new();
        for (k, v) in state.pairs() {
            if k.eq_ignore_ascii_case("final") || k.eq_ignore_ascii_case("queryid") {
                return Err(Error::invalid(format!(
                    "{}: a key of the reply's own markers",
                    crate::error::quoted(&k)
                )));
            }
            if k.is_empty() || k.contains('\\') || v.contains('\\') {
                return Err(Error::invalid(format!(
                    "{}: a GameSpy key is not empty and neither holds a backslash, its separator",
                    crate::error::quoted(&k)
                )));
            }
            if k.len() + v.len() + 2 > PART_BUDGET {
                return Err(Error::invalid(format!(
                    "{} is over {PART_BUDGET} bytes with its value: no datagram of the reply holds it",
                    crate::error::quoted(&k)
                )));
            }
            pairs.push((k.into_bytes(), v.into_bytes()));
        }
        self.players = pairs.split_off(rules);
        self.rules = pairs;
        let parts = split(&[&self.rules[..], &self.players].concat(), 100, PART_BUDGET).len();
        if parts > MAX_PARTS as usize {
            return Err(Error::invalid(format!(
                "the status fills {parts} datagrams; a reply has at most {MAX_PARTS}"
            )));
        }
        Ok(())
    }

    /// The reply's datagrams to `datagram` from `source`: none for what is no request of
    /// ours, or past the source's budget.
    pub fn handle(&mut self, now_ms: u64, source: SocketAddr, datagram: &[u8]) -> Vec<Vec<u8>> {
        let Ok(words) = decode_request(datagram) else {
            return vec![];
        };
        // Each section once however often it is asked: 31 chained `\status\` in one request
        // must not draw 31 replies' worth.
        let (mut rules, mut players, mut echo) = (false, false, None);
        for (word, value) in words {
            match word {
                b"status" => (rules, players) = (true, true),
                b"info" | b"basic" | b"rules" => rules = true,
                b"players" => players = true,
                b"echo" => echo = Some(value),
                _ => {}
            }
        }
        let mut pairs: Vec<(Vec<u8>, Vec<u8>)> = Vec::new();
        if rules {
            pairs.extend(self.rules.iter().cloned());
        }
        if players {
            pairs.extend(self.players.iter().cloned());
        }
        if let Some(value) = echo {
            pairs.push((b"echo".to_vec(), value.to_vec()));
        }
        if pairs.is_empty() || !self.limits.allow(now_ms, source.ip()) {
            return vec![];
        }
        self.query = self.query % 100 + 1;
        split(&pairs, self.query, PART_BUDGET)
    }
}
