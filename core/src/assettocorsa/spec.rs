//! Assetto Corsa to the machinery above the protocols (`crate::spec`).

use super::DEFAULT_PORT;
use crate::error::Result;
use crate::spec::{self, Listen, Spec, Types};

pub struct AssettoCorsa;

impl spec::Protocol for AssettoCorsa {
    type Codec = spec::packets::NoCodec;
    const SPEC: Spec = Spec::http(
        "assettocorsa",
        "Assetto Corsa query",
        "Assetto Corsa (HTTP)",
        DEFAULT_PORT,
    );
    const TYPES: Types = Types::packetless(
        "AssettoCorsaQueryResult",
        super::query::AssettoCorsaPlan::TS,
        "AssettoCorsaQueryResult",
    );
    const CLI: spec::Cli = super::query::AssettoCorsaPlan::CLI;
    const QUERY: Option<spec::Query> = Some(spec::Query::Parts(super::query::plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::gamedig::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        use super::unified::{AssettoCorsaCar, AssettoCorsaInfo, AssettoCorsaQueryResult};
        crate::spec::decls![cfg;
            AssettoCorsaQueryResult, AssettoCorsaInfo, AssettoCorsaCar, super::query::AssettoCorsaQueryOptions,
        ]
    }
}

/// `serve('assettocorsa', state, options)`: `/INFO` and the entry list over HTTP.
fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    crate::http::api::serve::<super::responder::Responder>(args, DEFAULT_PORT)
}
