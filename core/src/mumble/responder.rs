//! The server side: answers both pings from a state, echoing the ident, as murmurd does. The
//! legacy reply (24 bytes) is twice its request (12): each source address gets a budget of
//! requests per second, which bounds what a spoofed one can make it send.

use std::net::SocketAddr;

use super::packets::{MumbleRequest, MumbleResponse, MumbleState};
use crate::limit::{Buckets, RateLimit};

#[derive(Debug)]
pub struct Responder {
    state: MumbleState,
    limits: Buckets,
}

impl Responder {
    pub fn new(state: MumbleState, limit: RateLimit) -> Self {
        Self {
            state,
            limits: Buckets::new(limit),
        }
    }

    pub fn update(&mut self, state: MumbleState) {
        self.state = state;
    }

    /// The reply to `datagram`, if it is a ping and its source has budget left.
    pub fn handle(&mut self, now_ms: u64, source: SocketAddr, datagram: &[u8]) -> Option<Vec<u8>> {
        let request = MumbleRequest::decode(datagram).ok()?;
        if !self.limits.allow(now_ms, source.ip()) {
            return None;
        }
        let response = MumbleResponse {
            form: request.form,
            ident: request.ident,
            state: self.state.clone(),
        };
        response.encode().ok()
    }
}
