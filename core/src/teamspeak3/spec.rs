//! TeamSpeak 3's ServerQuery to the machinery above the protocols (`crate::spec`).

use super::webquery::{DEFAULT_HTTPS_PORT, DEFAULT_HTTP_PORT};
use super::{
    responder::Responder, web_responder::WebResponder, TeamSpeak3State, DEFAULT_QUERY_PORT, DEFAULT_VOICE_PORT,
};
use crate::error::{Error, Result};
use crate::http::api::{served, Api};
use crate::input::{self, At, Input, Obj};
use crate::json::Json;
use crate::options::TcpServeOptions;
use crate::spec::{self, Listen, Spec, Types};
use crate::tls::identity::{Identity, ServeTls};

pub struct TeamSpeak3;

impl spec::Protocol for TeamSpeak3 {
    type Codec = spec::packets::NoCodec;
    const SPEC: Spec = Spec {
        name: "teamspeak3",
        title: "TeamSpeak 3 query",
        label: "TeamSpeak 3 (ServerQuery)",
        transport: spec::Transport::Tcp,
        default_port: Some(DEFAULT_VOICE_PORT),
        rcon: None,
        alone: "speaks a text console over TCP: it has no packets of its own (query or serve it)",
    };
    const TYPES: Types = Types {
        serve_options: "TeamSpeak3ServeOptions",
        ..Types::packetless(
            "TeamSpeak3QueryResult",
            super::query::TeamSpeak3Plan::TS,
            "TeamSpeak3State",
        )
    };
    const CLI: spec::Cli = super::query::TeamSpeak3Plan::CLI;
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(super::query::plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::gamedig::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SERVED_AT: Option<&'static str> = Some("queryPort");
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        crate::spec::decls![cfg;
            TeamSpeak3State, super::unified::TeamSpeak3QueryResult, super::query::TeamSpeak3QueryOptions,
            TeamSpeak3ServeOptions,
        ]
    }
}

/// `serve('teamspeak3', state, options)`'s options.
#[derive(Debug)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "TeamSpeak3ServeOptions", rename_all = "camelCase", optional_fields)
)]
pub struct TeamSpeak3ServeOptions {
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub tcp: TcpServeOptions,
    /// Serve WebQuery (HTTP, port 10080: what TeamSpeak 6 answers) instead of the raw
    /// console (10011; default false). The state's `apiKey`, when set, is the key it wants.
    pub web_query: Option<bool>,
    /// WebQuery over HTTPS (port 10443): `true` (a self-signed certificate made at
    /// `serve()`), or `{ cert, key }` (PEM); default false.
    #[cfg_attr(feature = "ts", ts(type = "boolean | TlsIdentity", optional))]
    pub tls: Option<ServeTls>,
}

impl Input for TeamSpeak3ServeOptions {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let options = Self {
            tcp: TcpServeOptions::take(&mut o)?,
            web_query: o.opt("webQuery")?,
            tls: o.opt("tls")?,
        };
        o.deny_unknown()?;
        Ok(options)
    }
}

/// `serve('teamspeak3', state, options)`: the ServerQuery console over TCP (port 10011 by
/// default), for the virtual server the state describes; or its WebQuery (`webQuery`).
fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    let state: TeamSpeak3State = input::from_json("TeamSpeak 3 state", args.state)?;
    let o: TeamSpeak3ServeOptions = input::from_options("serve options", args.options)?;
    let tls = o.tls.filter(|t| !matches!(t, ServeTls::Off));
    if o.web_query != Some(true) {
        if tls.is_some() {
            return Err(Error::invalid(
                "serve option tls is for WebQuery: set webQuery: true too",
            ));
        }
        return Ok((
            Box::new(Responder::new(state)),
            Listen::tcp(&o.tcp, DEFAULT_QUERY_PORT)?,
        ));
    }
    let port = if tls.is_some() {
        DEFAULT_HTTPS_PORT
    } else {
        DEFAULT_HTTP_PORT
    };
    let identity = match &tls {
        Some(tls) => Identity::serving(Some(tls), o.tcp.host.as_deref(), &args.secret)?,
        None => None,
    };
    Ok((served(WebResponder::new(state), identity), Listen::tcp(&o.tcp, port)?))
}
