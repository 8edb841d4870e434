//! `query('beammp', 'host[:port]', options)`: BeamMP's list, the server at the target's
//! address (looked up first) and port found in it.

use serde_json::Value;

use super::unified::Listed;
use crate::error::Result;
use crate::http::vendor::{ApiUrl, VendorPlan};
use crate::spec::QueryPlan;
use crate::target::Target;

crate::options::declare! {
    /// `query('beammp', target, options)`: `target` is the game server's address.
    pub struct BeamMpPlan("BeamMP query"), ts BeamMpQueryOptions, cli "";
    /// The backend's URL (default `https://backend.beammp.com`): a mirror, or a local
    /// responder (`serve('beammp')`) in tests.
    api: ApiUrl = "api" by text(api), ts "string", flag("api", Text, "URL");
    /// How the backend's certificate is checked (`{ ca, insecure, serverName }`), where its
    /// URL is `https` (default: Mozilla's roots).
    tls: Option<crate::tls::Tls> = "tls" by tls(false), ts "TlsOptions", flag("tls", Tls, "");
}

fn api(given: Option<&str>) -> Result<ApiUrl> {
    ApiUrl::given(given, super::API)
}

pub fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    let o = BeamMpPlan::read(options)?;
    VendorPlan::boxed(o.common, o.api, o.tls, Listed)
}
