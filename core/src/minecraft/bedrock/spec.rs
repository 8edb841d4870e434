//! Bedrock's ping to the machinery above the protocols (`crate::spec`): names, codec,
//! query plan, responder.

use crate::spec::sample::SampleFit;
use serde_json::Value;

use super::options::BedrockRequest;
use super::responder::{BedrockState, Responder};
use super::{Ping, PingExchange, Pong, DEFAULT_PORT};
use crate::error::Result;
use crate::input;
use crate::options::{Common, UdpServeOptions};
use crate::spec::{self, Listen, Packets, QueryPlan, Reply, Running, Spec, Start, Types};
use crate::target::Target;

pub struct Bedrock;

impl spec::Protocol for Bedrock {
    type Codec = Self;
    const SPEC: Spec = Spec {
        name: "minecraft-bedrock",
        title: "Minecraft Bedrock ping",
        label: "Minecraft Bedrock",
        transport: spec::Transport::Udp,
        default_port: Some(DEFAULT_PORT),
        rcon: None,
        alone: "",
    };
    const TYPES: Types = Types {
        request: "BedrockRequest",
        response: "BedrockResponse",
        decode_options: "Record<string, never>",
        raw: "BedrockQueryResult",
        query_options: BedrockRequest::TS,
        serve_options: "UdpServeOptions",
        state: "BedrockServeState",
        rcon_options: "never",
    };
    const CLI: spec::Cli = BedrockRequest::CLI;
    const PACKETS: Option<Packets> = Some(Packets::of::<Bedrock>());
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::describe::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(crate::minecraft::gamedig::BEDROCK);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));
    const SAMPLE_FIT: Option<SampleFit> = Some(SampleFit {
        game_port: Some("/portV4"),
        ..SampleFit::of("mbe")
    });

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        crate::spec::decls![cfg; Ping, Pong, super::Advertisement, super::BedrockQueryResult, super::options::MinecraftBedrockQueryOptions, super::options::ServeStateDecl]
    }
}

crate::spec::packets::plain_codec!(Bedrock, Ping, "Bedrock ping", Pong, "Bedrock pong");

fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    Ok(Box::new(BedrockRequest::read(options)?))
}

impl QueryPlan for BedrockRequest {
    fn common(&self) -> &Common {
        &self.common
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let exchange = PingExchange::new(at.rng.next_u64(), at.budget, at.now);
        Ok(spec::query::reporting(exchange, &at, super::unified::status))
    }
}

fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    let state: BedrockState = input::from_json("Bedrock state", args.state)?;
    let o: UdpServeOptions = input::from_options("serve options", args.options)?;
    let limit = o.rate_limit.unwrap_or_default();
    let listen = Listen::udp(o.host.as_deref(), o.port, DEFAULT_PORT)?;
    Ok((Box::new(Responder::new(state, limit, args.seed)), listen))
}

impl spec::Responder for Responder {
    fn update(&mut self, state: &str) -> Result<()> {
        Responder::update(self, input::from_json::<BedrockState>("Bedrock state", state)?);
        Ok(())
    }

    fn handle_datagram(&mut self, now_ms: u64, from: std::net::SocketAddr, bytes: &[u8]) -> Reply {
        Reply::Send(self.handle(now_ms, from.ip(), bytes).into_iter().collect())
    }
}
