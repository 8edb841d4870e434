//! The Quake family to the machinery above the protocols (`crate::spec`): three protocol
//! names, one per dialect, sharing the codec, the client flow and the responder.

use serde_json::Value;

use super::codec::{DecodeOptions, QuakeRequest, QuakeResponse};
use super::exchange::{Ask, QuakeOutcome};
use super::options::QueryRequest;
use super::packets::Dialect;
use super::responder::Responder;
use super::state::QuakeState;
use crate::error::Result;
use crate::input;
use crate::options::{Common, UdpServeOptions};
use crate::spec::{self, Codec, Listen, Packets, QueryPlan, Reply, Running, Spec, Start, Types};
use crate::target::Target;

/// The codec every dialect shares (a request or reply says which it is).
pub struct QuakeCodec;

impl Codec for QuakeCodec {
    type Request = QuakeRequest;
    type Response = QuakeResponse;
    type DecodeOptions = DecodeOptions;
    const REQUEST: &'static str = "Quake request";
    const RESPONSE: &'static str = "Quake response";
    fn encode_request(request: &QuakeRequest) -> Result<Vec<u8>> {
        request.encode()
    }
    fn decode_request(bytes: &[u8]) -> Result<QuakeRequest> {
        QuakeRequest::decode(bytes)
    }
    fn encode_response(response: &QuakeResponse) -> Result<Vec<u8>> {
        response.encode()
    }
    fn decode_response(bytes: &[u8], options: &DecodeOptions) -> Result<QuakeResponse> {
        QuakeResponse::decode(bytes, options)
    }
}

const TYPES: Types = Types {
    request: "QuakeRequest",
    response: "QuakeResponse",
    decode_options: "QuakeDecodeOptions",
    raw: "QuakeQueryResult",
    query_options: super::options::Quake3Options::TS,
    serve_options: "UdpServeOptions",
    state: "QuakeState",
    rcon_options: "never",
};

macro_rules! dialect {
    ($type:ident, $dialect:expr, $name:literal, $title:literal, $label:literal, $port:literal, $options:ty, $plan:ident, $serve:ident, $decls:expr) => {
        pub struct $type;

        impl spec::Protocol for $type {
            type Codec = QuakeCodec;
            const SPEC: Spec = Spec {
                name: $name,
                title: $title,
                label: $label,
                transport: spec::Transport::Udp,
                default_port: Some($port),
                rcon: None,
                alone: "",
            };
            const TYPES: Types = Types {
                query_options: <$options>::TS,
                ..TYPES
            };
            const CLI: spec::Cli = <$options>::CLI;
            const PACKETS: Option<Packets> = Some(Packets::of::<QuakeCodec>());
            const QUERY: Option<spec::Query> = Some(spec::Query::Plan($plan));
            const DESCRIBE: Option<spec::DescribeFn> = Some(super::describe::describe);
            const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
            const SERVE: Option<spec::ServeFn> = Some($serve);
            const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

            #[cfg(feature = "ts")]
            fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
                $decls(cfg)
            }
        }

        fn $plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
            Ok(Box::new(QueryRequest::parse(options, $dialect, $title)?))
        }

        fn $serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
            serve(args, $dialect, $port)
        }
    };
}

dialect!(
    Quake3,
    Dialect::Quake3,
    "quake3",
    "Quake 3 query",
    "Quake 3",
    27960,
    super::options::Quake3Options,
    plan_quake3,
    serve_quake3,
    declarations
);
dialect!(
    Quake2,
    Dialect::Quake2,
    "quake2",
    "Quake 2 query",
    "Quake 2",
    27910,
    super::options::Quake2Options,
    plan_quake2,
    serve_quake2,
    no_declarations
);
dialect!(
    QuakeWorld,
    Dialect::QuakeWorld,
    "quakeworld",
    "QuakeWorld query",
    "QuakeWorld",
    27500,
    super::options::Quake2Options,
    plan_quakeworld,
    serve_quakeworld,
    no_declarations
);

/// The family's types, declared once (with `quake3`).
#[cfg(feature = "ts")]
fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
    use super::*;
    crate::spec::decls![cfg;
        codec::QuakeRequest, codec::QuakeResponse, codec::DecodeOptions, QuakeState, QuakePlayer, QuakeWorldPlayer,
        unified::QuakeQueryResult, options::QuakeQueryOptions, options::Quake2QueryOptions, colours::Coloured,
    ]
}

#[cfg(feature = "ts")]
fn no_declarations(_: &ts_rs::Config) -> Vec<String> {
    vec![]
}

impl QueryPlan for QueryRequest {
    fn common(&self) -> &Common {
        &self.common
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let exchange = Ask::exchange(self.dialect, self.status, at.budget, at.now, at.rng.next_u64());
        let (encoding, dialect) = (self.encoding, self.dialect);
        Ok(at.report(exchange, move |out| {
            Ok(super::unified::status(QuakeOutcome::new(dialect, out), encoding))
        }))
    }
}

fn serve(args: spec::ServeArgs<'_>, dialect: Dialect, default_port: u16) -> Result<(Box<dyn spec::Responder>, Listen)> {
    let state: QuakeState = input::from_json("Quake state", args.state)?;
    let o: UdpServeOptions = input::from_options("serve options", args.options)?;
    let listen = Listen::udp(o.host.as_deref(), o.port, default_port)?;
    let limit = o.rate_limit.unwrap_or_default();
    Ok((Box::new(Responder::new(state, dialect, limit)), listen))
}

impl spec::Responder for Responder {
    fn update(&mut self, state: &str) -> Result<()> {
        Responder::update(self, input::from_json::<QuakeState>("Quake state", state)?);
        Ok(())
    }

    fn handle_datagram(&mut self, now_ms: u64, from: std::net::SocketAddr, bytes: &[u8]) -> Reply {
        Reply::Send(self.handle(now_ms, from, bytes).ok().flatten().into_iter().collect())
    }
}
