//! `query('farmingsimulator', …)`: one `GET /feed/dedicated-server-stats.xml?code=…` to the
//! web interface, the code being the option `token` (gamedig's name for it). Asked without
//! one (a server that gives its feed to anyone, a test's responder), a reply that is no feed
//! says the option is what to give.

use serde_json::Value;

use super::unified::WHERE;
use super::{unified, MAX_BODY, PATH};
use crate::error::{ErrorCode, Result};
use crate::http::part::get;
use crate::spec::{QueryPlan, Running, Start};
use crate::target::Target;

crate::options::declare! {
    /// `query('farmingsimulator', target, options)`.
    pub struct FarmingSimulatorPlan("Farming Simulator query"), ts FarmingSimulatorQueryOptions, cli "";
    /// The server's code for its stats feed: in its web interface, Settings → the XML link's
    /// `code=`. Never in a trace, a `--debug` dump or an error.
    token: Option<String> = "token" by text(code), ts "string", flag("token", Text, "T");
    /// HTTPS: `true`, or how the certificate is checked (`{ ca, insecure, serverName }`),
    /// for a server behind a TLS proxy (default false: plain HTTP).
    tls: Option<crate::tls::Tls> = "tls" by tls(false), ts "boolean | TlsOptions", flag("tls", Tls, "");
}

/// An empty code is none.
fn code(given: Option<&str>) -> Result<Option<String>> {
    crate::http::param::credential("token", given.filter(|c| !c.is_empty()))
}

pub fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    Ok(Box::new(FarmingSimulatorPlan::read(options)?))
}

impl QueryPlan for FarmingSimulatorPlan {
    crate::http::over_tcp!();

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let path = format!("{PATH}?code={}", self.token.as_deref().unwrap_or_default());
        let exchange = get(&at, &path, &[], MAX_BODY);
        let code_given = self.token.is_some();
        Ok(at.report(exchange, move |reply| {
            let feed = unified::read(&reply.body, code_given).map_err(|mut e| {
                // Asked without a code, a reply that is no feed may be the refusal.
                if !code_given && e.code != ErrorCode::Auth {
                    e.message = format!("{} (no option token was given: {WHERE})", e.message);
                }
                e
            })?;
            Ok(unified::status(feed, reply.latency_ms))
        }))
    }
}
