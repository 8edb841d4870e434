//! GameSpy 3 to the machinery above the protocols (`crate::spec`): one protocol, JC2-MP's
//! layout an option (`layout`) that the games table sets.

use crate::spec::sample::SampleFit;
use serde_json::Value;

use super::codec::{DecodeOptions, GameSpy3Request, GameSpy3Response};
use super::exchange::Status;
use super::responder::Responder;
use super::state::GameSpy3State;
use crate::error::{Error, Result};
use crate::input;
use crate::options::Common;
use crate::spec::{self, Codec, Listen, Packets, QueryPlan, Reply, Running, Spec, Start, Types};
use crate::target::Target;
use crate::text::TextEncoding;

/// Battlefield 2's query port; the games table has each game's.
pub const DEFAULT_PORT: u16 = 29900;

pub struct GameSpy3;

impl Codec for GameSpy3 {
    type Request = GameSpy3Request;
    type Response = GameSpy3Response;
    type DecodeOptions = DecodeOptions;
    const REQUEST: &'static str = "GameSpy 3 request";
    const RESPONSE: &'static str = "GameSpy 3 datagram";
    fn encode_request(request: &GameSpy3Request) -> Result<Vec<u8>> {
        request.encode()
    }
    fn decode_request(bytes: &[u8]) -> Result<GameSpy3Request> {
        GameSpy3Request::decode(bytes)
    }
    fn encode_response(response: &GameSpy3Response) -> Result<Vec<u8>> {
        response.encode()
    }
    fn decode_response(bytes: &[u8], options: &DecodeOptions) -> Result<GameSpy3Response> {
        GameSpy3Response::decode(bytes, options)
    }
}

impl spec::Protocol for GameSpy3 {
    type Codec = Self;
    const SPEC: Spec = Spec {
        name: "gamespy3",
        title: "GameSpy 3 query",
        label: "GameSpy 3 (BF2, Crysis, UT3)",
        transport: spec::Transport::Udp,
        default_port: Some(DEFAULT_PORT),
        rcon: None,
        alone: "",
    };
    const TYPES: Types = Types {
        request: "GameSpy3Request",
        response: "GameSpy3Response",
        decode_options: "GameSpy3DecodeOptions",
        raw: "GameSpy3QueryResult",
        query_options: QueryRequest::TS,
        serve_options: "GameSpy3ServeOptions",
        state: "GameSpy3State",
        rcon_options: "never",
    };
    const CLI: spec::Cli = QueryRequest::CLI;
    const PACKETS: Option<Packets> =
        Some(Packets::of::<GameSpy3>().with_frames(|_, _| Box::<super::frames::Frames>::default()));
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::describe::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));
    const SAMPLE_FIT: Option<SampleFit> = Some(SampleFit {
        game_port: Some("/rules/hostport"),
        ..SampleFit::of("battlefield2")
    });

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        use super::*;
        crate::spec::decls![cfg;
            GameSpy3Request, GameSpy3Response, codec::GameSpy3Section, codec::GameSpy3Field, codec::Jc2mpPlayer,
            DecodeOptions, GameSpy3State, unified::GameSpy3QueryResult, GameSpy3QueryOptions, ServeOptions,
        ]
    }
}

/// `'jc2mp'` → true, `'split'` (or none) → false.
fn jc2mp_layout(layout: Option<&str>) -> Result<bool> {
    match layout.unwrap_or("split") {
        "split" => Ok(false),
        "jc2mp" => Ok(true),
        other => Err(Error::invalid(format!(
            "layout {}: 'split' or 'jc2mp'",
            crate::error::quoted(other)
        ))),
    }
}

crate::options::declare! {
    /// `query('gamespy3', target, options)`.
    struct QueryRequest("GameSpy 3 query"), ts GameSpy3QueryOptions, cli "";
    /// A WHATWG label (`windows-1251`, `utf-8` …) or `'auto'` (default: UTF-8 where the
    /// whole reply is, else windows-1252).
    encoding: TextEncoding = "encoding" by encoding(), ts "string", flag("encoding", Text, "X");
    /// `'split'` (default) or `'jc2mp'`: JC2-MP's own reply (a query by game id `jc2m`
    /// sets it).
    jc2mp: bool = "layout" by text(jc2mp_layout), ts "'split' | 'jc2mp'", flag("layout", Text, "split|jc2mp");
}

fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    Ok(Box::new(QueryRequest::read(options)?))
}

impl QueryPlan for QueryRequest {
    fn common(&self) -> &Common {
        &self.common
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let exchange = Status::exchange(self.jc2mp, at.rng.next_u64() as u32, at.budget, at.now);
        let (jc2mp, encoding) = (self.jc2mp, self.encoding);
        Ok(at.report(exchange, move |out| super::unified::status(out, encoding, jc2mp)))
    }
}

/// `serve('gamespy3', state, options)`.
#[derive(Debug)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "GameSpy3ServeOptions", rename_all = "camelCase", optional_fields)
)]
pub struct ServeOptions {
    /// IP address to listen on (default `'0.0.0.0'`: every IPv4 interface).
    pub host: Option<String>,
    /// UDP port (default 29900; 0 picks a free one).
    pub port: Option<u16>,
    /// Handshakes (and, without a challenge, queries) answered per source address: a
    /// burst, refilled per second (default 20, 10 per second).
    pub rate_limit: Option<crate::limit::RateLimit>,
    /// A challenge per source address, 30 s good, that a query must carry (default true);
    /// false: `"0"`, as BF2 answers — no challenge, and queries without a handshake
    /// (qstat's `-gs3`) answered too.
    pub challenge: Option<bool>,
}

impl input::Input for ServeOptions {
    fn read(value: crate::json::Json, at: input::At<'_>) -> Result<Self> {
        let mut o = input::Obj::new(value, at)?;
        let options = Self {
            host: o.opt("host")?,
            port: o.opt("port")?,
            rate_limit: o.opt("rateLimit")?,
            challenge: o.opt("challenge")?,
        };
        o.deny_unknown()?;
        Ok(options)
    }
}

fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    let state: GameSpy3State = input::from_json("GameSpy 3 state", args.state)?;
    let o: ServeOptions = input::from_options("serve options", args.options)?;
    let listen = Listen::udp(o.host.as_deref(), o.port, DEFAULT_PORT)?;
    let limit = o.rate_limit.unwrap_or_default();
    let responder = Responder::new(state, o.challenge.unwrap_or(true), limit, args.seed)?;
    Ok((Box::new(responder), listen))
}

impl spec::Responder for Responder {
    fn update(&mut self, state: &str) -> Result<()> {
        Responder::update(self, input::from_json("GameSpy 3 state", state)?)
    }

    fn handle_datagram(&mut self, now_ms: u64, from: std::net::SocketAddr, bytes: &[u8]) -> Reply {
        Reply::Send(self.handle(now_ms, from, bytes))
    }
}
