//! GameSpy 1 to the machinery above the protocols (`crate::spec`).

use crate::spec::sample::SampleFit;
use serde_json::Value;

use super::codec::{GameSpy1Request, GameSpy1Response};
use super::exchange::Status;
use super::responder::Responder;
use super::state::GameSpy1State;
use crate::error::Result;
use crate::input;
use crate::options::{Common, UdpServeOptions};
use crate::spec::{self, Listen, Packets, QueryPlan, Reply, Running, Spec, Start, Types};
use crate::target::Target;
use crate::text::TextEncoding;

/// Unreal Tournament's query port (game port 7777 + 1); the games table has each game's.
pub const DEFAULT_PORT: u16 = 7778;

pub struct GameSpy1;

crate::spec::packets::encoding_codec!(
    GameSpy1,
    GameSpy1Request,
    "GameSpy 1 request",
    GameSpy1Response,
    "GameSpy 1 datagram"
);

impl spec::Protocol for GameSpy1 {
    type Codec = Self;
    const SPEC: Spec = Spec {
        name: "gamespy1",
        title: "GameSpy 1 query",
        label: "GameSpy 1 (UT99, BF1942)",
        transport: spec::Transport::Udp,
        default_port: Some(DEFAULT_PORT),
        rcon: None,
        alone: "",
    };
    const TYPES: Types = Types {
        request: "GameSpy1Request",
        response: "GameSpy1Response",
        decode_options: "EncodingOptions",
        raw: "GameSpy1QueryResult",
        query_options: QueryRequest::TS,
        serve_options: "UdpServeOptions",
        state: "GameSpy1State",
        rcon_options: "never",
    };
    const CLI: spec::Cli = QueryRequest::CLI;
    const PACKETS: Option<Packets> =
        Some(Packets::of::<GameSpy1>().with_frames(|_, _| Box::<super::gather::Gather>::default()));
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::describe::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));
    const SAMPLE_FIT: Option<SampleFit> = Some(SampleFit {
        game_port: Some("/rules/hostport"),
        ..SampleFit::of("unrealtournament")
    });

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        use super::*;
        crate::spec::decls![cfg;
            GameSpy1Request, GameSpy1Response, GameSpy1State, unified::GameSpy1QueryResult, GameSpy1QueryOptions,
        ]
    }
}

crate::options::declare! {
    /// `query('gamespy1', target, options)`.
    struct QueryRequest("GameSpy 1 query"), ts GameSpy1QueryOptions, cli "";
    /// A WHATWG label (`windows-1251`, `utf-8` …) or `'auto'` (default: UTF-8 where the
    /// whole reply is, else windows-1252, the games' own charset).
    encoding: TextEncoding = "encoding" by encoding(), ts "string", flag("encoding", Text, "X");
    /// The word asked (default `'status'`: settings, players and teams; `'info'`,
    /// `'basic'`, `'rules'`, `'players'` ask for less).
    request: Vec<u8> = "query" by text(request), ts "string", flag("query", Text, "status|info|players|…");
}

/// The request that asks `query` (`\\status\\` by default).
fn request(query: Option<&str>) -> Result<Vec<u8>> {
    let query = query.unwrap_or("status").to_string();
    GameSpy1Request {
        query: crate::values::RuleList(vec![(query, String::new())]),
    }
    .encode()
}

fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    Ok(Box::new(QueryRequest::read(options)?))
}

impl QueryPlan for QueryRequest {
    fn common(&self) -> &Common {
        &self.common
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let exchange = Status::exchange(self.request.clone(), at.budget, at.now, at.rng.next_u64());
        let encoding = self.encoding;
        Ok(at.report(exchange, move |out| Ok(super::unified::status(out, encoding))))
    }
}

fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    let state: GameSpy1State = input::from_json("GameSpy 1 state", args.state)?;
    let o: UdpServeOptions = input::from_options("serve options", args.options)?;
    let listen = Listen::udp(o.host.as_deref(), o.port, DEFAULT_PORT)?;
    Ok((
        Box::new(Responder::new(state, o.rate_limit.unwrap_or_default())?),
        listen,
    ))
}

impl spec::Responder for Responder {
    fn update(&mut self, state: &str) -> Result<()> {
        Responder::update(self, input::from_json("GameSpy 1 state", state)?)
    }

    fn handle_datagram(&mut self, now_ms: u64, from: std::net::SocketAddr, bytes: &[u8]) -> Reply {
        Reply::Send(self.handle(now_ms, from, bytes))
    }
}
