//! BROKE PROTOCOL's lists to the machinery above the protocols (`crate::spec`): a plan with
//! a part, the game's list asked where the API fails.

use crate::spec::{self, Listen, ServeArgs};

pub struct BrokeProtocol;

impl spec::Protocol for BrokeProtocol {
    type Codec = spec::packets::NoCodec;
    const SPEC: spec::Spec = spec::Spec::http(
        "brokeprotocol",
        "BROKE PROTOCOL query",
        "BROKE PROTOCOL (its server lists)",
        super::DEFAULT_PORT,
    );
    const TYPES: spec::Types = spec::Types::packetless(
        "BrokeProtocolQueryResult",
        super::query::BrokePlan::TS,
        "BrokeProtocolQueryResult | BrokeProtocolQueryResult[]",
    );
    const CLI: spec::Cli = super::query::BrokePlan::CLI;
    const QUERY: Option<spec::Query> = Some(spec::Query::Parts(super::query::plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::gamedig::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SERVED_AT: Option<&'static str> = Some("api");
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        spec::decls![cfg; super::unified::BrokeProtocolReply, super::query::BrokeProtocolQueryOptions]
    }
}

/// `serve('brokeprotocol', state, options)`: both lists, from the state (the servers as the
/// API writes them).
fn serve(args: ServeArgs<'_>) -> crate::error::Result<(Box<dyn spec::Responder>, Listen)> {
    crate::http::api::serve::<crate::http::vendor::VendorServer<super::unified::Api>>(args, 8080)
}
