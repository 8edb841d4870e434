//! Renegade X's master server to the machinery above the protocols (`crate::spec`).

use super::unified::Listed;
use super::DEFAULT_PORT;
use crate::error::Result;
use crate::http::vendor::VendorServer;
use crate::spec::{self, Listen, Spec, Types};

pub struct RenegadeX;

impl spec::Protocol for RenegadeX {
    type Codec = spec::packets::NoCodec;
    const SPEC: Spec = Spec::http(
        "renegadex",
        "Renegade X query",
        "Renegade X (its master server)",
        DEFAULT_PORT,
    );
    const TYPES: Types = Types::packetless(
        "RenegadeXQueryResult",
        super::query::RenegadeXPlan::TS,
        "RenegadeXQueryResult | RenegadeXQueryResult[]",
    );
    const CLI: spec::Cli = super::query::RenegadeXPlan::CLI;
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(super::query::plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::gamedig::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SERVED_AT: Option<&'static str> = Some("api");
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        use super::unified::RenegadeXReply;
        crate::spec::decls![cfg; RenegadeXReply, super::query::RenegadeXQueryOptions]
    }
}

/// `serve('renegadex', state, options)`: the master server's list over HTTP — the state's server, or
/// its servers.
fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    crate::http::api::serve::<VendorServer<Listed>>(args, 8080)
}
