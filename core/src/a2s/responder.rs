//! The server side: INFO, PLAYER and RULES are answered only with a valid challenge, so no
//! reply to an unverified request is bigger than it (Valve's amplification guard); a
//! challenge belongs to one source address and serves every request type until it
//! expires; the table is bounded (a spoofed flood churns it instead of growing it), and
//! each address is rate-limited. Replies above `max_packet_size` go out split (bzip2 when
//! asked), their answer ids with bits 15 and 31 clear.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;

use serde::Serialize;

use super::bohemia::ServerBrowser;
use super::ffow::{self, Ffow};
use super::info::{GoldSrcInfo, Info};
use super::packets::{Request, Response};
use super::players::Player;
use super::split::split;
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::limit::{Buckets, RateLimit};
use crate::values::{Hex, RuleList};

/// What `serve('a2s')` answers with: `query('a2s').raw` (extra fields ignored).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "A2sServeState"))]
pub struct A2sState {
    /// Fields left out take their defaults (empty, 0, `dedicated`, `linux`).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "Partial<A2sInfo>", optional))]
    pub info: Option<Info>,
    /// Serve GoldSrc's obsolete `m` reply instead of `I`.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "Partial<A2sGoldSrcInfo>", optional))]
    pub gold_src: Option<GoldSrcInfo>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<Player>>", optional))]
    pub players: Vec<Player>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(as = "Option<RuleList>", optional))]
    pub rules: Option<RuleList>,
    /// Arma 3's and DayZ's message, served as the binary pages of the rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "Partial<A2sServerBrowser>", optional))]
    pub server_browser: Option<ServerBrowser>,
    /// Frontlines: Fuel of War's own info fields, served with `dialect: 'ffow'`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "Partial<A2sFfow>", optional))]
    pub ffow: Option<Ffow>,
}

impl Input for A2sState {
    fn read(value: Json, at: At<'_>) -> crate::error::Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            info: o.or_default("info")?,
            gold_src: o.or_default("goldSrc")?,
            players: o.or_default("players")?,
            rules: o.or_default("rules")?,
            server_browser: o.opt("serverBrowser")?,
            ffow: o.opt("ffow")?,
        })
    }
}

#[derive(Debug, Clone)]
pub struct ResponderOptions {
    pub challenge_ttl_ms: u64,
    pub max_challenges: usize,
    /// Source's split threshold: whole datagrams up to this many bytes.
    pub max_packet_size: usize,
    pub compress: bool,
    pub limit: RateLimit,
    /// Answer as a Frontlines: Fuel of War server (`super::ffow`).
    pub ffow: bool,
}

impl Default for ResponderOptions {
    fn default() -> Self {
        Self {
            challenge_ttl_ms: 30_000,
            max_challenges: 4096,
            max_packet_size: 1400,
            compress: false,
            limit: RateLimit::default(),
            ffow: false,
        }
    }
}

#[derive(Debug)]
pub struct Responder {
    state: A2sState,
    options: ResponderOptions,
    challenges: HashMap<IpAddr, ([u8; 4], u64)>,
    /// Issue order, for O(1) eviction (entries may be stale: checked on pop).
    order: VecDeque<(IpAddr, u64)>,
    buckets: Buckets,
    rng: crate::rng::Rng,
    answers: u32,
}

impl Responder {
    /// `seed`: randomness from the host (challenges must be unguessable).
    pub fn new(state: A2sState, options: ResponderOptions, seed: u64) -> Self {
        Self {
            buckets: Buckets::new(options.limit),
            state,
            options,
            challenges: HashMap::new(),
            order: VecDeque::new(),
            rng: crate::rng::Rng::new(seed | 1),
            answers: 0,
        }
    }

    pub fn update(&mut self, state: A2sState) {
        self.state = state;
    }

    fn valid(&self, now_ms: u64, source: IpAddr, challenge: [u8; 4]) -> bool {
        self.challenges
            .get(&source)
            .is_some_and(|&(c, at)| c == challenge && now_ms.saturating_sub(at) < self.options.challenge_ttl_ms)
    }

    fn issue(&mut self, now_ms: u64, source: IpAddr) -> Vec<u8> {
        let challenge = match self.challenges.get(&source) {
            Some(&(c, at)) if now_ms.saturating_sub(at) < self.options.challenge_ttl_ms / 2 => c,
            _ => {
                // Never FF FF FF FF (that asks for a challenge) nor 00 00 00 00.
                let c = ((self.rng.next_u64() as u32) | 1).min(0xffff_fffe).to_le_bytes();
                while self.challenges.len() >= self.options.max_challenges {
                    let Some((ip, at)) = self.order.pop_front() else { break };
                    if self.challenges.get(&ip).is_some_and(|&(_, t)| t == at) {
                        self.challenges.remove(&ip);
                    }
                }
                self.challenges.insert(source, (c, now_ms));
                self.order.push_back((source, now_ms));
                c
            }
        };
        Response::Challenge {
            challenge: Hex(challenge),
        }
        .encode()
        .expect("a challenge encodes")
    }

    /// The datagrams to send back to `source` (none for anything malformed or over its limit).
    pub fn handle(&mut self, now_ms: u64, source: IpAddr, datagram: &[u8]) -> Vec<Vec<u8>> {
        if self.options.ffow && (datagram == ffow::INFO_REQUEST || datagram == ffow::CHALLENGE_REQUEST) {
            if !self.buckets.allow(now_ms, source) {
                return vec![];
            }
            // Its info is not challenged (the game's own behaviour): the rate limit bounds
            // what a spoofed source can draw.
            if datagram == ffow::CHALLENGE_REQUEST {
                return vec![self.issue(now_ms, source)];
            }
            let info = self.state.info.clone().unwrap_or_default();
            let reply = ffow::Reply::Info(info, self.state.ffow.clone().unwrap_or_default());
            return self.send(reply.encode());
        }
        let Ok(request) = Request::decode(datagram) else {
            return vec![];
        };
        if !self.buckets.allow(now_ms, source) {
            return vec![];
        }
        if self.options.ffow && matches!(request, Request::Info { .. }) {
            return vec![];
        }
        let challenge = match &request {
            Request::Info { challenge } => challenge.map(|c| c.0),
            Request::Players { challenge } | Request::Rules { challenge } => Some(challenge.0),
        };
        if !challenge.is_some_and(|c| self.valid(now_ms, source, c)) {
            return vec![self.issue(now_ms, source)];
        }
        if self.options.ffow {
            let reply = match request {
                Request::Players { .. } => ffow::Reply::Players(self.state.players.clone()),
                _ => ffow::Reply::Rules(self.state.rules.clone().unwrap_or_default(), false),
            };
            return self.send(reply.encode());
        }
        let response = match request {
            Request::Info { .. } => match (&self.state.gold_src, &self.state.info) {
                (Some(gold), _) => Response::GoldSrcInfo(gold.clone()),
                (None, info) => Response::Info(info.clone().unwrap_or_default()),
            },
            Request::Players { .. } => Response::Players {
                players: self.state.players.clone(),
            },
            Request::Rules { .. } => Response::Rules {
                rules: self.state.rules.clone().unwrap_or_default(),
                truncated: false,
                pages: self
                    .state
                    .server_browser
                    .as_ref()
                    .map(ServerBrowser::pages)
                    .unwrap_or_default(),
            },
        };
        let Ok(bytes) = response.encode() else { return vec![] };
        self.send(bytes)
    }

    /// A whole reply, split when over the packet size.
    fn send(&mut self, bytes: Vec<u8>) -> Vec<Vec<u8>> {
        self.answers = self.answers.wrapping_add(1);
        let id = self.answers ^ (self.rng.next_u64() as u32);
        split(&bytes, id, self.options.max_packet_size, self.options.compress)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::a2s::split::{Layout, Reassembly};

    fn state() -> A2sState {
        A2sState {
            info: Some(Info {
                name: "srv".into(),
                server_type: "dedicated".into(),
                environment: "linux".into(),
                ..Info::default()
            }),
            players: (0..200)
                .map(|i| Player {
                    name: format!("player number {i}"),
                    ..Player::default()
                })
                .collect(),
            ..A2sState::default()
        }
    }

    #[test]
    fn every_answer_needs_the_challenge_of_its_source() {
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let other: IpAddr = "10.0.0.2".parse().unwrap();
        let mut r = Responder::new(state(), ResponderOptions::default(), 7);
        let info = Request::Info { challenge: None }.encode();
        let out = r.handle(0, ip, &info);
        assert!(out[0].len() <= info.len(), "no amplification before the challenge");
        let Response::Challenge { challenge } = Response::decode(&out[0], false).unwrap() else {
            panic!()
        };
        let with = Request::Info {
            challenge: Some(challenge),
        }
        .encode();
        assert!(matches!(
            Response::decode(&r.handle(1, ip, &with)[0], false).unwrap(),
            Response::Info(_)
        ));
        assert!(matches!(
            Response::decode(&r.handle(1, other, &with)[0], false).unwrap(),
            Response::Challenge { .. }
        ));
        assert!(
            matches!(
                Response::decode(&r.handle(40_000, ip, &with)[0], false).unwrap(),
                Response::Challenge { .. }
            ),
            "expired"
        );
        // The same challenge serves PLAYER; a long reply goes out split, and joins back.
        let players = Request::Players { challenge }.encode();
        let ch = r.handle(40_001, ip, &Request::Info { challenge: None }.encode());
        let Response::Challenge { challenge } = Response::decode(&ch[0], false).unwrap() else {
            panic!()
        };
        let parts = r.handle(40_002, ip, &Request::Players { challenge }.encode());
        assert!(parts.len() > 1 && parts.iter().all(|p| p.len() <= 1400));
        let id = u32::from_le_bytes(parts[0][4..8].try_into().unwrap());
        assert_eq!(id & 0x8000_8000, 0, "bits 15 and 31 clear");
        let mut joined = Reassembly::new(Layout::Source);
        let whole = parts.iter().find_map(|p| joined.push(p).unwrap()).unwrap();
        let Response::Players { players: got } = Response::decode(&whole, false).unwrap() else {
            panic!()
        };
        assert_eq!(got.len(), 200);
        assert_eq!(
            r.handle(40_003, ip, &players[..5]),
            Vec::<Vec<u8>>::new(),
            "malformed: nothing"
        );
    }

    #[test]
    fn the_challenge_table_is_bounded() {
        let options = ResponderOptions {
            max_challenges: 16,
            ..ResponderOptions::default()
        };
        let mut r = Responder::new(state(), options, 1);
        for i in 0..1000u32 {
            let ip = IpAddr::from(i.to_be_bytes());
            r.handle(0, ip, &Request::Info { challenge: None }.encode());
        }
        assert!(r.challenges.len() <= 16);
    }
}
