//! The server side: answers `getInfo` (and ET:QW's `getInfoEx`) from a state, echoing the
//! challenge as dhewm3 does. A request of a dozen bytes gets a reply of kilobytes and the
//! protocol has no handshake, so each source address gets a budget of requests per second,
//! which bounds what a spoofed source can make it send.

use std::net::SocketAddr;

use super::codec::encode_state;
use super::packets::{Command, Dialect, Request};
use super::state::Doom3State;
use crate::error::Result;
use crate::limit::{Buckets, RateLimit};

#[derive(Debug)]
pub struct Responder {
    state: Doom3State,
    dialect: Dialect,
    limits: Buckets,
}

impl Responder {
    pub fn new(state: Doom3State, dialect: Dialect, limit: RateLimit) -> Result<Self> {
        Ok(Self {
            state: checked(state, dialect)?,
            dialect,
            limits: Buckets::new(limit),
        })
    }

    pub fn update(&mut self, state: Doom3State) -> Result<()> {
        self.state = checked(state, self.dialect)?;
        Ok(())
    }

    /// The reply to `datagram` from `source`, if it gets one: nothing for what is no
    /// request, `getInfoEx` to any game but ET:QW, or past the source's budget.
    pub fn handle(&mut self, now_ms: u64, source: SocketAddr, datagram: &[u8]) -> Option<Vec<u8>> {
        let request = Request::decode(datagram).ok()?;
        let extended = request.command == Command::GetInfoEx;
        if extended && self.dialect != Dialect::Etqw {
            return None;
        }
        if !self.limits.allow(now_ms, source.ip()) {
            return None;
        }
        let task_id = (self.dialect == Dialect::Etqw).then_some(0);
        encode_state(&self.state, self.dialect, extended, request.challenge, task_id, |s| {
            s.as_bytes().to_vec()
        })
        .ok()
    }
}

/// `state`, if it encodes in `dialect`: what would not is refused when it is given, not at
/// the first request.
fn checked(state: Doom3State, dialect: Dialect) -> Result<Doom3State> {
    encode_state(&state, dialect, true, 0, Some(0), |s| s.as_bytes().to_vec())?;
    Ok(state)
}
