//! TeamSpeak 3's ServerQuery to the machinery above the protocols (`crate::spec`).

use super::{responder::Responder, TeamSpeak3State, DEFAULT_QUERY_PORT, DEFAULT_VOICE_PORT};
use crate::error::Result;
use crate::input;
use crate::options::TcpServeOptions;
use crate::spec::{self, Listen, Spec, Types};

pub struct TeamSpeak3;

impl spec::Protocol for TeamSpeak3 {
    type Codec = spec::packets::NoCodec;
    const SPEC: Spec = Spec {
        name: "teamspeak3",
        title: "TeamSpeak 3 query",
        label: "TeamSpeak 3 (ServerQuery)",
        transport: spec::Transport::Tcp,
        default_port: Some(DEFAULT_VOICE_PORT),
        rcon: None,
        alone: "speaks a text console over TCP: it has no packets of its own (query or serve it)",
    };
    const TYPES: Types = Types::packetless(
        "TeamSpeak3QueryResult",
        super::query::TeamSpeak3Plan::TS,
        "TeamSpeak3State",
    );
    const CLI: spec::Cli = super::query::TeamSpeak3Plan::CLI;
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(super::query::plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::gamedig::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SERVED_AT: Option<&'static str> = Some("queryPort");
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        crate::spec::decls![cfg;
            TeamSpeak3State, super::unified::TeamSpeak3QueryResult, super::query::TeamSpeak3QueryOptions,
        ]
    }
}

/// `serve('teamspeak3', state, options)`: the ServerQuery console over TCP (port 10011 by
/// default), for the virtual server the state describes.
fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    let state: TeamSpeak3State = input::from_json("TeamSpeak 3 state", args.state)?;
    let o: TcpServeOptions = input::from_options("serve options", args.options)?;
    Ok((Box::new(Responder::new(state)), Listen::tcp(&o, DEFAULT_QUERY_PORT)?))
}
