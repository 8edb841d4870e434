//! Build and Shoot's status server to the machinery above the protocols (`crate::spec`).

use super::unified::StatusPage;
use super::DEFAULT_PORT;
use crate::error::Result;
use crate::http::page::PageServer;
use crate::spec::{self, Listen, Spec, Types};

pub struct BuildAndShoot;

impl spec::Protocol for BuildAndShoot {
    type Codec = spec::packets::NoCodec;
    const SPEC: Spec = Spec::http(
        "buildandshoot",
        "Build and Shoot query",
        "Build and Shoot (piqueserver's status server)",
        DEFAULT_PORT,
    );
    const TYPES: Types = Types::packetless(
        "BuildAndShootQueryResult",
        super::query::BuildAndShootPlan::TS,
        "BuildAndShootQueryResult",
    );
    const CLI: spec::Cli = super::query::BuildAndShootPlan::CLI;
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(super::query::plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::gamedig::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        use super::unified::{BuildAndShootMap, BuildAndShootPlayer, BuildAndShootReply, BuildAndShootScores};
        crate::spec::decls![cfg;
            BuildAndShootReply, BuildAndShootMap, BuildAndShootPlayer, BuildAndShootScores,
            super::query::BuildAndShootQueryOptions,
        ]
    }
}

/// `serve('buildandshoot', state, options)`: the status over HTTP, one request per connection.
fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    crate::http::api::serve::<PageServer<StatusPage>>(args, DEFAULT_PORT)
}
