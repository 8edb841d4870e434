//! A query made of requests to one API in order (EOS's token, then its filter; Hawakening's
//! login, listings, matchmaking and logout): each request a part of the call
//! ([`crate::spec::Parts`]) on a connection to the API of its own, within the one deadline,
//! each answer deciding the next. A protocol knows its requests ([`Chain`]); this runs
//! them, and knows none.

use super::lists::{Keep, Listing};
use super::vendor::ApiUrl;
use crate::error::Result;
use crate::exchange::Millis;
use crate::options::Common;
use crate::spec::query::Elsewhere;
use crate::spec::{Listed, Outcome, Parts, QueryPlan, Running, Start, Transport};
use crate::tls::Tls;

/// A protocol's requests: the first, each one's exchange, and what its answer makes next.
/// The chain is cloned into each request as it starts (what it learnt so far with it).
pub trait Chain: Clone + Send + 'static {
    type Step: Clone + Send + 'static;
    /// The first request: the query's own exchange.
    fn first(&self) -> Self::Step;
    /// `step`'s exchange on the connection `at` opened to the API, whose paths follow
    /// `base`.
    fn start(&self, step: &Self::Step, base: &str, at: Start<'_>) -> Result<Box<dyn Running>>;
    /// `step` ended with `result`: the request after it, or the call's result.
    fn then(&mut self, step: &Self::Step, result: Result<Outcome>) -> Then<Self::Step>;

    /// `step` reads a central list, the same whatever server is asked: its path (after the
    /// base) and how old a copy held from an earlier query may answer ([`super::lists`]).
    /// `None`: a request of its own.
    fn list(&self, _step: &Self::Step) -> Option<(&'static str, Millis)> {
        None
    }

    /// `step`'s answer from a copy of its list ([`Chain::list`]), as its exchange reads it.
    fn read_list(&self, _step: &Self::Step, _body: &[u8], _latency_ms: f64, _at: &Start<'_>) -> Result<Outcome> {
        Err(crate::error::Error::invalid("this request reads no list"))
    }

    /// `step`'s exchange when it fetches its list ([`Chain::list`]): as [`Chain::start`], the
    /// body given to `keep` once read.
    fn start_list(&self, step: &Self::Step, base: &str, at: Start<'_>, _keep: Keep) -> Result<Box<dyn Running>> {
        self.start(step, base, at)
    }
}

/// What a request's answer makes next.
pub enum Then<S> {
    Next(S),
    End(Result<Outcome>),
}

/// Where the requests go: the API, its TLS, the call's options.
#[derive(Debug, Clone)]
pub struct To {
    pub common: Common,
    pub api: ApiUrl,
    pub tls: Option<Tls>,
    /// The API knows servers by address: the target's host is looked up first.
    pub by_address: bool,
}

impl To {
    /// The API at `api`, its certificate checked as the option `tls` says (an `https` API
    /// only: [`super::vendor::api_tls`]).
    pub fn new(common: Common, api: ApiUrl, tls: Option<Tls>, by_address: bool) -> Result<Self> {
        let tls = super::vendor::api_tls(&api, tls)?;
        Ok(Self {
            common,
            api,
            tls,
            by_address,
        })
    }
}

/// One request of a chain: the query's own (the first, whose parts the others are), or a
/// part of the call.
pub struct Step<C: Chain> {
    to: To,
    chain: C,
    step: C::Step,
    first: bool,
    /// The list the request reads, once the target is known ([`QueryPlan::listed`]).
    listing: Option<Listing>,
}

impl<C: Chain> Step<C> {
    /// The query: its first request, the rest its parts.
    pub fn first(to: To, chain: C) -> Self {
        let step = chain.first();
        Self {
            to,
            chain,
            step,
            first: true,
            listing: None,
        }
    }
}

impl<C: Chain> QueryPlan for Step<C> {
    fn tls(&self) -> Option<&Tls> {
        self.to.tls.as_ref()
    }

    fn common(&self) -> &Common {
        &self.to.common
    }

    fn transport(&self) -> Transport {
        Transport::Tcp
    }

    fn elsewhere(&self) -> Option<Elsewhere> {
        Some(Elsewhere {
            host: self.to.api.host.clone(),
            port: self.to.api.port,
            by_address: self.to.by_address,
        })
    }

    fn listed(&mut self, at: Start<'_>) -> Option<Listed> {
        let (path, max_age) = self.chain.list(&self.step)?;
        let mut listing = Listing::at(&self.to.api.url(path), self.to.tls.as_ref(), max_age)?;
        let (chain, step) = (&self.chain, &self.step);
        let answer = listing.look(&at, |body, latency_ms| chain.read_list(step, body, latency_ms, &at));
        self.listing = Some(listing);
        answer
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        match self.listing.as_mut() {
            Some(listing) => self
                .chain
                .start_list(&self.step, &self.to.api.base, at, listing.keeper()),
            None => self.chain.start(&self.step, &self.to.api.base, at),
        }
    }

    fn parts(&mut self, _host: &str, _port: u16) -> Option<Box<dyn Parts>> {
        let steps = Steps {
            to: self.to.clone(),
            chain: self.chain.clone(),
            kinds: vec![self.step.clone()],
            next: None,
            outcome: None,
        };
        self.first.then(|| Box::new(steps) as Box<dyn Parts>)
    }
}

/// The requests after the query's own (part 0): each started once the one before it
/// answered, until one's answer is the call's.
struct Steps<C: Chain> {
    to: To,
    chain: C,
    /// What each part started was.
    kinds: Vec<C::Step>,
    /// The request to start now.
    next: Option<C::Step>,
    outcome: Option<Result<Outcome>>,
}

impl<C: Chain> Parts for Steps<C> {
    fn next(&mut self) -> Option<Box<dyn QueryPlan>> {
        let step = self.next.take()?;
        self.kinds.push(step.clone());
        Some(Box::new(Step {
            to: self.to.clone(),
            chain: self.chain.clone(),
            step,
            first: false,
            listing: None,
        }))
    }

    fn ended(&mut self, k: usize, result: Result<Outcome>) {
        let Some(kind) = self.kinds.get(k) else { return };
        match self.chain.then(kind, result) {
            Then::Next(step) => self.next = Some(step),
            Then::End(outcome) => self.outcome = Some(outcome),
        }
    }

    fn decide(&mut self) -> Option<Result<Outcome>> {
        self.outcome.take()
    }
}
