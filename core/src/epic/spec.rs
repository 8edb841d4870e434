//! Epic Online Services to the machinery above the protocols (`crate::spec`).

use crate::spec::{self, Listen, ServeArgs};

pub struct Epic;

impl spec::Protocol for Epic {
    type Codec = spec::packets::NoCodec;
    const SPEC: spec::Spec = spec::Spec::http(
        "epic",
        "EOS query",
        "Epic Online Services (its matchmaking API)",
        super::DEFAULT_PORT,
    );
    const TYPES: spec::Types = spec::Types::packetless(
        "EpicQueryResult",
        super::query::EpicPlan::TS,
        "EpicQueryResult | EpicQueryResult[]",
    );
    const CLI: spec::Cli = super::query::EpicPlan::CLI;
    const QUERY: Option<spec::Query> = Some(spec::Query::Parts(super::query::plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::gamedig::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SERVED_AT: Option<&'static str> = Some("api");
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));
    const SAMPLE_OPTIONS: Option<&'static str> = Some(
        r#"{ "clientId": "gamequery", "clientSecret": "secret", "deploymentId": "ad9a8feffb3b4b2ca315546f038c3ae2" }"#,
    );

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        spec::decls![cfg; super::unified::EpicReply, super::query::EpicQueryOptions]
    }
}

/// `serve('epic', state, options)`: Epic's token routes and filter, from the state (a
/// session, or the sessions, as the filter gives them).
fn serve(args: ServeArgs<'_>) -> crate::error::Result<(Box<dyn spec::Responder>, Listen)> {
    crate::http::api::serve::<super::responder::EpicServer>(args, 8080)
}
