//! Per-source token buckets for responders: a request that is answered with more bytes
//! than it carried must not let a spoofed source turn the responder into an amplifier.

use std::collections::HashMap;
use std::net::IpAddr;

use crate::error::Result;
use crate::input::{At, Input, Obj};
use crate::json::Json;

/// Sources remembered at most; past it the table starts over (a flood of spoofed
/// sources then costs nothing but their own answers).
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

#[derive(Debug, Default)]
pub struct Buckets {
    limit: RateLimit,
    /// Source → (tokens, last refill in ms).
    sources: HashMap<IpAddr, (f64, u64)>,
}

impl Buckets {
    pub fn new(limit: RateLimit) -> Self {
        Self {
            limit,
            sources: HashMap::new(),
        }
    }

    /// Takes a token for `source` at `now_ms`, if it has one.
    pub fn allow(&mut self, now_ms: u64, source: IpAddr) -> bool {
        if self.sources.len() >= MAX_SOURCES && !self.sources.contains_key(&source) {
            self.sources.clear();
        }
        let (burst, rate) = (f64::from(self.limit.burst), f64::from(self.limit.per_second));
        let (tokens, last) = self.sources.entry(source).or_insert((burst, now_ms));
        *tokens = (*tokens + now_ms.saturating_sub(*last) as f64 * rate / 1000.0).min(burst);
        *last = now_ms;
        let allowed = *tokens >= 1.0;
        if allowed {
            *tokens -= 1.0;
        }
        allowed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
