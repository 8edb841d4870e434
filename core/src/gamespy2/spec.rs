//! GameSpy 2 to the machinery above the protocols (`crate::spec`).

use crate::spec::sample::SampleFit;
use serde_json::Value;

use super::codec::{GameSpy2Request, GameSpy2Response};
use super::exchange::Status;
use super::responder::Responder;
use super::state::GameSpy2State;
use crate::error::Result;
use crate::input;
use crate::options::{Common, UdpServeOptions};
use crate::spec::{self, Listen, Packets, QueryPlan, Reply, Running, Spec, Start, Types};
use crate::target::Target;
use crate::text::TextEncoding;

/// Halo's query port (its game port); the games table has each game's.
pub const DEFAULT_PORT: u16 = 2302;

pub struct GameSpy2;

crate::spec::packets::encoding_codec!(
    GameSpy2,
    GameSpy2Request,
    "GameSpy 2 request",
    GameSpy2Response,
    "GameSpy 2 response"
);

impl spec::Protocol for GameSpy2 {
    type Codec = Self;
    const SPEC: Spec = Spec {
        name: "gamespy2",
        title: "GameSpy 2 query",
        label: "GameSpy 2 (Halo, SWAT 4)",
        transport: spec::Transport::Udp,
        default_port: Some(DEFAULT_PORT),
        rcon: None,
        alone: "",
    };
    const TYPES: Types = Types {
        request: "GameSpy2Request",
        response: "GameSpy2Response",
        decode_options: "EncodingOptions",
        raw: "GameSpy2QueryResult",
        query_options: QueryRequest::TS,
        serve_options: "UdpServeOptions",
        state: "GameSpy2State",
        rcon_options: "never",
    };
    const CLI: spec::Cli = QueryRequest::CLI;
    const PACKETS: Option<Packets> = Some(Packets::of::<GameSpy2>());
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::describe::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));
    const SAMPLE_FIT: Option<SampleFit> = Some(SampleFit {
        game_port: Some("/rules/hostport"),
        ..SampleFit::of("halo")
    });

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        use super::*;
        crate::spec::decls![cfg;
            GameSpy2Request, GameSpy2Response, GameSpy2Table, GameSpy2State, unified::GameSpy2QueryResult, GameSpy2QueryOptions,
        ]
    }
}

crate::options::declare! {
    /// `query('gamespy2', target, options)`.
    struct QueryRequest("GameSpy 2 query"), ts GameSpy2QueryOptions, cli "";
    /// A WHATWG label (`windows-1251`, `utf-8` …) or `'auto'` (default: UTF-8 where the
    /// whole reply is, else windows-1252, the games' own charset).
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
    let state: GameSpy2State = input::from_json("GameSpy 2 state", args.state)?;
    let o: UdpServeOptions = input::from_options("serve options", args.options)?;
    let listen = Listen::udp(o.host.as_deref(), o.port, DEFAULT_PORT)?;
    Ok((
        Box::new(Responder::new(state, o.rate_limit.unwrap_or_default())?),
        listen,
    ))
}

impl spec::Responder for Responder {
    fn update(&mut self, state: &str) -> Result<()> {
        Responder::update(self, input::from_json("GameSpy 2 state", state)?)
    }

    fn handle_datagram(&mut self, now_ms: u64, from: std::net::SocketAddr, bytes: &[u8]) -> Reply {
        Reply::Send(self.handle(now_ms, from, bytes).into_iter().collect())
    }
}
