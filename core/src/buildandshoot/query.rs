//! `query('buildandshoot', …)`: one `GET /json` to the status server.

use serde_json::Value;

use super::unified::StatusPage;
use crate::error::Result;
use crate::http::page::PagePlan;
use crate::spec::QueryPlan;
use crate::target::Target;

crate::options::declare! {
    /// `query('buildandshoot', target, options)`.
    pub struct BuildAndShootPlan("Build and Shoot query"), ts BuildAndShootQueryOptions, cli "";
    /// HTTPS: `true`, or how the certificate is checked (`{ ca, insecure, serverName }`),
    /// for a status server behind a TLS proxy (default false: plain HTTP).
    tls: Option<crate::tls::Tls> = "tls" by tls(false), ts "boolean | TlsOptions", flag("tls", Tls, "");
}

pub fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    let o = BuildAndShootPlan::read(options)?;
    Ok(PagePlan::<StatusPage>::boxed(o.common, o.tls))
}
