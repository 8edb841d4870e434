//! The server side: one challenge per client address, single use, expiring; the table of
//! outstanding challenges is bounded (a spoofed flood churns it instead of growing it);
//! challenge requests shorter than 5 bytes are ignored, so no reply is ever bigger than
//! an unverified request. Answers exactly the requested chunks in bit order, split into
//! several packets above `max_packet_size`.

use std::collections::HashMap;
use std::net::SocketAddr;

use super::chunks::Chunks;
use super::packets::{
    QueryHeader, CHALLENGE_REQUEST_LEN, CHALLENGE_TYPE, QUERY_REQUEST_LEN, QUERY_TYPE, RESPONSE_HEADER_LEN,
};
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
    rng: u64,
}

impl Responder {
    /// `seed`: randomness from the caller (core has no RNG); challenges must be unguessable.
    pub fn new(state: Chunks, options: ResponderOptions, seed: u64) -> Self {
        Self {
            state,
            options,
            challenges: HashMap::new(),
            rng: seed | 1,
        }
    }

    pub fn update(&mut self, state: Chunks) {
        self.state = state;
    }

    pub fn outstanding_challenges(&self) -> usize {
        self.challenges.len()
    }

    /// splitmix64.
    fn next_challenge(&mut self) -> u32 {
        self.rng = self.rng.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) as u32).max(1)
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
                Ok(self.packets(challenge, version, &payload))
            }
            _ => Ok(vec![]),
        }
    }

    fn issue(&mut self, now: u64, source: SocketAddr) -> u32 {
        if !self.challenges.contains_key(&source) && self.challenges.len() >= self.options.max_challenges {
            self.challenges.retain(|_, (_, expires)| *expires > now);
            if self.challenges.len() >= self.options.max_challenges {
                if let Some(oldest) = self.challenges.iter().min_by_key(|(_, (_, e))| *e).map(|(k, _)| *k) {
                    self.challenges.remove(&oldest);
                }
            }
        }
        let challenge = self.next_challenge();
        self.challenges
            .insert(source, (challenge, now + self.options.challenge_ttl_ms));
        challenge
    }

    fn packets(&self, challenge: u32, version: u16, payload: &[u8]) -> Vec<Vec<u8>> {
        let room = self.options.max_packet_size.map_or(usize::from(u16::MAX), |m| {
            m.saturating_sub(RESPONSE_HEADER_LEN).clamp(1, usize::from(u16::MAX))
        });
        let pieces: Vec<&[u8]> = if payload.is_empty() {
            vec![payload]
        } else {
            payload.chunks(room).collect()
        };
        let pieces = &pieces[..pieces.len().min(super::reassembly::MAX_PARTS)];
        let last = (pieces.len() - 1) as u8;
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
            .collect()
    }
}
