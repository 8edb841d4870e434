//! The server side: one challenge per client address, single use, expiring; the table of
//! outstanding challenges is bounded (a spoofed flood churns it instead of growing it);
//! challenge requests shorter than 5 bytes are ignored, so no reply is ever bigger than
//! an unverified request. Answers exactly the requested chunks in bit order, split into
//! several packets above `max_packet_size`.

use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;

use super::chunks::Chunks;
use super::packets::{
    QueryHeader, CHALLENGE_REQUEST_LEN, CHALLENGE_TYPE, QUERY_REQUEST_LEN, QUERY_TYPE, RESPONSE_HEADER_LEN,
};
use super::reassembly::MAX_PARTS;
use crate::error::Result;
use crate::wire::Writer;

#[derive(Debug, Clone)]
pub struct ResponderOptions {
    pub challenge_ttl_ms: u64,
    pub max_challenges: usize,
    /// Split replies bigger than this (header included) into several packets.
    pub max_packet_size: Option<usize>,
}

impl Default for ResponderOptions {
    fn default() -> Self {
        Self {
            challenge_ttl_ms: 5000,
            max_challenges: 4096,
            max_packet_size: None,
        }
    }
}

#[derive(Debug)]
pub struct Responder {
    state: Chunks,
    options: ResponderOptions,
    challenges: HashMap<SocketAddr, (u32, u64)>,
    /// Issue order, for O(1) eviction under a flood (entries may be stale: checked on pop).
    order: VecDeque<(SocketAddr, u64)>,
    rng: crate::rng::Rng,
}

impl Responder {
    /// `seed`: randomness from the caller (core has no RNG); challenges must be unguessable.
    pub fn new(state: Chunks, options: ResponderOptions, seed: u64) -> Self {
        Self {
            state,
            options,
            challenges: HashMap::new(),
            order: VecDeque::new(),
            rng: crate::rng::Rng::new(seed | 1),
        }
    }

    pub fn update(&mut self, state: Chunks) {
        self.state = state;
    }

    pub fn outstanding_challenges(&self) -> usize {
        self.challenges.len()
    }

    fn next_challenge(&mut self) -> u32 {
        (self.rng.next_u64() as u32).max(1)
    }

    /// The datagrams to send back to `source` (none for anything unverified or malformed).
    pub fn handle(&mut self, now_ms: u64, source: SocketAddr, datagram: &[u8]) -> Result<Vec<Vec<u8>>> {
        match datagram.first() {
            Some(&CHALLENGE_TYPE) if datagram.len() >= CHALLENGE_REQUEST_LEN => {
                let challenge = self.issue(now_ms, source);
                let mut w = Writer::with_capacity(CHALLENGE_REQUEST_LEN);
                w.u8(CHALLENGE_TYPE).u32_be(challenge);
                Ok(vec![w.into_bytes()])
            }
            Some(&QUERY_TYPE) if datagram.len() == QUERY_REQUEST_LEN => {
                let challenge = u32::from_be_bytes([datagram[1], datagram[2], datagram[3], datagram[4]]);
                let version = u16::from_be_bytes([datagram[5], datagram[6]]);
                let valid =
                    matches!(self.challenges.get(&source), Some(&(c, expires)) if c == challenge && now_ms < expires);
                if !valid {
                    return Ok(vec![]);
                }
                self.challenges.remove(&source); // single use
                let payload = self.state.encode(datagram[7])?;
                Ok(self.packets(challenge, version, &payload).unwrap_or_default())
            }
            _ => Ok(vec![]),
        }
    }

    fn issue(&mut self, now: u64, source: SocketAddr) -> u32 {
        // Evict the oldest issued challenges: constant time per request, so a spoofed flood
        // costs no scans and the table never exceeds its bound.
        while self.challenges.len() >= self.options.max_challenges.max(1) && !self.challenges.contains_key(&source) {
            let Some((addr, expires)) = self.order.pop_front() else {
                break;
            };
            if self.challenges.get(&addr).is_some_and(|&(_, e)| e == expires) {
                self.challenges.remove(&addr);
            }
        }
        if self.order.len() > 2 * self.options.max_challenges.max(1) {
            let live = &self.challenges;
            self.order.retain(|(a, e)| live.get(a).is_some_and(|&(_, x)| x == *e));
        }
        let challenge = self.next_challenge();
        let expires = now.saturating_add(self.options.challenge_ttl_ms);
        self.challenges.insert(source, (challenge, expires));
        self.order.push_back((source, expires));
        challenge
    }

    /// The reply's packets: split at `max_packet_size`, with pieces grown as needed to stay
    /// within 32 parts and each datagram within UDP's 65507 bytes. `None` when even that
    /// cannot hold the payload.
    fn packets(&self, challenge: u32, version: u16, payload: &[u8]) -> Option<Vec<Vec<u8>>> {
        const UDP_MAX: usize = 65_507 - RESPONSE_HEADER_LEN;
        let wanted = self
            .options
            .max_packet_size
            .map_or(UDP_MAX, |m| m.saturating_sub(RESPONSE_HEADER_LEN).max(1));
        let room = wanted.max(payload.len().div_ceil(MAX_PARTS)).min(UDP_MAX);
        let pieces: Vec<&[u8]> = if payload.is_empty() {
            vec![payload]
        } else {
            payload.chunks(room).collect()
        };
        if pieces.len() > MAX_PARTS {
            return None;
        }
        let last = (pieces.len() - 1) as u8;
        Some(
            pieces
                .iter()
                .enumerate()
                .map(|(i, piece)| {
                    let mut w = Writer::with_capacity(RESPONSE_HEADER_LEN + piece.len());
                    QueryHeader {
                        challenge,
                        version,
                        current: i as u8,
                        last,
                        length: piece.len() as u16,
                    }
                    .write(&mut w);
                    w.bytes(piece);
                    w.into_bytes()
                })
                .collect(),
        )
    }
}
