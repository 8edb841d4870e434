//! Palworld to the machinery above the protocols (`crate::spec`).

use super::DEFAULT_PORT;
use crate::error::Result;
use crate::spec::{self, Listen, Spec, Types};

pub struct Palworld;

impl spec::Protocol for Palworld {
    type Codec = spec::packets::NoCodec;
    const SPEC: Spec = Spec::http("palworld", "Palworld query", "Palworld (REST API)", DEFAULT_PORT);
    const TYPES: Types = Types::packetless("PalworldQueryResult", super::query::PalworldPlan::TS, "PalworldState");
    const CLI: spec::Cli = super::query::PalworldPlan::CLI;
    const QUERY: Option<spec::Query> = Some(spec::Query::Parts(super::query::plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::gamedig::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        use super::unified::*;
        crate::spec::decls![cfg;
            super::state::PalworldState, super::state::PalworldPlayer, PalworldQueryResult, PalworldInfo,
            PalworldPlayer, PalworldMetrics, super::query::PalworldQueryOptions,
        ]
    }
}

/// `serve('palworld', state, options)`: the REST API over TCP, one request per connection.
fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    crate::http::api::serve::<super::responder::Responder>(args, DEFAULT_PORT)
}
