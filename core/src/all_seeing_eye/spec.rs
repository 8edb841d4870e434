//! All-Seeing Eye to the machinery above the protocols (`crate::spec`).

use crate::spec::sample::SampleFit;
use serde_json::Value;

use super::codec::{AllSeeingEyeRequest, AllSeeingEyeResponse, AllSeeingEyeState};
use super::exchange::Status;
use super::responder::Responder;
use crate::error::Result;
use crate::input;
use crate::options::{Common, UdpServeOptions};
use crate::spec::{self, Listen, Packets, QueryPlan, Reply, Running, Spec, Start, Types};
use crate::target::Target;
use crate::text::TextEncoding;

/// MTA:SA's query port (its game port 22003 + 123); other games' are in the games table.
pub const DEFAULT_PORT: u16 = 22126;

pub struct AllSeeingEye;

crate::spec::packets::encoding_codec!(
    AllSeeingEye,
    AllSeeingEyeRequest,
    "All-Seeing Eye request",
    AllSeeingEyeResponse,
    "All-Seeing Eye response"
);

impl spec::Protocol for AllSeeingEye {
    type Codec = Self;
    const SPEC: Spec = Spec {
        name: "all-seeing-eye",
        title: "All-Seeing Eye query",
        label: "All-Seeing Eye (MTA)",
        transport: spec::Transport::Udp,
        default_port: Some(DEFAULT_PORT),
        rcon: None,
        alone: "",
    };
    const TYPES: Types = Types {
        request: "AllSeeingEyeRequest",
        response: "AllSeeingEyeResponse",
        decode_options: "EncodingOptions",
        raw: "AllSeeingEyeQueryResult",
        query_options: QueryRequest::TS,
        serve_options: "UdpServeOptions",
        state: "AllSeeingEyeState",
        rcon_options: "never",
    };
    const CLI: spec::Cli = QueryRequest::CLI;
    const PACKETS: Option<Packets> = Some(Packets::of::<AllSeeingEye>());
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::describe::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));
    const SAMPLE_FIT: Option<SampleFit> = Some(SampleFit {
        game_port: Some("/port"),
        ..SampleFit::of("gtasamta")
    });

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        use super::*;
        crate::spec::decls![cfg;
            AllSeeingEyeRequest, AllSeeingEyeResponse, AllSeeingEyeState, AllSeeingEyePlayer,
            unified::AllSeeingEyeQueryResult, AllSeeingEyeQueryOptions,
        ]
    }
}

crate::options::declare! {
    /// `query('all-seeing-eye', target, options)`.
    struct QueryRequest("All-Seeing Eye query"), ts AllSeeingEyeQueryOptions, cli "";
    /// A WHATWG label (`windows-1252`, `utf-8` …) or `'auto'` (default: UTF-8 where the
    /// whole reply is, as MTA's; else one guess over all of its text).
    encoding: TextEncoding = "encoding" by encoding(), ts "string", flag("encoding", Text, "X");
}

fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    Ok(Box::new(QueryRequest::read(options)?))
}

impl QueryPlan for QueryRequest {
    fn common(&self) -> &Common {
        &self.common
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let exchange = Status::exchange(at.budget, at.now, at.rng.next_u64());
        let encoding = self.encoding;
        Ok(at.report(exchange, move |out| Ok(super::unified::status(out, encoding))))
    }
}

fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    let state: AllSeeingEyeState = input::from_json("All-Seeing Eye state", args.state)?;
    let o: UdpServeOptions = input::from_options("serve options", args.options)?;
    let listen = Listen::udp(o.host.as_deref(), o.port, DEFAULT_PORT)?;
    let responder = Responder::new(state, o.rate_limit.unwrap_or_default())?;
    Ok((Box::new(responder), listen))
}

impl spec::Responder for Responder {
    fn update(&mut self, state: &str) -> Result<()> {
        Responder::update(self, input::from_json("All-Seeing Eye state", state)?)
    }

    fn handle_datagram(&mut self, now_ms: u64, from: std::net::SocketAddr, bytes: &[u8]) -> Reply {
        Reply::Send(self.handle(now_ms, from, bytes).into_iter().collect())
    }
}
