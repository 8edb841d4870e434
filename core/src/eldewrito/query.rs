//! `query('eldewrito', …)`: one `GET /` to the server's HTTP port.

use serde_json::Value;

use super::{unified, MAX_BODY, PATH};
use crate::error::Result;
use crate::http::part::get;
use crate::options::Common;
use crate::spec::{QueryPlan, Running, Start, Transport};
use crate::target::Target;

crate::options::declare! {
    /// `query('eldewrito', target, options)`.
    pub struct ElDewritoPlan("ElDewrito query"), ts ElDewritoQueryOptions, cli "";
    /// HTTPS: `true`, or how the certificate is checked (`{ ca, insecure, serverName }`),
    /// for a server behind a TLS proxy (default false: plain HTTP).
    tls: Option<crate::tls::Tls> = "tls" by tls(false), ts "boolean | TlsOptions", flag("tls", Tls, "");
}

pub fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    Ok(Box::new(ElDewritoPlan::read(options)?))
}

impl QueryPlan for ElDewritoPlan {
    fn tls(&self) -> Option<&crate::tls::Tls> {
        self.tls.as_ref()
    }

    fn common(&self) -> &Common {
        &self.common
    }

    fn transport(&self) -> Transport {
        Transport::Tcp
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let exchange = get(&at, PATH, &[], MAX_BODY);
        Ok(at.report(exchange, move |reply| {
            Ok(unified::status(unified::read(&reply.body)?, reply.latency_ms))
        }))
    }
}
