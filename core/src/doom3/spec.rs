//! id Tech 4 to the machinery above the protocols (`crate::spec`): one protocol, the game's
//! layout an option (`dialect`) that the games table sets.

use serde_json::Value;

use super::codec::{dialect_option, DecodeOptions, Doom3Request, Doom3Response};
use super::exchange::{Ask, Doom3Outcome};
use super::packets::Dialect;
use super::responder::Responder;
use super::state::Doom3State;
use crate::error::Result;
use crate::input;
use crate::options::Common;
use crate::spec::{self, Codec, Listen, Packets, QueryPlan, Reply, Running, Spec, Start, Types};
use crate::target::Target;
use crate::text::TextEncoding;

/// Doom 3's port; Quake 4 28004, ET:QW 27733, Prey 27719 (the games table has them).
pub const DEFAULT_PORT: u16 = 27666;

pub struct Doom3;

impl Codec for Doom3 {
    type Request = Doom3Request;
    type Response = Doom3Response;
    type DecodeOptions = DecodeOptions;
    const REQUEST: &'static str = "id Tech 4 request";
    const RESPONSE: &'static str = "id Tech 4 response";
    fn encode_request(request: &Doom3Request) -> Result<Vec<u8>> {
        request.encode()
    }
    fn decode_request(bytes: &[u8]) -> Result<Doom3Request> {
        Doom3Request::decode(bytes)
    }
    fn encode_response(response: &Doom3Response) -> Result<Vec<u8>> {
        response.encode()
    }
    fn decode_response(bytes: &[u8], options: &DecodeOptions) -> Result<Doom3Response> {
        Doom3Response::decode(bytes, options)
    }
}

impl spec::Protocol for Doom3 {
    type Codec = Self;
    const SPEC: Spec = Spec {
        name: "doom3",
        title: "id Tech 4 query",
        label: "Doom 3 / Quake 4 / ET:QW",
        transport: spec::Transport::Udp,
        default_port: Some(DEFAULT_PORT),
        rcon: None,
        alone: "",
    };
    const TYPES: Types = Types {
        request: "Doom3Request",
        response: "Doom3Response",
        decode_options: "Doom3DecodeOptions",
        raw: "Doom3QueryResult",
        query_options: QueryRequest::TS,
        serve_options: "Doom3ServeOptions",
        state: "Doom3State",
        rcon_options: "never",
    };
    const CLI: spec::Cli = QueryRequest::CLI;
    const PACKETS: Option<Packets> = Some(Packets::of::<Doom3>());
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::describe::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        use super::*;
        crate::spec::decls![cfg;
            codec::Doom3Request, codec::Doom3Response, DecodeOptions, Doom3State, state::Doom3Player,
            packets::EtqwServer, unified::Doom3QueryResult, Doom3QueryOptions, ServeOptions,
        ]
    }
}

crate::options::declare! {
    /// `query('doom3', target, options)`.
    pub struct QueryRequest("id Tech 4 query"), ts Doom3QueryOptions, cli "";
    /// The game whose layout the reply has: `'auto'` (default: told from the reply) or one
    /// of `'doom3'`, `'quake4'`, `'etqw'` (asked `getInfoEx`, for the players' campaign
    /// figures), `'prey'`, `'wolfenstein'`. A query by game id sets it.
    dialect: Option<Dialect> = "dialect" by text(dialect_option),
        ts "'doom3' | 'quake4' | 'etqw' | 'prey' | 'wolfenstein' | 'auto'",
        flag("dialect", Text, "doom3|quake4|etqw|prey|wolfenstein");
    /// A WHATWG label (`windows-1252`, `utf-8` …) or `'auto'` (default: UTF-8 where the
    /// whole reply is, else windows-1252, the engine's own charset).
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
        let exchange = Ask::exchange(self.dialect, at.budget, at.now, at.rng.next_u64());
        let (dialect, encoding) = (self.dialect, self.encoding);
        Ok(at.report(exchange, move |out| {
            Ok(super::unified::status(Doom3Outcome::new(dialect, out), encoding))
        }))
    }
}

/// `serve('doom3', state, options)`.
#[derive(Debug)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "Doom3ServeOptions", rename_all = "camelCase", optional_fields)
)]
pub struct ServeOptions {
    /// IP address to listen on (default `'0.0.0.0'`: every IPv4 interface).
    pub host: Option<String>,
    /// UDP port (default 27666; 0 picks a free one).
    pub port: Option<u16>,
    /// Requests answered per source address: a burst, refilled per second (default 20, 10 per second).
    pub rate_limit: Option<crate::limit::RateLimit>,
    /// The game whose layout to answer in (default `'doom3'`).
    #[cfg_attr(feature = "ts", ts(type = "'doom3' | 'quake4' | 'etqw' | 'prey' | 'wolfenstein'"))]
    pub dialect: Option<String>,
}

impl input::Input for ServeOptions {
    fn read(value: crate::json::Json, at: input::At<'_>) -> Result<Self> {
        let mut o = input::Obj::new(value, at)?;
        let options = Self {
            host: o.opt("host")?,
            port: o.opt("port")?,
            rate_limit: o.opt("rateLimit")?,
            dialect: o.opt("dialect")?,
        };
        o.deny_unknown()?;
        Ok(options)
    }
}

fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    let state: Doom3State = input::from_json("id Tech 4 state", args.state)?;
    let o: ServeOptions = input::from_options("serve options", args.options)?;
    let dialect = dialect_option(o.dialect.as_deref())?.unwrap_or(Dialect::Doom3);
    let listen = Listen::udp(o.host.as_deref(), o.port, DEFAULT_PORT)?;
    let limit = o.rate_limit.unwrap_or_default();
    Ok((Box::new(Responder::new(state, dialect, limit)?), listen))
}

impl spec::Responder for Responder {
    fn update(&mut self, state: &str) -> Result<()> {
        Responder::update(self, input::from_json::<Doom3State>("id Tech 4 state", state)?)
    }

    fn handle_datagram(&mut self, now_ms: u64, from: std::net::SocketAddr, bytes: &[u8]) -> Reply {
        Reply::Send(self.handle(now_ms, from, bytes).into_iter().collect())
    }
}
