//! DarkMultiPlayer's status to the machinery above the protocols (`crate::spec`).

use super::unified::StatusPage;
use super::DEFAULT_PORT;
use crate::error::Result;
use crate::http::page::PageServer;
use crate::spec::{self, Listen, Spec, Types};

pub struct KspDmp;

impl spec::Protocol for KspDmp {
    type Codec = spec::packets::NoCodec;
    const SPEC: Spec = Spec::http(
        "kspdmp",
        "DarkMultiPlayer query",
        "Kerbal Space Program - DarkMultiPlayer",
        DEFAULT_PORT,
    );
    const TYPES: Types = Types::packetless("KspDmpQueryResult", super::query::KspDmpPlan::TS, "KspDmpQueryResult");
    const CLI: spec::Cli = super::query::KspDmpPlan::CLI;
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(super::query::plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::gamedig::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        use super::unified::KspDmpReply;
        crate::spec::decls![cfg; KspDmpReply, super::query::KspDmpQueryOptions]
    }
}

/// `serve('kspdmp', state, options)`: the status over HTTP, one request per connection.
fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    crate::http::api::serve::<PageServer<StatusPage>>(args, DEFAULT_PORT)
}
