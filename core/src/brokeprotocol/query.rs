//! `query('brokeprotocol', 'host[:port]', options)`: the API's list (or one server by
//! `serverId`); where the API does not answer, the game's own list, as a second part of the
//! call to that host.

use serde_json::Value;

use super::unified::{Api, Official};
use super::INTERVALS;
use crate::error::{Error, ErrorCode, Result};
use crate::http::vendor::{ApiUrl, VendorPlan};
use crate::options::Common;
use crate::spec::query::Elsewhere;
use crate::spec::{Listed, Outcome, Parts, QueryPlan, Running, Start};
use crate::tls::Tls;

crate::options::declare! {
    /// `query('brokeprotocol', target, options)`: `target` is the game server's address.
    pub struct BrokePlan("BROKE PROTOCOL query"), ts BrokeProtocolQueryOptions, cli "";
    /// The community API's URL, with its base path (default
    /// `https://bp.userr00t.com/serverbrowser/api`): a mirror, or a local responder.
    api: ApiUrl = "api" by text(api), ts "string", flag("api", Text, "URL");
    /// The game's own list's host, asked where the API does not answer (default
    /// `https://brokeprotocol.com`).
    fallback: ApiUrl = "fallback" by text(fallback), ts "string", flag("fallback", Text, "URL");
    /// How an `https` list's certificate is checked (`{ ca, insecure, serverName }`).
    tls: Option<Tls> = "tls" by tls(false), ts "TlsOptions", flag("tls", Tls, "");
    /// The server's id in the API (`raw.id`): asks for it alone (the API only; the target
    /// is not compared).
    server_id: Option<String> = "serverId" by text(server_id), ts "string", flag("server-id", Text, "ID");
    /// The span of the API's player-count snapshots: `1h` (default), `6h`, `12h`, `1d`,
    /// `3d`, `1w`, `2w`, `4w`.
    snapshot_interval: &'static str = "snapshotInterval" by choice(INTERVALS, "1h"), ts "'1h' | '6h' | '12h' | '1d' | '3d' | '1w' | '2w' | '4w'", flag("snapshot-interval", Text, "SPAN");
    /// How old (ms) a copy of either list fetched by an earlier query may be to answer this
    /// one (default 30000; 0: always fetch), as for every central list.
    max_age: crate::exchange::Millis = "maxAge" by number(0.0, crate::http::lists::MAX_AGE_LIMIT, crate::http::lists::MAX_AGE), ts "number", flag("max-age", Number, "MS");
}

fn api(given: Option<&str>) -> Result<ApiUrl> {
    ApiUrl::given(given, super::API)
}

fn fallback(given: Option<&str>) -> Result<ApiUrl> {
    ApiUrl::given(given, super::FALLBACK)
}

fn server_id(given: Option<&str>) -> Result<Option<String>> {
    crate::http::vendor::segment("serverId", given)
}

pub fn plan(options: Value, _target: &crate::target::Target) -> Result<Box<dyn QueryPlan>> {
    let o = BrokePlan::read(options)?;
    let tls = |url: &ApiUrl| url.secure.then(|| o.tls.clone().unwrap_or_default());
    let first = VendorPlan::boxed(
        o.common,
        o.api.clone(),
        tls(&o.api),
        Api {
            server_id: o.server_id.clone(),
            interval: o.snapshot_interval,
        },
        o.max_age,
    )?;
    // A server by id is the API's alone: no list to fall back on.
    let then = match o.server_id {
        Some(_) => None,
        None => Some(VendorPlan::boxed(
            o.common,
            o.fallback.clone(),
            tls(&o.fallback),
            Official,
            o.max_age,
        )?),
    };
    Ok(Box::new(Fallible {
        first,
        then,
        common: o.common,
    }))
}

/// The API's plan, and the game's list's where the API fails.
pub struct Fallible {
    first: Box<dyn QueryPlan>,
    then: Option<Box<dyn QueryPlan>>,
    common: Common,
}

impl QueryPlan for Fallible {
    fn tls(&self) -> Option<&Tls> {
        self.first.tls()
    }

    fn common(&self) -> &Common {
        &self.common
    }

    fn transport(&self) -> crate::spec::Transport {
        crate::spec::Transport::Tcp
    }

    fn elsewhere(&self) -> Option<Elsewhere> {
        self.first.elsewhere()
    }

    fn listed(&mut self, at: Start<'_>) -> Option<Listed> {
        self.first.listed(at)
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        self.first.start(at)
    }

    fn parts(&mut self, _host: &str, _port: u16) -> Option<Box<dyn Parts>> {
        Some(Box::new(Then {
            then: self.then.take(),
            start: false,
            first: None,
            outcome: None,
        }))
    }
}

/// The fallback as a part: started when the API's answer is a failure of the API (not a
/// list without the server, nor the caller's mistake).
struct Then {
    then: Option<Box<dyn QueryPlan>>,
    start: bool,
    /// Why the API failed, for the fallback's error.
    first: Option<Error>,
    outcome: Option<Result<Outcome>>,
}

/// Whether `e` says the API did not answer as one, so that the game's list may.
fn api_failed(e: &Error) -> bool {
    !matches!(
        e.code,
        ErrorCode::NotListed | ErrorCode::InvalidArgument | ErrorCode::Aborted
    )
}

impl Parts for Then {
    fn next(&mut self) -> Option<Box<dyn QueryPlan>> {
        match self.start {
            true => {
                self.start = false;
                self.then.take()
            }
            false => None,
        }
    }

    fn ended(&mut self, k: usize, result: Result<Outcome>) {
        match (k, result, self.first.take()) {
            (0, Err(e), _) if api_failed(&e) && self.then.is_some() => {
                self.start = true;
                self.first = Some(e);
            }
            (_, Err(mut e), Some(first)) => {
                e.message = format!("{} (the community API first: {})", e.message, first.message);
                self.outcome = Some(Err(e));
            }
            (_, result, _) => self.outcome = Some(result),
        }
    }

    fn decide(&mut self) -> Option<Result<Outcome>> {
        self.outcome.take()
    }
}
