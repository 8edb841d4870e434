//! The server side, as vanilla behaves and a bit stricter: a token per source address
//! (IP and port) valid for 30 s (`crate::gamespy::challenge::Tokens`: the amplification
//! guard, since the full reply is far larger than the request); the stat reply carries the
//! session stored at the handshake; 15-byte stats are full. Handshakes are limited per
//! source IP.

use std::net::SocketAddr;

use super::packets::{Request, RequestKind, STAT};
use super::stat::Stat;
use crate::gamespy::challenge::Tokens;
use crate::limit::Buckets;
use crate::wire::Writer;

pub use crate::gamespy::challenge::TOKEN_LIFETIME_MS;

pub use crate::limit::RateLimit as ResponderOptions;

/// Every key vanilla sends, so clients that index them (mcstatus does) find them all:
/// what the state leaves out gets vanilla's value, or the address listened on.
fn as_vanilla(mut stat: Stat, listen: SocketAddr) -> Stat {
    stat.game_id.get_or_insert_with(|| "MINECRAFT".into());
    stat.version.get_or_insert_with(String::new);
    if stat.server_mod.is_none() && stat.plugin_list.is_empty() {
        stat.plugins.get_or_insert_with(String::new);
    }
    stat.host_port.get_or_insert(listen.port());
    stat.host_ip.get_or_insert_with(|| listen.ip().to_string());
    stat
}

#[derive(Debug)]
pub struct Responder {
    listen: SocketAddr,
    /// The state as given; `stat` adds vanilla's defaults for where it listens.
    raw: Stat,
    stat: Stat,
    buckets: Buckets,
    tokens: Tokens,
}

impl Responder {
    /// `listen`: where it listens, the default `hostip`/`hostport`.
    pub fn new(stat: Stat, options: ResponderOptions, seed: u64, listen: SocketAddr) -> Self {
        Self {
            listen,
            raw: stat.clone(),
            stat: as_vanilla(stat, listen),
            buckets: Buckets::new(options),
            tokens: Tokens::new(seed),
        }
    }

    pub fn update(&mut self, stat: Stat) {
        self.raw = stat.clone();
        self.stat = as_vanilla(stat, self.listen);
    }

    pub fn bound(&mut self, listen: SocketAddr) {
        self.listen = listen;
        self.stat = as_vanilla(self.raw.clone(), listen);
    }

    /// The reply to a datagram from `source`, or nothing.
    pub fn handle(&mut self, now_ms: u64, source: SocketAddr, datagram: &[u8]) -> Option<Vec<u8>> {
        let request = Request::decode(datagram).ok()?;
        match request.kind {
            RequestKind::Handshake => {
                if !self.buckets.allow(now_ms, source.ip()) {
                    return None;
                }
                Some(self.tokens.issue(now_ms, source, request.session_id))
            }
            RequestKind::BasicStat | RequestKind::FullStat => {
                let session = self.tokens.check(now_ms, source, request.token)?;
                let mut w = Writer::with_capacity(512);
                w.u8(STAT).u32_be(session);
                if request.kind == RequestKind::FullStat {
                    self.stat.write_full(&mut w);
                } else {
                    self.stat.write_basic(&mut w);
                }
                Some(w.into_bytes())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minecraft::query::packets::Response;

    #[test]
    fn token_guards_the_stat_and_expires() {
        let stat: Stat =
            crate::input::from_json("state", r#"{"motd":"hi","online":1,"max":5,"players":["Steve"]}"#).unwrap();
        let mut r = Responder::new(stat, ResponderOptions::default(), 9, "0.0.0.0:25565".parse().unwrap());
        let from: SocketAddr = "127.0.0.1:5000".parse().unwrap();
        let hs = Request {
            kind: RequestKind::Handshake,
            session_id: 7,
            token: None,
        }
        .encode()
        .unwrap();
        let token = Response::decode(&r.handle(0, from, &hs).unwrap()).unwrap().token;
        let full = |session, token| {
            Request {
                kind: RequestKind::FullStat,
                session_id: session,
                token,
            }
            .encode()
            .unwrap()
        };
        assert!(
            r.handle(1, from, &full(7, Some(token.unwrap().wrapping_add(1))))
                .is_none(),
            "wrong token"
        );
        assert!(
            r.handle(1, "127.0.0.1:5001".parse().unwrap(), &full(7, token))
                .is_none(),
            "other source"
        );
        // The reply carries the handshake's session, whatever the stat request said.
        let reply = Response::decode(&r.handle(2, from, &full(8, token)).unwrap()).unwrap();
        assert_eq!(reply.session_id, 7);
        assert_eq!(reply.stat.unwrap().players, ["Steve"]);
        assert!(r.handle(TOKEN_LIFETIME_MS, from, &full(7, token)).is_none(), "expired");
    }
}
