//! Minecraft Query (GS4) to the machinery above the protocols (`crate::spec`): names,
//! codec, query plan, responder.

use crate::spec::sample::SampleFit;
use serde_json::Value;

use super::options::StatRequest;
use super::responder::Responder;
use super::{Request, Response, Stat, StatExchange, DEFAULT_PORT};
use crate::error::Result;
use crate::input;
use crate::options::{Common, UdpServeOptions};
use crate::spec::{self, Listen, Packets, QueryPlan, Reply, Running, Spec, Start, Types};
use crate::target::Target;

pub struct MinecraftQuery;

impl spec::Protocol for MinecraftQuery {
    type Codec = Self;
    const SPEC: Spec = Spec {
        name: "minecraft-query",
        title: "Minecraft Query",
        label: "Minecraft Query",
        transport: spec::Transport::Udp,
        default_port: Some(DEFAULT_PORT),
        rcon: None,
        alone: "",
    };
    const TYPES: Types = Types {
        request: "MinecraftQueryRequest",
        response: "MinecraftQueryResponse",
        decode_options: "Record<string, never>",
        raw: "MinecraftQueryResult",
        query_options: StatRequest::TS,
        serve_options: "UdpServeOptions",
        state: "MinecraftQueryServeState",
        rcon_options: "never",
    };
    const CLI: spec::Cli = StatRequest::CLI;
    const PACKETS: Option<Packets> = Some(Packets::of::<MinecraftQuery>());
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::describe::describe);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));
    const SAMPLE_FIT: Option<SampleFit> = Some(SampleFit {
        game_port: Some("/hostPort"),
        ..SampleFit::of("minecraft")
    });

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        use super::*;
        crate::spec::decls![cfg; Request, RequestKind, Response, ResponseKind, Stat, QueryResult, super::options::MinecraftQueryStatOptions, super::options::ServeStateDecl]
    }
}

crate::spec::packets::plain_codec!(
    MinecraftQuery,
    Request,
    "Minecraft Query request",
    Response,
    "Minecraft Query response"
);

fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    Ok(Box::new(StatRequest::read(options)?))
}

impl QueryPlan for StatRequest {
    fn common(&self) -> &Common {
        &self.common
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let exchange = StatExchange::new(at.rng.next_u64() as u32, self.full, at.budget, at.now);
        Ok(spec::query::reporting(exchange, &at, super::unified::status))
    }
}

fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    let state: Stat = input::from_json("Minecraft Query state", args.state)?;
    let o: UdpServeOptions = input::from_options("serve options", args.options)?;
    let limit = o.rate_limit.unwrap_or_default();
    let listen = Listen::udp(o.host.as_deref(), o.port, DEFAULT_PORT)?;
    let responder = Responder::new(state, limit, args.seed, listen.addr);
    Ok((Box::new(responder), listen))
}

impl spec::Responder for Responder {
    fn update(&mut self, state: &str) -> Result<()> {
        Responder::update(self, input::from_json::<Stat>("Minecraft Query state", state)?);
        Ok(())
    }

    /// What it reports as `hostport`/`hostip` when its state does not say.
    fn bound(&mut self, addr: std::net::SocketAddr) {
        Responder::bound(self, addr)
    }

    fn handle_datagram(&mut self, now_ms: u64, from: std::net::SocketAddr, bytes: &[u8]) -> Reply {
        Reply::Send(self.handle(now_ms, from, bytes).into_iter().collect())
    }
}
