//! Mumble's ping to the machinery above the protocols (`crate::spec`).

use serde_json::Value;

use super::exchange::MumbleExchange;
use super::packets::{MumbleRequest, MumbleResponse, MumbleState, DEFAULT_PORT};
use super::responder::Responder;
use crate::error::Result;
use crate::input;
use crate::options::{Common, UdpServeOptions};
use crate::spec::{self, Listen, Packets, QueryPlan, Reply, Running, Spec, Start, Types};
use crate::target::Target;

pub struct Mumble;

crate::spec::packets::plain_codec!(
    Mumble,
    MumbleRequest,
    "Mumble ping",
    MumbleResponse,
    "Mumble ping reply"
);

impl spec::Protocol for Mumble {
    type Codec = Self;
    const SPEC: Spec = Spec {
        name: "mumble",
        title: "Mumble ping",
        label: "Mumble",
        transport: spec::Transport::Udp,
        default_port: Some(DEFAULT_PORT),
        rcon: None,
        alone: "",
    };
    const TYPES: Types = Types {
        request: "MumbleRequest",
        response: "MumbleResponse",
        decode_options: "Record<string, never>",
        raw: "MumbleQueryResult",
        query_options: QueryRequest::TS,
        serve_options: "UdpServeOptions",
        state: "MumbleState",
        rcon_options: "never",
    };
    const CLI: spec::Cli = QueryRequest::CLI;
    const PACKETS: Option<Packets> = Some(Packets::of::<Mumble>());
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(plan));
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        crate::spec::decls![cfg;
            MumbleRequest, MumbleResponse, MumbleState, super::unified::MumbleQueryResult, MumbleQueryOptions,
        ]
    }
}

crate::options::declare! {
    /// `query('mumble', target, options)`.
    struct QueryRequest("Mumble ping"), ts MumbleQueryOptions, cli "";
    /// Mumble 1.5's protobuf ping instead of the legacy one (which every server since 1.2
    /// answers; 1.3 and older ignore the protobuf one).
    protobuf: bool = "protobuf" by boolean(false), ts "boolean", flag("protobuf", Set("true"), "");
}

fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    Ok(Box::new(QueryRequest::read(options)?))
}

impl QueryPlan for QueryRequest {
    fn common(&self) -> &Common {
        &self.common
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let exchange = MumbleExchange::ping(self.protobuf, at.budget, at.now, at.rng.next_u64());
        Ok(spec::query::reporting(exchange, &at, super::unified::status))
    }
}

fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    let state: MumbleState = input::from_json("Mumble state", args.state)?;
    let o: UdpServeOptions = input::from_options("serve options", args.options)?;
    let listen = Listen::udp(o.host.as_deref(), o.port, DEFAULT_PORT)?;
    Ok((
        Box::new(Responder::new(state, o.rate_limit.unwrap_or_default())),
        listen,
    ))
}

impl spec::Responder for Responder {
    fn update(&mut self, state: &str) -> Result<()> {
        Responder::update(self, input::from_json::<MumbleState>("Mumble state", state)?);
        Ok(())
    }

    fn handle_datagram(&mut self, now_ms: u64, from: std::net::SocketAddr, bytes: &[u8]) -> Reply {
        Reply::Send(self.handle(now_ms, from, bytes).into_iter().collect())
    }
}
