//! The server side: answers each command as UE2 does — the info in one datagram, the rules
//! and the players in as many as they fill (a new one past ~1,000 bytes), the header its
//! state's version. A request of 5 bytes gets kilobytes with no handshake: each source
//! address gets a budget of requests per second.

use std::net::SocketAddr;

use super::codec::Unreal2State;
use super::packets::{decode_request, Body, Datagram, INFO, PLAYERS, RULES, RULES_AND_PLAYERS};
use crate::error::Result;
use crate::limit::{Buckets, RateLimit};

const PART_BUDGET: usize = 1000;

#[derive(Debug)]
pub struct Responder {
    info: Vec<u8>,
    rules: Vec<Vec<u8>>,
    players: Vec<Vec<u8>>,
    limits: Buckets,
}

/// `entries` as datagrams of `make`'s, each up to [`PART_BUDGET`] (one at least).
fn parts<T: Clone>(entries: &[T], make: impl Fn(Vec<T>) -> Datagram) -> Result<Vec<Vec<u8>>> {
    let mut out = Vec::new();
    let mut current: Vec<T> = Vec::new();
    for e in entries {
        current.push(e.clone());
        if make(current.clone()).encode()?.len() > PART_BUDGET && current.len() > 1 {
            let last = current.pop().expect("two at least");
            out.push(make(std::mem::take(&mut current)).encode()?);
            current.push(last);
        }
    }
    out.push(make(current).encode()?);
    Ok(out)
}

impl Responder {
    pub fn new(state: Unreal2State, limit: RateLimit) -> Result<Self> {
        let mut r = Self {
            info: vec![],
            rules: vec![],
            players: vec![],
            limits: Buckets::new(limit),
        };
        r.update(state)?;
        Ok(r)
    }

    /// What would not encode is refused when it is given, not at the first request.
    pub fn update(&mut self, state: Unreal2State) -> Result<()> {
        let version = state.version;
        self.info = Datagram {
            version,
            body: Body::Info(state.info.wire()?),
        }
        .encode()?;
        let mut rules = state.rules.0.clone();
        rules.extend(state.mutators.iter().map(|m| ("Mutator".to_string(), m.clone())));
        self.rules = parts(&rules, |r| Datagram {
            version,
            body: Body::Rules(r),
        })?;
        let players: Vec<_> = state.players.iter().map(|p| p.wire()).collect();
        let players = match players.is_empty() {
            true => vec![],
            false => parts(&players, |p| Datagram {
                version,
                body: Body::Players(p),
            })?,
        };
        // Our client takes at most 64 datagrams of them.
        if self.rules.len() + players.len() > super::exchange::MAX_PARTS {
            return Err(crate::error::Error::invalid(format!(
                "the rules and players fill {} datagrams; a reply has at most {}",
                self.rules.len() + players.len(),
                super::exchange::MAX_PARTS
            )));
        }
        self.players = players;
        Ok(())
    }

    /// The reply's datagrams to `datagram` from `source`: none for what is no request, or
    /// past the source's budget.
    pub fn handle(&mut self, now_ms: u64, source: SocketAddr, datagram: &[u8]) -> Vec<Vec<u8>> {
        let Ok((_, command)) = decode_request(datagram) else {
            return vec![];
        };
        if !self.limits.allow(now_ms, source.ip()) {
            return vec![];
        }
        match command {
            INFO => vec![self.info.clone()],
            RULES => self.rules.clone(),
            PLAYERS => self.players.clone(),
            RULES_AND_PLAYERS => self.rules.iter().chain(&self.players).cloned().collect(),
            _ => vec![],
        }
    }
}
