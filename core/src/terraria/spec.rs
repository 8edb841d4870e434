//! TShock's REST API to the machinery above the protocols (`crate::spec`).

use super::DEFAULT_PORT;
use crate::error::Result;
use crate::spec::{self, Listen, Spec, Types};

pub struct Terraria;

impl spec::Protocol for Terraria {
    type Codec = spec::packets::NoCodec;
    const SPEC: Spec = Spec::http("terraria", "TShock query", "Terraria (TShock REST API)", DEFAULT_PORT);
    const TYPES: Types = Types::packetless("TerrariaQueryResult", super::query::TerrariaPlan::TS, "TerrariaState");
    const CLI: spec::Cli = super::query::TerrariaPlan::CLI;
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(super::query::plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::gamedig::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        use super::unified::{TerrariaPlayer, TerrariaReply};
        crate::spec::decls![cfg;
            super::state::TerrariaState, super::state::TerrariaPlayerState, TerrariaReply, TerrariaPlayer,
            super::query::TerrariaQueryOptions,
        ]
    }
}

/// `serve('terraria', state, options)`: the REST API over TCP, one request per connection.
fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    crate::http::api::serve::<super::responder::Responder>(args, DEFAULT_PORT)
}
