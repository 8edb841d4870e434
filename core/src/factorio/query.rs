//! `query('factorio', 'host[:port]', options)`: the matchmaking server asked about the game
//! at the target's address (looked up first) and port.

use serde_json::Value;

use super::unified::Details;
use crate::error::Result;
use crate::http::vendor::{ApiUrl, VendorPlan};
use crate::spec::QueryPlan;
use crate::target::Target;

crate::options::declare! {
    /// `query('factorio', target, options)`: `target` is the game server's address.
    pub struct FactorioPlan("Factorio query"), ts FactorioQueryOptions, cli "";
    /// The matchmaking API's URL (default `https://multiplayer.factorio.com`): a mirror,
    /// or a local responder (`serve('factorio')`) in tests.
    api: ApiUrl = "api" by text(api), ts "string", flag("api", Text, "URL");
    /// How the API's certificate is checked (`{ ca, insecure, serverName }`), where its
    /// URL is `https` (default: Mozilla's roots).
    tls: Option<crate::tls::Tls> = "tls" by tls(false), ts "TlsOptions", flag("tls", Tls, "");
}

fn api(given: Option<&str>) -> Result<ApiUrl> {
    ApiUrl::given(given, super::API)
}

pub fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    let o = FactorioPlan::read(options)?;
    VendorPlan::boxed(o.common, o.api, o.tls, Details)
}
