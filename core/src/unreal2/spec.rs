//! Unreal 2's query to the machinery above the protocols (`crate::spec`).

use crate::spec::sample::SampleFit;
use serde_json::Value;

use super::codec::{Unreal2Request, Unreal2Response, Unreal2State};
use super::exchange::Unreal2Exchange;
use super::responder::Responder;
use crate::error::Result;
use crate::input;
use crate::options::{Common, UdpServeOptions};
use crate::spec::{self, Listen, Packets, QueryPlan, Reply, Running, Spec, Start, Types};
use crate::target::Target;

/// UT2004's query port (game port 7777 + 1); the games table has each game's.
pub const DEFAULT_PORT: u16 = 7778;

pub struct Unreal2;

crate::spec::packets::plain_codec!(
    Unreal2,
    Unreal2Request,
    "Unreal 2 request",
    Unreal2Response,
    "Unreal 2 reply"
);

impl spec::Protocol for Unreal2 {
    type Codec = Self;
    const SPEC: Spec = Spec {
        name: "unreal2",
        title: "Unreal 2 query",
        label: "Unreal 2 (UT2004, Killing Floor)",
        transport: spec::Transport::Udp,
        default_port: Some(DEFAULT_PORT),
        rcon: None,
        alone: "",
    };
    const TYPES: Types = Types {
        request: "Unreal2Request",
        response: "Unreal2Response",
        decode_options: "Record<string, never>",
        raw: "Unreal2QueryResult",
        query_options: QueryRequest::TS,
        serve_options: "UdpServeOptions",
        state: "Unreal2State",
        rcon_options: "never",
    };
    const CLI: spec::Cli = QueryRequest::CLI;
    const PACKETS: Option<Packets> = Some(Packets::of::<Unreal2>());
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::describe::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));
    const SAMPLE_FIT: Option<SampleFit> = Some(SampleFit {
        game_port: Some("/info/port"),
        query_port: Some("/info/queryPort"),
        ..SampleFit::of("unrealtournament2004")
    });

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        use super::*;
        crate::spec::decls![cfg;
            Unreal2Request, Unreal2Response, Unreal2Info, Unreal2Player, Unreal2State, unified::Unreal2QueryResult, Unreal2QueryOptions,
        ]
    }
}

crate::options::declare! {
    /// `query('unreal2', target, options)`: the options every call takes.
    struct QueryRequest("Unreal 2 query"), ts Unreal2QueryOptions, cli "";
}

fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    Ok(Box::new(QueryRequest::read(options)?))
}

impl QueryPlan for QueryRequest {
    fn common(&self) -> &Common {
        &self.common
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let exchange = Unreal2Exchange::new(at.budget, at.now);
        Ok(spec::query::reporting(exchange, &at, super::unified::status))
    }
}

fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    let state: Unreal2State = input::from_json("Unreal 2 state", args.state)?;
    let o: UdpServeOptions = input::from_options("serve options", args.options)?;
    let listen = Listen::udp(o.host.as_deref(), o.port, DEFAULT_PORT)?;
    Ok((
        Box::new(Responder::new(state, o.rate_limit.unwrap_or_default())?),
        listen,
    ))
}

impl spec::Responder for Responder {
    fn update(&mut self, state: &str) -> Result<()> {
        Responder::update(self, input::from_json("Unreal 2 state", state)?)
    }

    fn handle_datagram(&mut self, now_ms: u64, from: std::net::SocketAddr, bytes: &[u8]) -> Reply {
        Reply::Send(self.handle(now_ms, from, bytes))
    }
}
