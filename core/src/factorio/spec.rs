//! Factorio's matchmaking API to the machinery above the protocols (`crate::spec`).

use super::unified::Details;
use super::DEFAULT_PORT;
use crate::error::Result;
use crate::http::vendor::VendorServer;
use crate::spec::{self, Listen, Spec, Types};

pub struct Factorio;

impl spec::Protocol for Factorio {
    type Codec = spec::packets::NoCodec;
    const SPEC: Spec = Spec::http(
        "factorio",
        "Factorio query",
        "Factorio (its matchmaking API)",
        DEFAULT_PORT,
    );
    const TYPES: Types = Types::packetless(
        "FactorioQueryResult",
        super::query::FactorioPlan::TS,
        "FactorioQueryResult",
    );
    const CLI: spec::Cli = super::query::FactorioPlan::CLI;
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(super::query::plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::gamedig::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SERVED_AT: Option<&'static str> = Some("api");
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        use super::unified::{FactorioReply, FactorioVersion};
        crate::spec::decls![cfg; FactorioReply, FactorioVersion, super::query::FactorioQueryOptions]
    }
}

/// `serve('factorio', state, options)`: the matchmaking API over HTTP, answering
/// `get-game-details` for the game the state describes (at its `host_address`, or at any).
fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    crate::http::api::serve::<VendorServer<Details>>(args, 8080)
}
