//! The server side: answers a poll from a state, echoing the cookie. The reply is larger
//! than the 13-byte poll (its name alone may be kilobytes): each source address gets a
//! budget of polls per second, which bounds what a spoofed one can make it send.

use std::net::SocketAddr;

use super::packets::{SatisfactoryRequest, SatisfactoryResponse, SatisfactoryState, PROTOCOL_VERSION};
use crate::limit::{Buckets, RateLimit};

#[derive(Debug)]
pub struct Responder {
    state: SatisfactoryState,
    limits: Buckets,
}

impl Responder {
    pub fn new(state: SatisfactoryState, limit: RateLimit) -> Self {
        Self {
            state,
            limits: Buckets::new(limit),
        }
    }

    pub fn update(&mut self, state: SatisfactoryState) {
        self.state = state;
    }

    /// The reply to `datagram`, if it is a poll and its source has budget left.
    pub fn handle(&mut self, now_ms: u64, source: SocketAddr, datagram: &[u8]) -> Option<Vec<u8>> {
        let request = SatisfactoryRequest::decode(datagram).ok()?;
        if !self.limits.allow(now_ms, source.ip()) {
            return None;
        }
        let response = SatisfactoryResponse {
            cookie: request.cookie,
            protocol_version: PROTOCOL_VERSION,
            state: self.state.clone(),
        };
        response.encode().ok()
    }
}
