//! Eco's status to the machinery above the protocols (`crate::spec`).

use super::unified::StatusPage;
use super::DEFAULT_PORT;
use crate::error::Result;
use crate::http::page::PageServer;
use crate::spec::{self, Listen, Spec, Types};

pub struct Eco;

impl spec::Protocol for Eco {
    type Codec = spec::packets::NoCodec;
    const SPEC: Spec = Spec::http("eco", "Eco query", "Eco", DEFAULT_PORT);
    const TYPES: Types = Types::packetless("EcoQueryResult", super::query::EcoPlan::TS, "EcoState | EcoQueryResult");
    const CLI: spec::Cli = super::query::EcoPlan::CLI;
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(super::query::plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::gamedig::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        use super::unified::{EcoInfo, EcoReply};
        crate::spec::decls![cfg; EcoInfo, EcoReply, super::query::EcoQueryOptions]
    }
}

/// `serve('eco', state, options)`: the front page over HTTP, one request per connection.
fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    crate::http::api::serve::<PageServer<StatusPage>>(args, DEFAULT_PORT)
}
