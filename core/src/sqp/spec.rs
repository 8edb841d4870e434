//! SQP to the machinery above the protocols (`crate::spec`): names, codec, query plan,
//! responder.

use serde_json::Value;

use super::exchange::SqpExchange;
use super::options::{DecodeOptions, ServeOptions, SqpRequest};
use super::responder::{Responder, ResponderOptions};
use super::{Chunks, Request, Response};
use crate::error::Result;
use crate::input;
use crate::options::Common;
use crate::spec::{self, Codec, Listen, Packets, QueryPlan, Reply, Running, Spec, Start, Types};
use crate::target::Target;

pub struct Sqp;

impl spec::Protocol for Sqp {
    type Codec = Self;
    const SPEC: Spec = Spec {
        name: "sqp",
        title: "SQP query",
        label: "SQP",
        transport: spec::Transport::Udp,
        // Each game picks its own query port.
        default_port: None,
        rcon: None,
        alone: "",
    };
    const TYPES: Types = Types {
        request: "SqpRequest",
        response: "SqpResponse",
        decode_options: "SqpDecodeOptions",
        raw: "SqpQueryResult",
        query_options: SqpRequest::TS,
        serve_options: "SqpServeOptions",
        state: "SqpChunks",
        rcon_options: "never",
    };
    const CLI: spec::Cli = SqpRequest::CLI;
    const PACKETS: Option<Packets> = Some(Packets::of::<Sqp>());
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::describe::describe);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        use super::*;
        crate::spec::decls![cfg;
            Request, Response, ChunkKind, ChunkSet, Chunks, ServerInfo, Rules, Records, Field, Typed, ValueType, Scalar,
            super::exchange::SqpQueryResult, DecodeOptions, ServeOptions, super::options::SqpQueryOptions,
        ]
    }
}

impl Codec for Sqp {
    type Request = Request;
    type Response = Response;
    type DecodeOptions = DecodeOptions;
    const REQUEST: &'static str = "SQP request";
    const RESPONSE: &'static str = "SQP response";
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
        Response::decode(bytes, options.chunks.0)
    }
}

fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    Ok(Box::new(SqpRequest::read(options)?))
}

impl QueryPlan for SqpRequest {
    fn common(&self) -> &Common {
        &self.common
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let exchange = SqpExchange::new(self.chunks, at.budget, at.now);
        Ok(spec::query::reporting(exchange, &at, super::unified::status))
    }
}

fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    let state: Chunks = input::from_json("SQP state", args.state)?;
    let o: ServeOptions = input::from_options("serve options", args.options)?;
    let defaults = ResponderOptions::default();
    let options = ResponderOptions {
        challenge_ttl_ms: o.challenge_ttl.unwrap_or(defaults.challenge_ttl_ms),
        max_challenges: o.max_challenges.unwrap_or(defaults.max_challenges).max(1),
        max_packet_size: o.max_packet_size,
    };
    let listen = Listen::udp(o.host.as_deref(), o.port, 0)?;
    Ok((Box::new(Responder::new(state, options, args.seed)), listen))
}

impl spec::Responder for Responder {
    fn update(&mut self, state: &str) -> Result<()> {
        Responder::update(self, input::from_json::<Chunks>("SQP state", state)?);
        Ok(())
    }

    fn handle_datagram(&mut self, now_ms: u64, from: std::net::SocketAddr, bytes: &[u8]) -> Reply {
        Reply::Send(self.handle(now_ms, from, bytes).unwrap_or_default())
    }
}
