//! A status that is one JSON page over HTTP — ElDewrito's `/`, Eco's `/frontpage`,
//! piqueserver's `/json`, DarkMultiPlayer's `/`, Hytale's `/Nitrado/Query` — written once: the query that GETs
//! it ([`PagePlan`]) and the responder that serves a state as it ([`PageServer`]). Each
//! protocol says where its page is and how it reads ([`Page`]).

use std::marker::PhantomData;

use serde_json::{Map, Value};

use super::api::Api;
use super::object::ObjectState;
use super::part::get;
use super::serve::{reply, Head};
use crate::error::Result;
use crate::options::Common;
use crate::spec::{QueryPlan, Running, Start};
use crate::status::Status;
use crate::tls::Tls;

pub trait Page: Send + 'static {
    /// Where the page is.
    const PATH: &'static str;
    /// Its body read at most.
    const MAX_BODY: usize;
    /// A responder's state in messages (`Eco state`).
    const STATE: &'static str;
    /// Its `Content-Type`, as the game's server sends it.
    const CONTENT_TYPE: &'static str = "application/json; charset=utf-8";
    type Raw: serde::Serialize + Send + 'static;
    /// The page read into a status.
    fn status(body: &[u8], latency_ms: f64) -> Result<Status<Self::Raw>>;
    /// What a responder serves of its state (ElDewrito fills `numPlayers` in).
    fn served(state: Map<String, Value>) -> Map<String, Value> {
        state
    }
}

/// `GET` the page, over TLS where `tls` says.
pub struct PagePlan<P> {
    common: Common,
    tls: Option<Tls>,
    page: PhantomData<fn() -> P>,
}

impl<P: Page> PagePlan<P> {
    pub fn boxed(common: Common, tls: Option<Tls>) -> Box<dyn QueryPlan> {
        Box::new(Self {
            common,
            tls,
            page: PhantomData,
        })
    }
}

impl<P: Page> QueryPlan for PagePlan<P> {
    super::over_tcp!();

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let exchange = get(&at, P::PATH, &[], P::MAX_BODY);
        Ok(at.report(exchange, |reply| P::status(&reply.body, reply.latency_ms)))
    }
}

/// The page at its path (its query string aside) from a state, written once per state;
/// 404 elsewhere.
#[derive(Debug)]
pub struct PageServer<P> {
    body: Vec<u8>,
    page: PhantomData<fn() -> P>,
}

impl<P: Page> Api for PageServer<P> {
    const STATE: &'static str = P::STATE;
    type State = ObjectState;

    fn new(state: ObjectState) -> Self {
        Self {
            body: serde_json::to_vec(&P::served(state.0)).unwrap_or_default(),
            page: PhantomData,
        }
    }

    fn answer(&self, head: &Head) -> Vec<u8> {
        if head.path.split('?').next() != Some(P::PATH) {
            return reply(404, "text/plain; charset=utf-8", b"Not Found");
        }
        reply(200, P::CONTENT_TYPE, &self.body)
    }
}

/// A protocol whose query is its page alone, over TLS where the caller asks (a server behind
/// a TLS proxy): its options (`tls`, and the common ones) and its `plan`, declared once for
/// ElDewrito, Eco, Build and Shoot and DarkMultiPlayer. `page_query!("eco", EcoPlan("Eco query"), ts
/// EcoQueryOptions, StatusPage)` in the protocol's `query.rs`.
#[cfg(feature = "apis")]
macro_rules! page_query {
    ($id:literal, $plan:ident($what:literal), ts $ts:ident, $page:ty) => {
        $crate::options::declare! {
            #[doc = concat!("`query('", $id, "', target, options)`.")]
            pub struct $plan($what), ts $ts, cli "";
            /// HTTPS: `true`, or how the certificate is checked (`{ ca, insecure, serverName }`),
            /// for a server behind a TLS proxy (default false: plain HTTP).
            tls: Option<$crate::tls::Tls> = "tls" by tls(false), ts "boolean | TlsOptions", flag("tls", Tls, "");
        }

        pub fn plan(
            options: serde_json::Value,
            _target: &$crate::target::Target,
        ) -> $crate::error::Result<Box<dyn $crate::spec::QueryPlan>> {
            let o = $plan::read(options)?;
            Ok($crate::http::page::PagePlan::<$page>::boxed(o.common, o.tls))
        }
    };
}
#[cfg(feature = "apis")]
pub(crate) use page_query;
