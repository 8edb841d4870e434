//! A2S to the machinery above the protocols (`crate::spec`): names, codec, query plan,
//! responder.

use crate::spec::sample::SampleFit;
use serde_json::Value;

use super::exchange::A2sExchange;
use super::options::{A2sRequest, DecodeOptions, ServeOptions};
use super::responder::{A2sState, Responder, ResponderOptions};
use super::split::{Joiner, Layout};
use super::{Request, Response, DEFAULT_PORT};
use crate::error::Result;
use crate::input;
use crate::options::Common;
use crate::spec::{self, Codec, Listen, Packets, QueryPlan, Rcon, Reply, Running, Spec, Start, Types};
use crate::target::Target;

pub struct A2s;

impl spec::Protocol for A2s {
    type Codec = Self;
    const SPEC: Spec = Spec {
        name: "a2s",
        title: "A2S query",
        label: "A2S",
        transport: spec::Transport::Udp,
        default_port: Some(DEFAULT_PORT),
        // Source RCON on the game port (TCP).
        rcon: Some(Rcon {
            call: "a2s-rcon",
            title: "Source RCON",
            default_port: DEFAULT_PORT,
            source: true,
        }),
        alone: "",
    };
    const TYPES: Types = Types {
        request: "A2sRequest",
        response: "A2sResponse",
        decode_options: "A2sDecodeOptions",
        raw: "A2sQueryResult",
        query_options: A2sRequest::TS,
        serve_options: "A2sServeOptions",
        rcon_options: "MinecraftRconOptions",
        state: "A2sServeState",
    };
    const CLI: spec::Cli = A2sRequest::CLI;
    const PACKETS: Option<Packets> = Some(Packets::of::<A2s>().with_frames(frames));
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::describe::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));
    const SAMPLE_FIT: Option<SampleFit> = Some(SampleFit {
        game_port: Some("/info/gamePort"),
        title: Some("/info/game"),
        own: &["/info/appId", "/info/gameId"],
        ..SampleFit::of("counterstrike2")
    });

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        use super::info::{GoldSrcMod, SourceTv, TheShip};
        use super::*;
        crate::spec::decls![cfg;
            Request, Response, Info, TheShip, SourceTv, GoldSrcInfo, GoldSrcMod, Player, A2sQueryResult, A2sState,
            DecodeOptions, ServeOptions, super::options::A2sQueryOptions,
            bohemia::ServerBrowser, bohemia::Dlc, bohemia::Difficulty, bohemia::Mod, bohemia::CreatorDlc, ffow::Ffow,
            sdtd::SdtdConsole, sdtd::ConsolePlayer, sdtd::ConsoleMod, sdtd::ConsoleResponse,
        ]
    }
}

impl Codec for A2s {
    type Request = Request;
    type Response = Response;
    type DecodeOptions = DecodeOptions;
    const REQUEST: &'static str = "A2S request";
    const RESPONSE: &'static str = "A2S response";
    fn encode_request(request: &Request) -> Result<Vec<u8>> {
        Ok(request.encode())
    }
    fn decode_request(bytes: &[u8]) -> Result<Request> {
        Request::decode(bytes)
    }
    fn encode_response(response: &Response) -> Result<Vec<u8>> {
        response.encode()
    }
    fn decode_response(bytes: &[u8], options: &DecodeOptions) -> Result<Response> {
        Response::decode(bytes, options.the_ship)
    }
}

/// Whole replies out of datagrams: split parts joined (GoldSrc's layout when asked).
fn frames(_max_frame: Option<u32>, gold_src: bool) -> Box<dyn spec::Frames> {
    let layout = if gold_src { Layout::GoldSrc } else { Layout::Source };
    Box::new(Joiner::new(layout))
}

impl spec::Frames for Joiner {
    fn push(&mut self, chunk: &[u8]) -> Result<Vec<Vec<u8>>> {
        Ok(Joiner::push(self, chunk)?.into_iter().collect())
    }
}

fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    Ok(Box::new(A2sRequest::read(options)?))
}

impl QueryPlan for A2sRequest {
    fn common(&self) -> &Common {
        &self.common
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let exchange = if self.ffow {
            A2sExchange::ffow(self.players, self.rules, at.budget, at.now)
        } else {
            A2sExchange::new(self.players, self.rules, at.budget, at.now)
        };
        Ok(spec::query::reporting(exchange, &at, super::unified::status))
    }
}

fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    let state: A2sState = input::from_json("A2S state", args.state)?;
    let o: ServeOptions = input::from_options("serve options", args.options)?;
    let d = ResponderOptions::default();
    let options = ResponderOptions {
        challenge_ttl_ms: o.challenge_ttl.unwrap_or(d.challenge_ttl_ms),
        max_challenges: o.max_challenges.unwrap_or(d.max_challenges).max(1),
        // A split part carries 12 bytes of header: leave room for payload.
        max_packet_size: o.max_packet_size.unwrap_or(d.max_packet_size).clamp(64, 65_000),
        compress: o.compress.unwrap_or(false),
        limit: o.rate_limit.unwrap_or_default(),
        ffow: o.dialect.unwrap_or(false),
    };
    let listen = Listen::udp(o.host.as_deref(), o.port, DEFAULT_PORT)?;
    Ok((Box::new(Responder::new(state, options, args.seed)), listen))
}

impl spec::Responder for Responder {
    fn update(&mut self, state: &str) -> Result<()> {
        Responder::update(self, input::from_json::<A2sState>("A2S state", state)?);
        Ok(())
    }

    fn handle_datagram(&mut self, now_ms: u64, from: std::net::SocketAddr, bytes: &[u8]) -> Reply {
        Reply::Send(self.handle(now_ms, from.ip(), bytes))
    }
}
