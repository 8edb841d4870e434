//! The server side: answers a poll from a state, echoing the cookie, and the HTTPS API's
//! login and state on TCP at the same port, over TLS with a self-signed certificate made at
//! `serve()` (as the game's server makes one). The poll's reply is larger than the 13-byte
//! poll (its name alone may be kilobytes): each source address gets a budget of polls per
//! second, which bounds what a spoofed one can make it send.

use std::net::SocketAddr;

use super::api::{self, Access};
use super::packets::{SatisfactoryRequest, SatisfactoryResponse, PROTOCOL_VERSION};
use super::state::SatisfactoryServerState;
use crate::limit::{Buckets, RateLimit};
use crate::spec::serve::{Stream, StreamOutput};
use crate::tls::identity::Identity;

#[derive(Debug)]
pub struct Responder {
    state: SatisfactoryServerState,
    limits: Buckets,
    access: Access,
    identity: Identity,
}

impl Responder {
    pub fn new(state: SatisfactoryServerState, limit: RateLimit, access: Access, identity: Identity) -> Self {
        Self {
            state,
            limits: Buckets::new(limit),
            access,
            identity,
        }
    }

    pub fn update(&mut self, state: SatisfactoryServerState) {
        self.state = state;
    }

    pub fn identity(&self) -> &Identity {
        &self.identity
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
            state: self.state.query.clone(),
        };
        response.encode().ok()
    }

    /// An API request on a connection (its TLS done by the host): one reply, then close.
    pub fn handle_stream(&self, stream: &mut Stream, chunk: &[u8]) -> StreamOutput {
        match crate::http::serve::request_with_body(stream, chunk, api::MAX_REQUEST) {
            Ok((head, body)) => {
                crate::http::serve::closing(api::answer(&head, &body, &self.state.game_state(), &self.access))
            }
            Err(now) => now,
        }
    }
}
