//! Satisfactory's Lightweight Query to the machinery above the protocols (`crate::spec`).

use serde_json::Value;

use super::exchange::SatisfactoryExchange;
use super::packets::{SatisfactoryRequest, SatisfactoryResponse, SatisfactoryState, DEFAULT_PORT};
use super::responder::Responder;
use crate::error::Result;
use crate::input;
use crate::options::{Common, UdpServeOptions};
use crate::spec::{self, Listen, Packets, QueryPlan, Reply, Running, Spec, Start, Types};
use crate::target::Target;

pub struct Satisfactory;

crate::spec::packets::plain_codec!(
    Satisfactory,
    SatisfactoryRequest,
    "Satisfactory poll",
    SatisfactoryResponse,
    "Satisfactory server state"
);

impl spec::Protocol for Satisfactory {
    type Codec = Self;
    const SPEC: Spec = Spec {
        name: "satisfactory",
        title: "Satisfactory Lightweight Query",
        label: "Satisfactory",
        transport: spec::Transport::Udp,
        default_port: Some(DEFAULT_PORT),
        rcon: None,
        alone: "",
    };
    const TYPES: Types = Types {
        request: "SatisfactoryRequest",
        response: "SatisfactoryResponse",
        decode_options: "Record<string, never>",
        raw: "SatisfactoryQueryResult",
        query_options: QueryRequest::TS,
        serve_options: "UdpServeOptions",
        state: "SatisfactoryState",
        rcon_options: "never",
    };
    const CLI: spec::Cli = QueryRequest::CLI;
    const PACKETS: Option<Packets> = Some(Packets::of::<Satisfactory>());
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::gamedig::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        crate::spec::decls![cfg;
            SatisfactoryRequest, SatisfactoryResponse, SatisfactoryState, super::packets::SubState,
            super::unified::SatisfactoryQueryResult, SatisfactoryQueryOptions,
        ]
    }
}

crate::options::declare! {
    /// `query('satisfactory', target, options)`: the Lightweight Query (the HTTPS API's
    /// player counts need TLS, which is still to come).
    struct QueryRequest("Satisfactory query"), ts SatisfactoryQueryOptions, cli "";
}

fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    Ok(Box::new(QueryRequest::read(options)?))
}

impl QueryPlan for QueryRequest {
    fn common(&self) -> &Common {
        &self.common
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let exchange = SatisfactoryExchange::poll(at.budget, at.now, at.rng.next_u64());
        Ok(spec::query::reporting(exchange, &at, super::unified::status))
    }
}

fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    let state: SatisfactoryState = input::from_json("Satisfactory state", args.state)?;
    let o: UdpServeOptions = input::from_options("serve options", args.options)?;
    let listen = Listen::udp(o.host.as_deref(), o.port, DEFAULT_PORT)?;
    Ok((
        Box::new(Responder::new(state, o.rate_limit.unwrap_or_default())),
        listen,
    ))
}

impl spec::Responder for Responder {
    fn update(&mut self, state: &str) -> Result<()> {
        Responder::update(
            self,
            input::from_json::<SatisfactoryState>("Satisfactory state", state)?,
        );
        Ok(())
    }

    fn handle_datagram(&mut self, now_ms: u64, from: std::net::SocketAddr, bytes: &[u8]) -> Reply {
        Reply::Send(self.handle(now_ms, from, bytes).into_iter().collect())
    }
}
