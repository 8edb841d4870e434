//! Farming Simulator to the machinery above the protocols (`crate::spec`).

use super::DEFAULT_PORT;
use crate::error::Result;
use crate::spec::{self, Listen, Spec, Types};

pub struct FarmingSimulator;

impl spec::Protocol for FarmingSimulator {
    type Codec = spec::packets::NoCodec;
    const SPEC: Spec = Spec::http(
        "farmingsimulator",
        "Farming Simulator query",
        "Farming Simulator (stats feed)",
        DEFAULT_PORT,
    );
    const TYPES: Types = Types::packetless(
        "FarmingSimulatorQueryResult",
        super::query::FarmingSimulatorPlan::TS,
        "FarmingSimulatorQueryResult",
    );
    const CLI: spec::Cli = super::query::FarmingSimulatorPlan::CLI;
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(super::query::plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::gamedig::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        use super::unified::{FarmingSimulatorMod, FarmingSimulatorPlayer, FarmingSimulatorQueryResult};
        crate::spec::decls![cfg;
            FarmingSimulatorQueryResult, FarmingSimulatorPlayer, FarmingSimulatorMod,
            super::query::FarmingSimulatorQueryOptions,
        ]
    }
}

/// `serve('farmingsimulator', state, options)`: the stats feed over HTTP.
fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    crate::http::api::serve::<super::responder::Responder>(args, DEFAULT_PORT)
}
