//! The server side: the handshake answered with a challenge per source address (`Tokens`,
//! the amplification guard: the reply is kilobytes for an 11-byte query), or with `"0"`
//! when the state is served as BF2 does (`challenge: false`: no challenge wanted, every
//! source held to its budget of replies per second instead); the query answered with the
//! datagrams of the sections it asks for — split (`01`), or JC2-MP's layout (`02`).

use std::net::SocketAddr;

use super::codec::GameSpy3Response;
use super::packets::{Request, JC2MP};
use super::state::{jc2mp, pack, GameSpy3State};
use crate::error::Result;
use crate::gamespy::challenge::{challenge_reply, Tokens};
use crate::limit::{Buckets, RateLimit};

#[derive(Debug)]
pub struct Responder {
    state: GameSpy3State,
    /// The split reply for all three sections, session 0 (each reply writes its own).
    split: Vec<GameSpy3Response>,
    /// `None`: no challenge wanted (BF2's `"0"`).
    tokens: Option<Tokens>,
    limits: Buckets,
}

fn split(state: &GameSpy3State) -> Result<Vec<GameSpy3Response>> {
    let datagrams = pack(state, 0, str::len)?;
    // What would not encode is refused when it is given, not at the first request.
    for d in &datagrams {
        d.encode_with(|s| s.as_bytes().to_vec())?;
    }
    jc2mp(state, 0).encode_with(|s| s.as_bytes().to_vec())?;
    Ok(datagrams)
}

impl Responder {
    pub fn new(state: GameSpy3State, challenge: bool, limit: RateLimit, seed: u64) -> Result<Self> {
        Ok(Self {
            split: split(&state)?,
            state,
            tokens: challenge.then(|| Tokens::new(seed)),
            limits: Buckets::new(limit),
        })
    }

    pub fn update(&mut self, state: GameSpy3State) -> Result<()> {
        self.split = split(&state)?;
        self.state = state;
        Ok(())
    }

    /// The replies to `datagram` from `source`: nothing for what is no request, a query
    /// without the challenge given, or past the source's budget.
    pub fn handle(&mut self, now_ms: u64, source: SocketAddr, datagram: &[u8]) -> Vec<Vec<u8>> {
        let Ok(request) = Request::decode(datagram) else {
            return vec![];
        };
        match request {
            Request::Handshake { session } => {
                if !self.limits.allow(now_ms, source.ip()) {
                    return vec![];
                }
                match &mut self.tokens {
                    Some(tokens) => vec![tokens.issue(now_ms, source, session)],
                    None => vec![challenge_reply(session, 0)],
                }
            }
            Request::Query {
                session,
                challenge,
                sections,
                tail,
            } => {
                let session = match &self.tokens {
                    Some(tokens) => match tokens.check(now_ms, source, challenge) {
                        Some(_) => session,
                        _ => return vec![],
                    },
                    None if self.limits.allow(now_ms, source.ip()) => session,
                    None => return vec![],
                };
                let text = |s: &str| s.as_bytes().to_vec();
                if tail == Some(JC2MP) {
                    return jc2mp(&self.state, session).encode_with(text).into_iter().collect();
                }
                let asked = self.asked(sections);
                let datagrams = match &asked {
                    Some(state) => match pack(state, session, str::len) {
                        Ok(d) => d,
                        Err(_) => return vec![],
                    },
                    None => self
                        .split
                        .iter()
                        .map(|d| GameSpy3Response { session, ..d.clone() })
                        .collect(),
                };
                datagrams.iter().filter_map(|d| d.encode_with(text).ok()).collect()
            }
        }
    }

    /// The state cut to the sections asked, when not all three are.
    fn asked(&self, [server, players, teams]: [bool; 3]) -> Option<GameSpy3State> {
        if server && players && teams {
            return None;
        }
        let s = &self.state;
        Some(GameSpy3State {
            rules: if server { s.rules.clone() } else { Default::default() },
            players: if players { s.players.clone() } else { vec![] },
            teams: if teams { s.teams.clone() } else { vec![] },
        })
    }
}
