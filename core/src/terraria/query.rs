//! `query('terraria', …)`: one `GET /v2/server/status` to TShock's REST API, with the
//! players and the rules asked for and the token, when given, in the query string (where
//! TShock reads it; a trace shows it as `[redacted]`, a message never).

use serde_json::Value;

use super::api::{read, MAX_BODY, PATH};
use super::unified;
use crate::error::Result;
use crate::http::part::get;
use crate::spec::{QueryPlan, Running, Start};
use crate::target::Target;

crate::options::declare! {
    /// `query('terraria', target, options)`.
    pub struct TerrariaPlan("TShock query"), ts TerrariaQueryOptions, cli "";
    /// A REST token (`/rest createtoken`, or `ApplicationRestTokens` in TShock's config):
    /// needed where `EnableTokenEndpointAuthentication` is on. Never in a trace, a
    /// `--debug` dump or an error.
    token: Option<String> = "token" by text(token), ts "string", flag("token", Text, "T");
    /// The players' rows (default true).
    players: bool = "players" by boolean(true), ts "boolean", flag("no-players", Set("false"), "");
    /// TShock's settings into `raw.rules` (default true).
    rules: bool = "rules" by boolean(true), ts "boolean", flag("no-rules", Set("false"), "");
    /// HTTPS: `true`, or how the certificate is checked (`{ ca, insecure, serverName }`),
    /// for a server behind a TLS proxy (default false: plain HTTP).
    tls: Option<crate::tls::Tls> = "tls" by tls(false), ts "boolean | TlsOptions", flag("tls", Tls, "");
}

/// A token goes into the query string, form-encoded as TShock's server decodes it.
fn token(given: Option<&str>) -> Result<Option<String>> {
    crate::http::param::credential("token", given)
}

pub fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    Ok(Box::new(TerrariaPlan::read(options)?))
}

impl QueryPlan for TerrariaPlan {
    crate::http::over_tcp!();

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let mut path = format!("{PATH}?players={}&rules={}", self.players, self.rules);
        if let Some(token) = &self.token {
            path.push_str("&token=");
            path.push_str(token);
        }
        let exchange = get(&at, &path, &[], MAX_BODY);
        Ok(at.report(exchange, move |reply| {
            Ok(unified::status(read(&reply.body)?, reply.latency_ms))
        }))
    }
}
