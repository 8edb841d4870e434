//! BeamMP's list to the machinery above the protocols (`crate::spec`).

use super::unified::Listed;
use super::DEFAULT_PORT;
use crate::error::Result;
use crate::http::vendor::VendorServer;
use crate::spec::{self, Listen, Spec, Types};

pub struct BeamMp;

impl spec::Protocol for BeamMp {
    type Codec = spec::packets::NoCodec;
    const SPEC: Spec = Spec::http("beammp", "BeamMP query", "BeamMP (its server list)", DEFAULT_PORT);
    const TYPES: Types = Types::packetless(
        "BeamMpQueryResult",
        super::query::BeamMpPlan::TS,
        "BeamMpQueryResult | BeamMpQueryResult[]",
    );
    const CLI: spec::Cli = super::query::BeamMpPlan::CLI;
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(super::query::plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::gamedig::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SERVED_AT: Option<&'static str> = Some("api");
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        use super::unified::BeamMpReply;
        crate::spec::decls![cfg; BeamMpReply, super::query::BeamMpQueryOptions]
    }
}

/// `serve('beammp', state, options)`: the backend's list over HTTP — the state's entry, or
/// its entries.
fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    crate::http::api::serve::<VendorServer<Listed>>(args, 8080)
}
