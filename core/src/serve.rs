//! `serve(protocol, state, options)` without IO: the options checked once, the
//! protocol's responder, and what each received datagram or stream chunk is answered
//! with. Hosts (the tokio driver, or JavaScript over Node's sockets) bind, move bytes,
//! run RCON handlers and enforce the connection limits read here.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use serde_json::Value;

use crate::a2s::responder::{self as a2s, A2sState};
use crate::call::Transport;
use crate::error::{Error, Result};
use crate::input;
use crate::minecraft::bedrock::responder::{self as bedrock, BedrockState};
use crate::minecraft::java::responder::Served;
use crate::minecraft::java::JavaStatus;
use crate::minecraft::query::responder as mcquery;
use crate::minecraft::query::Stat;
use crate::protocol::Protocol;
use crate::samp::responder::{self as samp, Reply as SampReply};
use crate::samp::ServerState;
use crate::samp::HEADER_LEN;
use crate::sqp::responder as sqp;
use crate::sqp::Chunks;

/// Why a listener could not be had, as the OS says it: Node's `err.code` names, which
/// the tokio host maps its `io::ErrorKind` to.
pub fn bind_error(host: &str, port: u16, transport: Transport, os_code: &str, os_message: &str) -> Error {
    let why = match os_code {
        "EADDRINUSE" => "the port is in use (another server listens there)",
        "EADDRNOTAVAIL" => "that address is not one of this machine's",
        "EACCES" | "EPERM" => "permission denied (ports below 1024 need privileges)",
        _ => os_message.split(" (os error").next().unwrap_or(os_message),
    };
    let addr = crate::target::Target::display(host.trim_matches(['[', ']']), port);
    let transport = match transport {
        Transport::Udp => "UDP",
        Transport::Tcp => "TCP",
    };
    Error::new(
        crate::error::ErrorCode::Network,
        format!("cannot listen on {addr} ({transport}): {why}"),
    )
}

/// What to do with a received datagram.
#[derive(Debug, PartialEq, Eq)]
pub enum Reply {
    /// Send these datagrams back to the source.
    Send(Vec<Vec<u8>>),
    /// An authenticated RCON command: run the host's handler, then send
    /// [`Server::rcon_lines`] of its output.
    Rcon { header: [u8; HEADER_LEN], command: String },
}

#[derive(Debug)]
pub enum Server {
    Samp(Box<samp::Responder>),
    Sqp(Box<sqp::Responder>),
    Bedrock(Box<bedrock::Responder>),
    Query(Box<mcquery::Responder>),
    A2s(Box<a2s::Responder>),
    Minecraft {
        status: Arc<Served>,
        rcon_password: Option<String>,
    },
}

/// Where and how a responder listens.
#[derive(Debug, Clone, Copy)]
pub struct Listen {
    pub addr: SocketAddr,
    pub transport: Transport,
    /// TCP: each connection's deadline, ms.
    pub connection_timeout: u64,
    /// TCP: connections served at once; more wait.
    pub max_connections: usize,
    /// Minecraft: the RCON listener beside the status one.
    pub rcon: Option<SocketAddr>,
}

impl Server {
    /// `has_handler`: the host can run RCON commands (`options.rcon` needs one).
    /// `seed`: randomness for challenges.
    pub fn new(protocol: &str, state: &str, options: Value, has_handler: bool, seed: u64) -> Result<(Self, Listen)> {
        let udp = |host: Option<String>, port: Option<u16>, default| -> Result<Listen> {
            Ok(Listen {
                addr: listen_address(host.as_deref(), port, default)?,
                transport: Transport::Udp,
                connection_timeout: 0,
                max_connections: 0,
                rcon: None,
            })
        };
        match Protocol::parse(protocol)? {
            Protocol::Samp => {
                let state: ServerState = input::from_json("SA:MP state", state)?;
                let o: crate::samp::options::ServeOptions = input::from_options("serve options", options)?;
                if o.rcon.is_some() && !has_handler {
                    return Err(Error::invalid(
                        "rcon needs a handler(command) that returns the console lines",
                    ));
                }
                let says_sa_mp = state.rules.get("version").is_some_and(|v| v.starts_with("0."));
                let mut responder_options = samp::ResponderOptions {
                    legacy: o.legacy.unwrap_or(says_sa_mp),
                    rcon_password: o.rcon.map(|r| r.password),
                    ..Default::default()
                };
                if let Some(limit) = o.rate_limit {
                    responder_options.burst = limit.burst;
                    responder_options.per_second = limit.per_second;
                }
                let listen = udp(o.host, o.port, 7777)?;
                Ok((
                    Self::Samp(Box::new(samp::Responder::new(state, responder_options)?)),
                    listen,
                ))
            }
            Protocol::Sqp => {
                let state: Chunks = input::from_json("SQP state", state)?;
                let o: crate::sqp::options::ServeOptions = input::from_options("serve options", options)?;
                let defaults = sqp::ResponderOptions::default();
                let responder_options = sqp::ResponderOptions {
                    challenge_ttl_ms: o.challenge_ttl.unwrap_or(defaults.challenge_ttl_ms),
                    max_challenges: o.max_challenges.unwrap_or(defaults.max_challenges).max(1),
                    max_packet_size: o.max_packet_size,
                };
                let listen = udp(o.host, o.port, 0)?;
                Ok((
                    Self::Sqp(Box::new(sqp::Responder::new(state, responder_options, seed))),
                    listen,
                ))
            }
            Protocol::MinecraftBedrock => {
                let state: BedrockState = input::from_json("Bedrock state", state)?;
                let o: crate::options::UdpServeOptions = input::from_options("serve options", options)?;
                let limit = o.rate_limit.unwrap_or_default();
                let listen = udp(o.host, o.port, crate::minecraft::bedrock::DEFAULT_PORT)?;
                Ok((
                    Self::Bedrock(Box::new(bedrock::Responder::new(state, limit, seed))),
                    listen,
                ))
            }
            Protocol::MinecraftQuery => {
                let state: Stat = input::from_json("Minecraft Query state", state)?;
                let o: crate::options::UdpServeOptions = input::from_options("serve options", options)?;
                let limit = o.rate_limit.unwrap_or_default();
                let listen = udp(o.host, o.port, crate::minecraft::query::DEFAULT_PORT)?;
                let responder = mcquery::Responder::new(state, limit, seed, listen.addr);
                Ok((Self::Query(Box::new(responder)), listen))
            }
            Protocol::A2s => {
                let state: A2sState = input::from_json("A2S state", state)?;
                let o: crate::a2s::options::ServeOptions = input::from_options("serve options", options)?;
                let d = a2s::ResponderOptions::default();
                let responder_options = a2s::ResponderOptions {
                    challenge_ttl_ms: o.challenge_ttl.unwrap_or(d.challenge_ttl_ms),
                    max_challenges: o.max_challenges.unwrap_or(d.max_challenges).max(1),
                    // A split part carries 12 bytes of header: leave room for payload.
                    max_packet_size: o.max_packet_size.unwrap_or(d.max_packet_size).clamp(64, 65_000),
                    compress: o.compress.unwrap_or(false),
                    limit: o.rate_limit.unwrap_or_default(),
                };
                let listen = udp(o.host, o.port, crate::a2s::DEFAULT_PORT)?;
                Ok((
                    Self::A2s(Box::new(a2s::Responder::new(state, responder_options, seed))),
                    listen,
                ))
            }
            Protocol::Minecraft => Err(Error::invalid(
                "serve one edition: 'minecraft-java', 'minecraft-bedrock' or 'minecraft-query'",
            )),
            Protocol::SourceRcon => Err(Error::invalid(
                "'source-rcon' is a packet codec; serve('minecraft-java') answers status pings",
            )),
            Protocol::MinecraftJava | Protocol::MinecraftLegacy => {
                let status: JavaStatus = input::from_json("Minecraft state", state)?;
                let o: crate::minecraft::java::options::ServeOptions = input::from_options("serve options", options)?;
                if let Some(rcon) = &o.rcon {
                    if !has_handler {
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
                let addr = listen_address(o.host.as_deref(), o.port, 25565)?;
                let listen = Listen {
                    addr,
                    transport: Transport::Tcp,
                    connection_timeout: o.connection_timeout.unwrap_or(5000),
                    max_connections: o.max_connections.unwrap_or(256).clamp(1, 65_536),
                    rcon: o
                        .rcon
                        .as_ref()
                        .map(|r| SocketAddr::new(addr.ip(), r.port.unwrap_or(crate::source_rcon::MINECRAFT_PORT))),
                };
                let server = Self::Minecraft {
                    status: Arc::new(Served::new(status)),
                    rcon_password: o.rcon.map(|r| r.password),
                };
                Ok((server, listen))
            }
        }
    }

    /// Where the host bound (the port chosen when 0 was asked): what a Minecraft Query
    /// responder reports as `hostport`/`hostip` when its state does not say.
    pub fn bound(&mut self, addr: SocketAddr) {
        if let Self::Query(r) = self {
            r.bound(addr);
        }
    }

    /// Replaces the served state (JSON text of the protocol's state shape).
    pub fn update(&mut self, state: &str) -> Result<()> {
        match self {
            Self::Samp(r) => r.update(input::from_json::<ServerState>("SA:MP state", state)?),
            Self::Sqp(r) => {
                r.update(input::from_json::<Chunks>("SQP state", state)?);
                Ok(())
            }
            Self::Bedrock(r) => {
                r.update(input::from_json::<BedrockState>("Bedrock state", state)?);
                Ok(())
            }
            Self::Query(r) => {
                r.update(input::from_json::<Stat>("Minecraft Query state", state)?);
                Ok(())
            }
            Self::A2s(r) => {
                r.update(input::from_json::<A2sState>("A2S state", state)?);
                Ok(())
            }
            Self::Minecraft { status, .. } => {
                *status = Arc::new(Served::new(input::from_json::<JavaStatus>("Minecraft state", state)?));
                Ok(())
            }
        }
    }

    /// A datagram from `from`, at `now_ms` on the host's clock (ms since it started).
    pub fn handle_datagram(&mut self, now_ms: u64, from: SocketAddr, bytes: &[u8]) -> Reply {
        match self {
            Self::Samp(r) => match r.handle(now_ms, from.ip(), bytes) {
                SampReply::Ignore => Reply::Send(vec![]),
                SampReply::Send(d) => Reply::Send(vec![d]),
                SampReply::Rcon { header, command } => Reply::Rcon { header, command },
            },
            Self::Sqp(r) => Reply::Send(r.handle(now_ms, from, bytes).unwrap_or_default()),
            Self::Bedrock(r) => Reply::Send(r.handle(now_ms, from.ip(), bytes).into_iter().collect()),
            Self::Query(r) => Reply::Send(r.handle(now_ms, from, bytes).into_iter().collect()),
            Self::A2s(r) => Reply::Send(r.handle(now_ms, from.ip(), bytes)),
            Self::Minecraft { .. } => Reply::Send(vec![]),
        }
    }

    /// The datagrams that carry an RCON command's output.
    pub fn rcon_lines(&self, header: &[u8; HEADER_LEN], lines: &[String]) -> Vec<Vec<u8>> {
        match self {
            Self::Samp(r) => r.rcon_lines(header, lines),
            _ => vec![],
        }
    }

    /// The status a Minecraft connection answers with now.
    pub fn status(&self) -> Option<Arc<Served>> {
        match self {
            Self::Minecraft { status, .. } => Some(status.clone()),
            _ => None,
        }
    }

    /// A new RCON connection's state (Minecraft with `rcon` only).
    pub fn rcon_connection(&self) -> Option<crate::source_rcon::responder::Connection> {
        match self {
            Self::Minecraft {
                rcon_password: Some(p), ..
            } => Some(crate::source_rcon::responder::Connection::new(p)),
            _ => None,
        }
    }
}

/// Where a responder listens: `host` must be an IP address (`'0.0.0.0'` by default,
/// `'::1'` or `'[::1]'` for IPv6).
pub fn listen_address(host: Option<&str>, port: Option<u16>, default_port: u16) -> Result<SocketAddr> {
    let host = host.unwrap_or("0.0.0.0");
    let ip: IpAddr = host
        .trim_start_matches('[')
        .trim_end_matches(']')
        .parse()
        .map_err(|_| {
            Error::invalid(format!(
                "host must be an IP address, got {}",
                crate::error::quoted(host)
            ))
        })?;
    Ok(SocketAddr::new(ip, port.unwrap_or(default_port)))
}
