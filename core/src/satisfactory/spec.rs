//! Satisfactory's Lightweight Query to the machinery above the protocols (`crate::spec`).

use super::api::Access;
use super::packets::{SatisfactoryRequest, SatisfactoryResponse, DEFAULT_PORT};
use super::query::{plan, QueryRequest};
use super::responder::Responder;
use super::state::SatisfactoryServerState;
use crate::error::Result;
use crate::input::{self, At, Input, Obj};
use crate::json::Json;
use crate::options::UdpServeOptions;
use crate::spec::serve::{Stream, StreamOutput};
use crate::spec::{self, Listen, Packets, Reply, Spec, Types};
use crate::tls::identity::{Identity, ServeTls};

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
        serve_options: "SatisfactoryServeOptions",
        state: "SatisfactoryServerState",
        rcon_options: "never",
    };
    const CLI: spec::Cli = QueryRequest::CLI;
    const PACKETS: Option<Packets> = Some(Packets::of::<Satisfactory>());
    const QUERY: Option<spec::Query> = Some(spec::Query::Parts(plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::gamedig::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        crate::spec::decls![cfg;
            SatisfactoryRequest, SatisfactoryResponse, super::packets::SatisfactoryState, super::packets::SubState,
            super::unified::SatisfactoryQueryResult, super::query::SatisfactoryQueryOptions,
            super::api::ServerGameState, SatisfactoryServerState, SatisfactoryServeOptions,
        ]
    }
}

fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    let state: SatisfactoryServerState = input::from_json("Satisfactory state", args.state)?;
    let o: SatisfactoryServeOptions = input::from_options("serve options", args.options)?;
    let mut listen = Listen::udp(o.udp.host.as_deref(), o.udp.port, DEFAULT_PORT)?;
    // The HTTPS API on TCP at the same port.
    listen.stream = true;
    listen.connection_timeout = 5000;
    listen.max_connections = 64;
    let mut rng = crate::rng::Rng::new(args.seed);
    // A Client token as the server's are made: base64 of its privilege, then a fingerprint.
    let client_token = format!("eyJwbCI6IkNMSUVOVCJ9.{:016X}{:016X}", rng.next_u64(), rng.next_u64());
    let access = Access {
        client_token: o.passwordless.unwrap_or(true).then_some(client_token),
        api_token: o.api_token,
    };
    let identity = Identity::serving(o.tls.as_ref(), o.udp.host.as_deref(), &args.secret)?
        .ok_or_else(|| crate::error::Error::invalid("Satisfactory's API is HTTPS only"))?;
    let responder = Responder::new(state, o.udp.rate_limit.unwrap_or_default(), access, identity);
    Ok((Box::new(responder), listen))
}

/// `serve('satisfactory', state, options)`.
#[derive(Debug)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "SatisfactoryServeOptions", rename_all = "camelCase", optional_fields)
)]
pub struct SatisfactoryServeOptions {
    /// `port` is UDP's and TCP's (the API's) alike.
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub udp: UdpServeOptions,
    /// `PasswordlessLogin` gives a Client token, as on a server without a client password
    /// (default true).
    pub passwordless: Option<bool>,
    /// An API token the API accepts besides (as `server.GenerateAPIToken` makes one).
    pub api_token: Option<String>,
    /// The API's certificate and key (PEM), instead of a self-signed one made at `serve()`
    /// (as a server given its own certificate).
    #[cfg_attr(feature = "ts", ts(type = "TlsIdentity", optional))]
    pub tls: Option<ServeTls>,
}

impl Input for SatisfactoryServeOptions {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let options = Self {
            udp: UdpServeOptions::take(&mut o)?,
            passwordless: o.opt("passwordless")?,
            api_token: o.opt("apiToken")?,
            tls: o.opt("tls")?,
        };
        if options.tls == Some(ServeTls::Off) {
            return Err(o.at().key("tls").error("Satisfactory's API is HTTPS only: give { cert, key } (PEM), or leave tls out for a self-signed certificate"));
        }
        o.deny_unknown()?;
        Ok(options)
    }
}

impl spec::Responder for Responder {
    fn update(&mut self, state: &str) -> Result<()> {
        Responder::update(
            self,
            input::from_json::<SatisfactoryServerState>("Satisfactory state", state)?,
        );
        Ok(())
    }

    fn handle_datagram(&mut self, now_ms: u64, from: std::net::SocketAddr, bytes: &[u8]) -> Reply {
        Reply::Send(self.handle(now_ms, from, bytes).into_iter().collect())
    }

    fn open_stream(&self) -> Option<Stream> {
        Some(Box::<Vec<u8>>::default())
    }

    fn handle_stream(&self, stream: &mut Stream, chunk: &[u8]) -> StreamOutput {
        Responder::handle_stream(self, stream, chunk)
    }

    fn identity(&self) -> Option<&Identity> {
        Some(Responder::identity(self))
    }
}
