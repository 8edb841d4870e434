//! SA:MP to the machinery above the protocols (`crate::spec`): names, codec, query and
//! RCON plans, responder.

use serde_json::Value;

use super::exchange::{QueryExchange, QueryOptions};
use super::options::{QueryRequest, RconRequest, ServeOptions};
use super::rcon::{RconExchange, RconOptions};
use super::responder::{self, Responder, ResponderOptions};
use super::{Address, DecodeOptions, Request, Response, ServerState, DEFAULT_PORT, HEADER_LEN};
use crate::error::{Error, Result};
use crate::input;
use crate::options::Common;
use crate::spec::{self, Codec, Listen, Packets, QueryPlan, Rcon, Reply, Running, Spec, Start, Types};
use crate::target::Target;
use crate::text::TextEncoding;

pub struct Samp;

impl spec::Protocol for Samp {
    type Codec = Self;
    const SPEC: Spec = Spec {
        name: "samp",
        title: "SA:MP query",
        label: "SA:MP",
        transport: spec::Transport::Udp,
        default_port: Some(DEFAULT_PORT),
        // Over the query's own datagrams, on the game port.
        rcon: Some(Rcon {
            call: "samp-rcon",
            title: "SA:MP RCON",
            default_port: DEFAULT_PORT,
            source: false,
        }),
        alone: "",
    };
    const TYPES: Types = Types {
        request: "SampRequest",
        response: "SampResponse",
        decode_options: "SampDecodeOptions",
        raw: "SampServerState",
        query_options: QueryRequest::TS,
        serve_options: "SampServeOptions",
        rcon_options: RconRequest::TS,
        state: "SampServeState",
    };
    const CLI: spec::Cli = QueryRequest::CLI;
    const PACKETS: Option<Packets> = Some(Packets::of::<Samp>());
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::describe::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));
    const RCON: Option<spec::RconFn> = Some(rcon);

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        use super::*;
        crate::spec::decls![cfg;
            Request, RequestBody, Response, ResponseBody, Info, OpenMpInfo, Player, PlayerList, super::Rules,
            super::RconLine, super::ReplyText, DecodeOptions, ServerState, super::RawStrings, super::PlayersSource,
            super::LatencySource, Address, super::options::SampQueryOptions, ServeOptions,
            super::options::ServeStateDecl, super::options::RconOptions, super::Dialect,
        ]
    }
}

impl Codec for Samp {
    type Request = Request;
    type Response = Response;
    type DecodeOptions = DecodeOptions;
    const REQUEST: &'static str = "SA:MP request";
    const RESPONSE: &'static str = "SA:MP response";
    fn encode_request(request: &Request) -> Result<Vec<u8>> {
        request.encode()
    }
    fn decode_request(bytes: &[u8]) -> Result<Request> {
        Request::decode(bytes)
    }
    fn encode_response(response: &Response) -> Result<Vec<u8>> {
        response.encode()
    }
    fn decode_response(bytes: &[u8], options: &DecodeOptions) -> Result<Response> {
        Response::decode(bytes, options)
    }
}

fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    Ok(Box::new(QueryRequest::read(options)?))
}

impl QueryPlan for QueryRequest {
    fn common(&self) -> &Common {
        &self.common
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let options = QueryOptions {
            players: self.players,
            encoding: self.encoding,
            deadline: at.budget,
            open_mp: self.open_mp,
            ping: self.ping,
            raw_strings: self.raw_strings,
            dialect: self.dialect,
        };
        // Requests carry the address they are sent to.
        let header = Address::of(at.peer.map(|a| a.ip()), at.port);
        let exchange = QueryExchange::new(header, options, at.rng.bytes4(), at.now);
        Ok(spec::query::reporting(exchange, &at, super::unified::status))
    }
}

fn rcon(options: Value, command: &str) -> Result<Box<dyn QueryPlan>> {
    Ok(Box::new(RconPlan {
        request: RconRequest::read(options)?,
        command: command.to_string(),
    }))
}

#[derive(Debug)]
struct RconPlan {
    request: RconRequest,
    command: String,
}

impl QueryPlan for RconPlan {
    fn common(&self) -> &Common {
        &self.request.common
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let o = &self.request;
        let encoding = TextEncoding::from_option(o.encoding.as_deref())?;
        let options = RconOptions {
            deadline: at.budget,
            idle_ms: o.idle_ms,
            encoding,
        };
        let header = Address::of(at.peer.map(|a| a.ip()), at.port);
        let exchange = RconExchange::new(header, &o.password, &self.command, o.encoding.clone(), options, at.now)?;
        Ok(spec::query::Mapped::boxed(exchange, |lines| {
            Ok(spec::Outcome::Lines(lines))
        }))
    }
}

fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    let state: ServerState = input::from_json("SA:MP state", args.state)?;
    let o: ServeOptions = input::from_options("serve options", args.options)?;
    if o.rcon.is_some() && !args.has_handler {
        return Err(Error::invalid(
            "rcon needs a handler(command) that returns the console lines",
        ));
    }
    let says_sa_mp = state.rules.get("version").is_some_and(|v| v.starts_with("0."));
    let mut options = ResponderOptions {
        legacy: o.legacy.unwrap_or(says_sa_mp),
        rcon_password: o.rcon.map(|r| r.password),
        ..Default::default()
    };
    if let Some(limit) = o.rate_limit {
        options.burst = limit.burst;
        options.per_second = limit.per_second;
    }
    let listen = Listen::udp(o.host.as_deref(), o.port, DEFAULT_PORT)?;
    Ok((Box::new(Responder::new(state, options)?), listen))
}

impl spec::Responder for Responder {
    fn update(&mut self, state: &str) -> Result<()> {
        Responder::update(self, input::from_json::<ServerState>("SA:MP state", state)?)
    }

    fn handle_datagram(&mut self, now_ms: u64, from: std::net::SocketAddr, bytes: &[u8]) -> Reply {
        match self.handle(now_ms, from.ip(), bytes) {
            responder::Reply::Ignore => Reply::Send(vec![]),
            responder::Reply::Send(d) => Reply::Send(vec![d]),
            responder::Reply::Rcon { header, command } => Reply::Rcon {
                reply_to: header.to_vec(),
                command,
            },
        }
    }

    fn rcon_lines(&self, reply_to: &[u8], lines: &[String]) -> Vec<Vec<u8>> {
        match <[u8; HEADER_LEN]>::try_from(reply_to) {
            Ok(header) => Responder::rcon_lines(self, &header, lines),
            Err(_) => vec![],
        }
    }
}
