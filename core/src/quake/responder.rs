//! The server side: answers `getstatus` and `getinfo` (Quake 3) or `status` (Quake 2,
//! QuakeWorld) from a state, echoing the challenge as ioquake3 does. A request of a
//! dozen bytes can get a reply of kilobytes and the family has no handshake, so each
//! source address gets a budget of requests per second (ioquake3 allows 10), which bounds
//! what a spoofed source can make it send.

use std::net::SocketAddr;

use super::packets::{Command, Dialect, Reply, ReplyKind, Request};
use super::state::QuakeState;
use crate::error::Result;
use crate::idtech::{PlayerLine, WorldFields};
use crate::limit::{Buckets, RateLimit};

#[derive(Debug)]
pub struct Responder {
    state: QuakeState,
    dialect: Dialect,
    limits: Buckets,
}

/// `getinfo`'s keys (ioquake3's `SVC_Info`), each from the status key it reports.
const INFO_KEYS: &[(&str, &str)] = &[
    ("gamename", "gamename"),
    ("protocol", "protocol"),
    ("hostname", "sv_hostname"),
    ("mapname", "mapname"),
    ("sv_maxclients", "sv_maxclients"),
    ("gametype", "g_gametype"),
    ("pure", "sv_pure"),
    ("g_needpass", "g_needpass"),
];

impl Responder {
    pub fn new(state: QuakeState, dialect: Dialect, limit: RateLimit) -> Self {
        Self {
            state,
            dialect,
            limits: Buckets::new(limit),
        }
    }

    pub fn update(&mut self, state: QuakeState) {
        self.state = state;
    }

    /// The reply to `datagram` from `source`, if it gets one: nothing for what is no
    /// request of this dialect, or past the source's budget.
    pub fn handle(&mut self, now_ms: u64, source: SocketAddr, datagram: &[u8]) -> Result<Option<Vec<u8>>> {
        let Ok(request) = Request::decode(datagram) else {
            return Ok(None);
        };
        let kind = match (self.dialect, request.command) {
            (Dialect::Quake3, Command::GetStatus) => ReplyKind::Status,
            (Dialect::Quake3, Command::GetInfo) => ReplyKind::Info,
            (Dialect::Quake2, Command::Status) => ReplyKind::Print,
            (Dialect::QuakeWorld, Command::Status) => ReplyKind::World,
            _ => return Ok(None),
        };
        if !self.limits.allow(now_ms, source.ip()) {
            return Ok(None);
        }
        let s = &self.state;
        let mut pairs: Vec<(&[u8], &[u8])> = Vec::with_capacity(s.info.0.len() + 2);
        let count = s.players.len().to_string();
        if kind == ReplyKind::Info {
            for (key, from) in INFO_KEYS {
                if let Some(v) = s.info.get(from) {
                    pairs.push((key.as_bytes(), v.as_bytes()));
                }
                if *key == "mapname" {
                    pairs.push((b"clients", count.as_bytes()));
                }
            }
        } else {
            pairs.extend(s.info.0.iter().map(|(k, v)| (k.as_bytes(), v.as_bytes())));
        }
        if let Some(challenge) = request.challenge.filter(|_| self.dialect == Dialect::Quake3) {
            pairs.push((b"challenge", challenge));
        }
        let players: Vec<PlayerLine<'_>> = match kind {
            ReplyKind::Info => vec![],
            _ => s
                .players
                .iter()
                .enumerate()
                .map(|(i, p)| PlayerLine {
                    score: p.score,
                    ping: p.ping,
                    name: p.name.as_bytes(),
                    team: p.team.as_deref().map(str::as_bytes),
                    world: (kind == ReplyKind::World).then(|| match &p.world {
                        Some(w) => WorldFields {
                            userid: w.userid,
                            time: w.time,
                            skin: w.skin.as_bytes(),
                            top: w.top,
                            bottom: w.bottom,
                        },
                        None => WorldFields {
                            userid: i as i64 + 1,
                            time: 0,
                            skin: b"base",
                            top: 0,
                            bottom: 0,
                        },
                    }),
                })
                .collect(),
        };
        Reply::encode(kind, &pairs, &players).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quake::state::QuakePlayer;
    use crate::values::RuleList;

    fn state() -> QuakeState {
        QuakeState {
            info: RuleList(vec![
                ("sv_hostname".into(), "^1Arena".into()),
                ("mapname".into(), "q3dm17".into()),
                ("sv_maxclients".into(), "16".into()),
                ("g_gametype".into(), "0".into()),
            ]),
            players: vec![QuakePlayer {
                name: "Bob".into(),
                score: 5,
                ping: 40,
                team: None,
                world: None,
            }],
        }
    }

    fn from() -> SocketAddr {
        "127.0.0.1:5000".parse().unwrap()
    }

    #[test]
    fn status_and_info_as_ioquake3_writes_them() {
        let mut r = Responder::new(state(), Dialect::Quake3, RateLimit::default());
        let status = r
            .handle(0, from(), b"\xff\xff\xff\xffgetstatus abc\n")
            .unwrap()
            .unwrap();
        assert_eq!(
            status,
            b"\xff\xff\xff\xffstatusResponse\n\\sv_hostname\\^1Arena\\mapname\\q3dm17\\sv_maxclients\\16\\g_gametype\\0\\challenge\\abc\n5 40 \"Bob\"\n"
        );
        let info = r.handle(0, from(), b"\xff\xff\xff\xffgetinfo xyz").unwrap().unwrap();
        assert_eq!(
            info,
            b"\xff\xff\xff\xffinfoResponse\n\\hostname\\^1Arena\\mapname\\q3dm17\\clients\\1\\sv_maxclients\\16\\gametype\\0\\challenge\\xyz\n"
        );
        assert_eq!(
            r.handle(0, from(), b"\xff\xff\xff\xffstatus\n").unwrap(),
            None,
            "not Quake 3's"
        );
        assert_eq!(r.handle(0, from(), b"junk").unwrap(), None);
    }

    #[test]
    fn quakeworld_and_quake2_dialects() {
        let mut r = Responder::new(state(), Dialect::QuakeWorld, RateLimit::default());
        let reply = r.handle(0, from(), b"\xff\xff\xff\xffstatus\n").unwrap().unwrap();
        let decoded = Reply::decode(&reply).unwrap();
        assert_eq!((decoded.kind, decoded.players[0].name), (ReplyKind::World, &b"Bob"[..]));
        let mut r = Responder::new(state(), Dialect::Quake2, RateLimit::default());
        let reply = r.handle(0, from(), b"\xff\xff\xff\xffstatus\n").unwrap().unwrap();
        assert!(reply.starts_with(b"\xff\xff\xff\xffprint\n\\sv_hostname"));
    }

    #[test]
    fn a_source_past_its_budget_gets_nothing_until_it_refills() {
        let limit = RateLimit {
            burst: 2,
            per_second: 10,
        };
        let mut r = Responder::new(state(), Dialect::Quake3, limit);
        let ask = |r: &mut Responder, at| r.handle(at, from(), b"\xff\xff\xff\xffgetinfo\n").unwrap().is_some();
        assert!(ask(&mut r, 0) && ask(&mut r, 0));
        assert!(!ask(&mut r, 0), "the burst is spent");
        assert!(ask(&mut r, 100), "a tenth of a second refills one");
        let other: SocketAddr = "127.0.0.2:5000".parse().unwrap();
        assert!(
            r.handle(100, other, b"\xff\xff\xff\xffgetinfo\n").unwrap().is_some(),
            "another source"
        );
    }
}
