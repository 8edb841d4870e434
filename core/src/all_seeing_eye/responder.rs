//! The server side: answers `s` with the state's `EYE1` reply, as MTA's server does. A
//! one-byte request gets a reply of kilobytes and the protocol has no handshake, so each
//! source address gets a budget of requests per second, which bounds what a spoofed source
//! can make it send. The reply is encoded once per state, not per request.

use std::net::SocketAddr;

use super::codec::{encode_state, AllSeeingEyeState};
use super::packets::{decode_request, STATUS};
use crate::error::Result;
use crate::limit::{Buckets, RateLimit};

#[derive(Debug)]
pub struct Responder {
    reply: Vec<u8>,
    limits: Buckets,
}

impl Responder {
    pub fn new(state: AllSeeingEyeState, limit: RateLimit) -> Result<Self> {
        Ok(Self {
            reply: encoded(&state)?,
            limits: Buckets::new(limit),
        })
    }

    /// What would not encode is refused when it is given, not at the first request.
    pub fn update(&mut self, state: AllSeeingEyeState) -> Result<()> {
        self.reply = encoded(&state)?;
        Ok(())
    }

    /// The reply to `datagram` from `source`, if it gets one: nothing for what is not the
    /// status request, or past the source's budget.
    pub fn handle(&mut self, now_ms: u64, source: SocketAddr, datagram: &[u8]) -> Option<Vec<u8>> {
        if decode_request(datagram).ok()? != STATUS || !self.limits.allow(now_ms, source.ip()) {
            return None;
        }
        Some(self.reply.clone())
    }
}

/// MTA writes UTF-8.
fn encoded(state: &AllSeeingEyeState) -> Result<Vec<u8>> {
    encode_state(state, |s| s.as_bytes().to_vec())
}
