//! `query('eco', …)`: one `GET /frontpage` to the server's web port.

use serde_json::Value;

use super::unified::StatusPage;
use crate::error::Result;
use crate::http::page::PagePlan;
use crate::spec::QueryPlan;
use crate::target::Target;

crate::options::declare! {
    /// `query('eco', target, options)`.
    pub struct EcoPlan("Eco query"), ts EcoQueryOptions, cli "";
    /// HTTPS: `true`, or how the certificate is checked (`{ ca, insecure, serverName }`),
    /// for a server behind a TLS proxy (default false: plain HTTP).
    tls: Option<crate::tls::Tls> = "tls" by tls(false), ts "boolean | TlsOptions", flag("tls", Tls, "");
}

pub fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    let o = EcoPlan::read(options)?;
    Ok(PagePlan::<StatusPage>::boxed(o.common, o.tls))
}
