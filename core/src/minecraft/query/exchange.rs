//! The client flow: GameSpy 3's handshake for a token, then the stat with it
//! (`crate::gamespy::challenge::Challenged`: a fresh handshake each attempt, one more when
//! a token goes stale). The stat reply carries the session stored at the handshake, which
//! is ours.

use serde::Serialize;

use super::packets::{Request, RequestKind, Response, ResponseKind};
use super::stat::Stat;
use super::SESSION_MASK;
use crate::error::Result;
use crate::exchange::{Deadline, Millis};
use crate::gamespy::challenge::{Answered, Asked, Challenged};

/// The stat and the round trip of the request it answers (`reply`).
pub type StatOutcome = Answered<Stat>;
pub type StatExchange = Challenged<StatAsked>;

/// The stat asked: full (players) or basic.
#[derive(Debug)]
pub struct StatAsked {
    full: bool,
}

impl Asked for StatAsked {
    type Reply = Stat;
    const SERVER: &'static str = "Minecraft Query (GameSpy4)";
    const QUERY: &'static str = "the stat request";

    fn query(&self, session: u32, token: i32) -> Vec<u8> {
        let kind = if self.full {
            RequestKind::FullStat
        } else {
            RequestKind::BasicStat
        };
        let request = Request {
            kind,
            session_id: session,
            token: Some(token),
        };
        request.encode().expect("a stat request always encodes")
    }

    fn read(&mut self, bytes: &[u8]) -> Result<Option<Stat>> {
        match Response::decode(bytes)? {
            Response {
                kind: ResponseKind::Stat,
                stat: Some(stat),
                ..
            } => Ok(Some(stat)),
            _ => Ok(None),
        }
    }
}

impl StatExchange {
    /// `session`: random; masked as vanilla needs. `full`: the full stat (players).
    pub fn new(session: u32, full: bool, budget: Deadline, now: Millis) -> Self {
        Challenged::start(StatAsked { full }, session & SESSION_MASK, budget, now)
    }
}

/// What `query('minecraft-query')` returns in `raw`; `serve('minecraft-query')` takes
/// the same shape (extra fields ignored).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "MinecraftQueryResult"))]
pub struct QueryResult {
    #[serde(flatten)]
    pub stat: Stat,
    pub latency_ms: f64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;
    use crate::exchange::Exchange;
    use crate::gamespy::challenge::QUERY as STAT;
    use crate::wire::Writer;

    fn stat_reply(session: u32) -> Vec<u8> {
        let stat: Stat = crate::input::from_json(
            "state",
            r#"{"motd":"hi","online":1,"max":5,"players":["Steve"],"full":true}"#,
        )
        .unwrap();
        let mut w = Writer::new();
        w.u8(STAT).u32_be(session);
        stat.write_full(&mut w);
        w.into_bytes()
    }

    #[test]
    fn handshake_then_full_stat_with_the_token() {
        let mut ex = StatExchange::new(0xffff_ffff, true, Deadline::for_call(1000.0, 0), 0.0);
        let hs = Request::decode(&ex.poll_transmit().unwrap()).unwrap();
        assert_eq!(hs.session_id, 0x0f0f_0f0f);
        ex.handle_input(5.0, &[&[9u8, 0x0f, 0x0f, 0x0f, 0x0f][..], b"-77\0"].concat());
        let stat = ex.poll_transmit().unwrap();
        assert_eq!(stat.len(), 15);
        assert_eq!(Request::decode(&stat).unwrap().token, Some(-77));
        ex.handle_input(8.0, &stat_reply(0x0f0f_0f0f));
        let out = ex.poll_result().unwrap().unwrap();
        assert_eq!((out.reply.players.len(), out.latency_ms), (1, 3.0));
    }

    #[test]
    fn a_stale_token_costs_one_handshake_not_the_call() {
        let hs_reply = [&[9u8, 0, 0, 0, 1][..], b"5\0"].concat();
        let mut ex = StatExchange::new(1, true, Deadline::for_call(1000.0, 0), 0.0);
        ex.poll_transmit();
        ex.handle_input(2.0, &hs_reply);
        ex.poll_transmit();
        assert_eq!(ex.poll_timeout(), Some(501.0), "half the budget kept back");
        ex.handle_timeout(501.0);
        assert_eq!(
            Request::decode(&ex.poll_transmit().unwrap()).unwrap().kind,
            RequestKind::Handshake
        );
        ex.handle_input(503.0, &hs_reply);
        ex.poll_transmit();
        assert_eq!(ex.poll_timeout(), Some(1000.0));
        ex.handle_input(600.0, &stat_reply(1));
        assert_eq!(ex.poll_result().unwrap().unwrap().latency_ms, 97.0);
        // Silence after that: a timeout at the deadline, not later.
        let mut ex = StatExchange::new(1, true, Deadline::for_call(1000.0, 0), 0.0);
        ex.poll_transmit();
        ex.handle_input(2.0, &hs_reply);
        ex.handle_timeout(501.0);
        ex.handle_timeout(1000.0);
        let e = ex.poll_result().unwrap().unwrap_err();
        assert_eq!(e.code, ErrorCode::Timeout);
    }
}
