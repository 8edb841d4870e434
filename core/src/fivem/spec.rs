//! FiveM to the machinery above the protocols (`crate::spec`).

use super::packets::{FivemRequest, FivemResponse};
use super::responder::Responder;
use super::state::FivemState;
use super::DEFAULT_PORT;
use crate::error::Result;
use crate::input;
use crate::options::UdpServeOptions;
use crate::spec::{self, Listen, Packets, Reply, Spec, Types};

pub struct Fivem;

crate::spec::packets::plain_codec!(Fivem, FivemRequest, "FiveM request", FivemResponse, "FiveM reply");

impl spec::Protocol for Fivem {
    type Codec = Self;
    const SPEC: Spec = Spec {
        name: "fivem",
        title: "FiveM query",
        label: "FiveM",
        transport: spec::Transport::Udp,
        default_port: Some(DEFAULT_PORT),
        rcon: None,
        alone: "",
    };
    const TYPES: Types = Types {
        request: "FivemRequest",
        response: "FivemResponse",
        decode_options: "Record<string, never>",
        raw: "FivemQueryResult",
        query_options: super::query::FivemPlan::TS,
        serve_options: "FivemServeOptions",
        state: "FivemState",
        rcon_options: "never",
    };
    const CLI: spec::Cli = super::query::FivemPlan::CLI;
    const PACKETS: Option<Packets> = Some(Packets::of::<Fivem>());
    const QUERY: Option<spec::Query> = Some(spec::Query::Parts(super::query::plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        crate::spec::decls![cfg;
            FivemRequest, FivemResponse, super::packets::FivemStatusPlayer, FivemState,
            super::endpoints::FivemPlayer, super::endpoints::FivemInfo,
            super::unified::FivemQueryResult, super::query::FivemQueryOptions, ServeOptions,
        ]
    }
}

/// `serve('fivem', state, options)`: datagrams and HTTP on one port, as FXServer.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "FivemServeOptions", rename_all = "camelCase", optional_fields)]
pub struct ServeOptions {
    #[ts(flatten)]
    pub udp: UdpServeOptions,
}

fn describe(s: &serde_json::Value, color: bool) -> spec::describe::Description {
    super::gamedig::describe(s, color)
}

fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    let state: FivemState = input::from_json("FiveM state", args.state)?;
    let o: UdpServeOptions = input::from_options("serve options", args.options)?;
    let mut listen = Listen::udp(o.host.as_deref(), o.port, DEFAULT_PORT)?;
    // FXServer's HTTP on the same port number; one request per connection.
    listen.stream = true;
    listen.connection_timeout = 5000;
    listen.max_connections = 64;
    Ok((
        Box::new(Responder::new(state, o.rate_limit.unwrap_or_default())),
        listen,
    ))
}

impl spec::Responder for Responder {
    fn update(&mut self, state: &str) -> Result<()> {
        Responder::update(self, input::from_json::<FivemState>("FiveM state", state)?);
        Ok(())
    }

    fn handle_datagram(&mut self, now_ms: u64, from: std::net::SocketAddr, bytes: &[u8]) -> Reply {
        Reply::Send(self.handle(now_ms, from, bytes).ok().flatten().into_iter().collect())
    }

    fn open_stream(&self) -> Option<spec::serve::Stream> {
        Some(Box::<Vec<u8>>::default())
    }

    fn handle_stream(&self, stream: &mut spec::serve::Stream, chunk: &[u8]) -> spec::serve::StreamOutput {
        Responder::handle_stream(self, stream, chunk)
    }
}
