//! Per-source token buckets for responders: a request that is answered with more bytes
//! than it carried must not let a spoofed source turn the responder into an amplifier.

use std::cell::RefCell;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use crate::error::Result;
use crate::input::{At, Input, Obj};
use crate::json::Json;

/// Sources remembered at most. Past it, sources whose bucket has filled up again are
/// forgotten first (a full bucket is what an unknown source gets), so a flood of forged
/// sources cannot reset the limit of the one address that is really hammering; only when
/// more than that many sources are all at once below their burst are others forgotten.
const MAX_SOURCES: usize = 65_536;

/// Requests answered per source address: a burst, refilled per second.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename_all = "camelCase"))]
pub struct RateLimit {
    pub burst: u32,
    pub per_second: u32,
}

impl Default for RateLimit {
    fn default() -> Self {
        Self {
            burst: 20,
            per_second: 10,
        }
    }
}

/// As `serve()`'s `rateLimit: { burst, perSecond }`.
impl Input for RateLimit {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let limit = Self {
            burst: o.req("burst")?,
            per_second: o.req("perSecond")?,
        };
        o.deny_unknown()?;
        Ok(limit)
    }
}

/// What a server's rate limit has dropped: `server.dropped()`, and the line `gamequery
/// serve` logs, so that a local scan told "silent" can be told why (issue #48).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Dropped {
    pub requests: u64,
    /// The source of the latest one.
    pub source: Option<IpAddr>,
}

/// One server's count, shared by the buckets its responder made.
pub type DropLog = Arc<Mutex<Dropped>>;

thread_local! {
    static COLLECTING: RefCell<Option<DropLog>> = const { RefCell::new(None) };
}

/// Runs `make` (a responder's construction) with every [`Buckets`] it makes counting into
/// one log, returned beside it. Thirteen responders build their buckets from their own
/// options; this gives the host one count per server without each of them handing it on.
pub fn collecting<T>(make: impl FnOnce() -> T) -> (T, DropLog) {
    let log = DropLog::default();
    let previous = COLLECTING.with(|c| c.replace(Some(log.clone())));
    let made = make();
    COLLECTING.with(|c| c.replace(previous));
    (made, log)
}

#[derive(Debug)]
pub struct Buckets {
    limit: RateLimit,
    log: Option<DropLog>,
    max_sources: usize,
    /// Source → (tokens, last refill in ms).
    sources: HashMap<IpAddr, (f64, u64)>,
}

impl Default for Buckets {
    fn default() -> Self {
        Self::new(RateLimit::default())
    }
}

impl Buckets {
    pub fn new(limit: RateLimit) -> Self {
        Self::bounded(limit, MAX_SOURCES)
    }

    /// At most `max_sources` sources remembered (at least 4).
    pub fn bounded(limit: RateLimit, max_sources: usize) -> Self {
        Self {
            limit,
            log: COLLECTING.with(|c| c.borrow().clone()),
            max_sources: max_sources.max(4),
            sources: HashMap::new(),
        }
    }

    /// Sources remembered now.
    pub fn len(&self) -> usize {
        self.sources.len()
    }

    pub fn is_empty(&self) -> bool {
        self.sources.is_empty()
    }

    /// Takes a token for `source` at `now_ms`, if it has one.
    pub fn allow(&mut self, now_ms: u64, source: IpAddr) -> bool {
        let (burst, rate) = (f64::from(self.limit.burst), f64::from(self.limit.per_second));
        if self.sources.len() >= self.max_sources && !self.sources.contains_key(&source) {
            self.make_room(now_ms, burst, rate);
        }
        let (tokens, last) = self.sources.entry(source).or_insert((burst, now_ms));
        *tokens = (*tokens + now_ms.saturating_sub(*last) as f64 * rate / 1000.0).min(burst);
        *last = now_ms;
        let allowed = *tokens >= 1.0;
        if allowed {
            *tokens -= 1.0;
        } else if let Some(log) = &self.log {
            let mut log = log.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            log.requests += 1;
            log.source = Some(source);
        }
        allowed
    }

    /// Forgets the sources whose bucket is full by now; if more than three quarters of
    /// the table is left, the fullest of the rest too (those that have asked least), down to
    /// three quarters: a sweep comes at most once every quarter table of new sources.
    fn make_room(&mut self, now_ms: u64, burst: f64, rate: f64) {
        let refilled = |&(tokens, last): &(f64, u64)| tokens + now_ms.saturating_sub(last) as f64 * rate / 1000.0;
        self.sources.retain(|_, bucket| refilled(bucket) < burst);
        let over = self.sources.len().saturating_sub(self.max_sources * 3 / 4);
        if over > 0 {
            let mut fullest: Vec<(f64, IpAddr)> = self.sources.iter().map(|(ip, b)| (refilled(b), *ip)).collect();
            fullest.select_nth_unstable_by(over - 1, |a, b| b.0.total_cmp(&a.0));
            for (_, ip) in &fullest[..over] {
                self.sources.remove(ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_made_while_collecting_count_their_drops_into_one_log() {
        let limit = RateLimit {
            burst: 1,
            per_second: 1,
        };
        let ((mut a, mut b), log) = collecting(|| (Buckets::new(limit), Buckets::new(limit)));
        let (x, y): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        assert!(a.allow(0, x) && !a.allow(0, x) && b.allow(0, y) && !b.allow(0, y) && !b.allow(0, y));
        assert_eq!(
            *log.lock().unwrap(),
            Dropped {
                requests: 3,
                source: Some(y)
            }
        );
        // Made outside: no log.
        assert!(Buckets::new(limit).log.is_none());
    }

    #[test]
    fn burst_then_refill_per_source() {
        let mut b = Buckets::new(RateLimit {
            burst: 2,
            per_second: 1,
        });
        let (a, other): (IpAddr, IpAddr) = ("127.0.0.1".parse().unwrap(), "::1".parse().unwrap());
        assert!(b.allow(0, a) && b.allow(0, a) && !b.allow(0, a));
        assert!(b.allow(0, other));
        assert!(!b.allow(999, a) && b.allow(1999, a));
    }

    #[test]
    fn a_flood_of_forged_sources_does_not_reset_a_hammering_one() {
        let mut b = Buckets::new(RateLimit::default());
        let hot: IpAddr = "127.31.255.254".parse().unwrap();
        let mut allowed = 0;
        // Ten seconds: the hot source asks 1,000 times a second, amid 200,000 new sources.
        for ms in 0..10_000u64 {
            for i in 0..20u32 {
                let forged = IpAddr::from(std::net::Ipv4Addr::from(0x7f10_0000 + (ms as u32 * 20 + i)));
                b.allow(ms, forged);
            }
            if b.allow(ms, hot) {
                allowed += 1;
            }
            assert!(b.sources.len() <= MAX_SOURCES);
        }
        // The burst, then ten a second: what it would get alone.
        assert!((118..=121).contains(&allowed), "{allowed}");
    }
}
