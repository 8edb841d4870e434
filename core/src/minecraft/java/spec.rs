//! Minecraft Java (Server List Ping) to the machinery above the protocols (`crate::spec`):
//! names, codec, query plan, the TCP status responder; and the legacy ping, which is the
//! same plan and the same responder.

use std::sync::Arc;

use serde_json::Value;

use super::options::{JavaOptions, LegacyOptions, ServeOptions};
use super::plan::Minecraft;
use super::responder::{Connection, Served};
use super::{JavaStatus, Request, Response, DEFAULT_FRAME_CAP, DEFAULT_PORT};
use crate::error::{Error, Result};
use crate::input;
use crate::minecraft::legacy;
use crate::spec::serve::{listen_address, Stream, StreamOutput};
use crate::spec::{self, Listen, Packets, QueryPlan, Rcon, Spec, Types};
use crate::target::Target;
use crate::wire::FrameDecoder;

/// Minecraft's `enable-rcon` port (Source RCON: `source_rcon`).
const RCON_PORT: u16 = 25575;

pub struct Java;

impl spec::Protocol for Java {
    type Codec = Self;
    const SPEC: Spec = Spec {
        name: "minecraft-java",
        title: "Minecraft status",
        label: "Minecraft",
        transport: spec::Transport::Tcp,
        default_port: Some(DEFAULT_PORT),
        rcon: Some(Rcon {
            call: "minecraft-rcon",
            title: "Minecraft RCON",
            default_port: RCON_PORT,
            source: true,
        }),
        alone: "",
    };
    const TYPES: Types = Types {
        request: "JavaRequest",
        response: "JavaResponse",
        decode_options: "Record<string, never>",
        raw: "JavaQueryResult",
        query_options: JavaOptions::TS,
        serve_options: "MinecraftServeOptions",
        rcon_options: "MinecraftRconOptions",
        state: "JavaServeState",
    };
    const CLI: spec::Cli = JavaOptions::CLI;
    const PACKETS: Option<Packets> = Some(Packets::of::<Java>().with_frames(frames));
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::describe::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(crate::minecraft::gamedig::VANILLA);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        use super::exchange::JavaLatencySource;
        use super::*;
        crate::spec::decls![cfg;
            Request, Response, JavaStatus, Version, Players, SamplePlayer, Favicon, ForgeData, ForgeMod, ForgeChannel,
            JavaQueryResult, JavaLatencySource, SrvRecord, options::MinecraftJavaQueryOptions, ServeOptions,
            options::ServeStateDecl,
        ]
    }
}

crate::spec::packets::plain_codec!(Java, Request, "Minecraft request", Response, "Minecraft response");

/// Whole packets out of a TCP stream (the length prefix kept).
fn frames(max_frame: Option<u32>, _gold_src: bool) -> Box<dyn spec::Frames> {
    Box::new(FrameDecoder::new(max_frame.map_or(DEFAULT_FRAME_CAP, |m| m as usize)))
}

fn plan(options: Value, target: &Target) -> Result<Box<dyn QueryPlan>> {
    Ok(Box::new(Minecraft::parse(options, false, target)?))
}

/// The pre-1.7 pings: the same plan, asked for the legacy reply.
pub struct Legacy;

impl spec::Protocol for Legacy {
    type Codec = Self;
    const SPEC: Spec = Spec {
        name: "minecraft-legacy",
        title: "Minecraft legacy ping",
        label: "Minecraft legacy",
        rcon: None,
        ..Java::SPEC
    };
    const TYPES: Types = Types {
        request: "LegacyRequest",
        response: "LegacyResponse",
        raw: "LegacyQueryResult",
        query_options: LegacyOptions::TS,
        rcon_options: "never",
        ..<Java as spec::Protocol>::TYPES
    };
    const CLI: spec::Cli = LegacyOptions::CLI;
    const PACKETS: Option<Packets> = Some(Packets::of::<Legacy>());
    const QUERY: Option<spec::Query> = Some(spec::Query::Plan(legacy_plan));
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::describe::describe);
    const SERVE: Option<spec::ServeFn> = Some(serve);
    const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        crate::spec::decls![cfg;
            legacy::Request, legacy::Response, super::LegacyQueryResult, super::options::MinecraftLegacyQueryOptions,
        ]
    }
}

crate::spec::packets::plain_codec!(Legacy, legacy::Request, "legacy ping", legacy::Response, "legacy reply");

fn legacy_plan(options: Value, target: &Target) -> Result<Box<dyn QueryPlan>> {
    Ok(Box::new(Minecraft::parse(options, true, target)?))
}

/// Status over TCP (every ping variant answered), Source RCON beside it when asked.
#[derive(Debug)]
struct Responder {
    served: Arc<Served>,
    rcon_password: Option<String>,
}

fn serve(args: spec::ServeArgs<'_>) -> Result<(Box<dyn spec::Responder>, Listen)> {
    // A legacy ping's raw (`query('minecraft-legacy')`: `variant`, the version as text) is a
    // state too, as a saved result of that query.
    let state = crate::json::parse_all_members(args.state)
        .map_err(|e| Error::invalid(format!("invalid Minecraft state: {}", crate::json::error_text(&e))))?;
    let status = match state.get("variant") {
        Some(_) => JavaStatus::from_legacy(input::Input::read(state, input::At::root("Minecraft legacy state"))?),
        None => <JavaStatus as input::Input>::read(state, input::At::root("Minecraft state"))?,
    };
    let o: ServeOptions = input::from_options("serve options", args.options)?;
    if let Some(rcon) = &o.rcon {
        if !args.has_handler {
            return Err(Error::invalid(
                "rcon needs a handler(command) that returns the console output",
            ));
        }
        if rcon.password.is_empty() {
            return Err(Error::invalid(
                "rcon.password must not be empty (Minecraft runs no RCON without one)",
            ));
        }
    }
    let addr = listen_address(o.host.as_deref(), o.port, DEFAULT_PORT)?;
    let listen = Listen {
        addr,
        transport: spec::Transport::Tcp,
        connection_timeout: o.connection_timeout.unwrap_or(5000),
        max_connections: o.max_connections.unwrap_or(256).clamp(1, 65_536),
        rcon: o
            .rcon
            .as_ref()
            .map(|r| std::net::SocketAddr::new(addr.ip(), r.port.unwrap_or(RCON_PORT))),
        stream: false,
    };
    let responder = Responder {
        served: Arc::new(Served::new(status)),
        rcon_password: o.rcon.map(|r| r.password),
    };
    Ok((Box::new(responder), listen))
}

impl spec::Responder for Responder {
    fn update(&mut self, state: &str) -> Result<()> {
        let status = input::from_json::<JavaStatus>("Minecraft state", state)?;
        self.served = Arc::new(Served::new(status));
        Ok(())
    }

    fn open_stream(&self) -> Option<Stream> {
        Some(Box::new(Connection::default()))
    }

    fn handle_stream(&self, stream: &mut Stream, chunk: &[u8]) -> StreamOutput {
        let Some(conn) = stream.downcast_mut::<Connection>() else {
            return StreamOutput {
                write: vec![],
                close: true,
            };
        };
        let out = conn.handle_input(chunk, &self.served);
        StreamOutput {
            write: out.write,
            close: out.close,
        }
    }

    fn rcon_password(&self) -> Option<&str> {
        self.rcon_password.as_deref()
    }
}
