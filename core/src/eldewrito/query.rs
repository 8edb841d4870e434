//! `query('eldewrito', …)`: one `GET /` to the server's HTTP port.

use serde_json::Value;

use super::unified::StatusPage;
use crate::error::Result;
use crate::http::page::PagePlan;
use crate::spec::QueryPlan;
use crate::target::Target;

crate::options::declare! {
    /// `query('eldewrito', target, options)`.
    pub struct ElDewritoPlan("ElDewrito query"), ts ElDewritoQueryOptions, cli "";
    /// HTTPS: `true`, or how the certificate is checked (`{ ca, insecure, serverName }`),
    /// for a server behind a TLS proxy (default false: plain HTTP).
    tls: Option<crate::tls::Tls> = "tls" by tls(false), ts "boolean | TlsOptions", flag("tls", Tls, "");
}

pub fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    let o = ElDewritoPlan::read(options)?;
    Ok(PagePlan::<StatusPage>::boxed(o.common, o.tls))
}
