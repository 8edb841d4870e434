//! The server side: every well-formed unconnected ping (with the client GUID) is answered
//! with a pong echoing its time, from the served state. A ping is 33 bytes and the pong
//! about 100, as with every Bedrock server; pings are limited per source address so a
//! spoofed flood cannot turn the responder into an amplifier at line rate.

use std::net::IpAddr;

use super::advertisement::Advertisement;
use super::packets::{Ping, Pong, PING_LEN};
use crate::error::Result;
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::limit::Buckets;

/// The state `serve('minecraft-bedrock')` answers from: the query's `raw` shape.
#[derive(Debug, Clone, PartialEq)]
pub struct BedrockState {
    /// Unsigned 64-bit as a decimal string; random when absent.
    pub server_guid: Option<String>,
    pub advertisement: Advertisement,
}

impl Input for BedrockState {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            server_guid: o.or_default("serverGuid")?,
            advertisement: Advertisement::take(&mut o)?,
        })
    }
}

pub use crate::limit::RateLimit as ResponderOptions;

#[derive(Debug)]
pub struct Responder {
    guid: String,
    advertisement: Advertisement,
    buckets: Buckets,
}

impl Responder {
    pub fn new(state: BedrockState, options: ResponderOptions, seed: u64) -> Self {
        let mut r = Self {
            guid: (seed | 1).to_string(),
            advertisement: Advertisement::default(),
            buckets: Buckets::new(options),
        };
        r.update(state);
        r
    }

    /// BDS advertises its GUID as the server id too; so does a state without one.
    pub fn update(&mut self, state: BedrockState) {
        if let Some(guid) = state.server_guid {
            self.guid = guid;
        }
        self.advertisement = state.advertisement;
        self.advertisement.server_id.get_or_insert_with(|| self.guid.clone());
    }

    /// The pong for a datagram, or nothing (not a full ping, or over the limit).
    pub fn handle(&mut self, now_ms: u64, source: IpAddr, datagram: &[u8]) -> Option<Vec<u8>> {
        if datagram.len() != PING_LEN {
            return None;
        }
        let ping = Ping::decode(datagram).ok()?;
        if !self.buckets.allow(now_ms, source) {
            return None;
        }
        let pong = Pong {
            time: ping.time,
            server_guid: self.guid.clone(),
            advertisement: self.advertisement.clone(),
            text: String::new(),
        };
        pong.encode().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_pings_echoing_the_time_within_the_limit() {
        let state: BedrockState = crate::input::from_json(
            "state",
            r#"{"serverGuid":"99","motd":"§aHi","online":2,"max":10,"latencyMs":3}"#,
        )
        .unwrap();
        let mut r = Responder::new(
            state,
            ResponderOptions {
                burst: 2,
                per_second: 1,
            },
            5,
        );
        let ping = Ping {
            time: 1234,
            client_guid: "1".into(),
            open_connections: false,
        }
        .encode()
        .unwrap();
        let ip: IpAddr = "127.0.0.1".parse().unwrap();
        let pong = Pong::decode(&r.handle(0, ip, &ping).unwrap()).unwrap();
        assert_eq!((pong.time, pong.server_guid.as_str()), (1234, "99"));
        assert_eq!(pong.advertisement.motd.plain, "Hi");
        assert_eq!(pong.advertisement.online, Some(2));
        assert!(r.handle(0, ip, &ping).is_some());
        assert!(r.handle(0, ip, &ping).is_none(), "over the burst");
        assert!(r.handle(1000, ip, &ping).is_some(), "refilled");
        assert!(r.handle(1000, ip, &ping[..25]).is_none(), "no GUID, no answer");
    }
}
