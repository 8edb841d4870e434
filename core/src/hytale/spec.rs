//! Hytale's query plugin to the machinery above the protocols (`crate::spec`).

use super::unified::StatusPage;
use super::DEFAULT_PORT;
use crate::error::Result;
use crate::http::page::PageServer;
use crate::spec::{self, Listen, Spec, Types};

pub struct Hytale;

impl spec::Protocol for Hytale {
    type Codec = spec::packets::NoCodec;
    const SPEC: Spec = Spec::http("hytale", "Hytale query", "Hytale (Nitrado query plugin)", DEFAULT_PORT);
    const TYPES: Types = Types {
        serve_options: "HttpsServeOptions",
        ..Types::packetless("HytaleQueryResult", super::query::HytalePlan::TS, "HytaleQueryResult")
    };
    const CLI: spec::Cli = super::query::HytalePlan::CLI;
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(super::query::plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::gamedig::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        use super::unified::{HytaleBasic, HytalePlayer, HytalePlugin, HytaleReply, HytaleServer, HytaleUniverse};
        crate::spec::decls![cfg;
            HytaleReply, HytaleBasic, HytaleServer, HytaleUniverse, HytalePlayer, HytalePlugin,
            super::query::HytaleQueryOptions,
        ]
    }
}

/// `serve('hytale', state, options)`: the query plugin's reply (a saved query's `raw` is
/// one) over HTTPS with a certificate made at `serve()`, or plain HTTP with `tls: false`;
/// JSON whatever the `Accept` (the plugin answers JSON for `application/json`, its own
/// type and none); one request per connection.
fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    crate::http::api::serve_tls::<PageServer<StatusPage>>(args, DEFAULT_PORT)
}
