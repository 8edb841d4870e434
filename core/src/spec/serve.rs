//! A protocol's side of `serve`: the responder its options build, and where it listens.
//! `crate::serve` fronts any responder; hosts bind, move bytes and run RCON handlers.

use std::any::Any;
use std::fmt::Debug;
use std::net::{IpAddr, SocketAddr};

use serde_json::Value;

use super::Transport;
use crate::error::{Error, Result};

/// What `serve(name, state, options)` was given.
pub struct ServeArgs<'a> {
    /// The state as JSON text, in the protocol's state shape.
    pub state: &'a str,
    pub options: Value,
    /// The host can run RCON commands (`options.rcon` needs a handler).
    pub has_handler: bool,
    /// Randomness for challenges.
    pub seed: u64,
    /// Randomness for keys: a TLS identity's ([`crate::tls::identity`]).
    pub secret: [u8; 32],
}

/// Where and how a responder listens.
#[derive(Debug, Clone, Copy)]
pub struct Listen {
    pub addr: SocketAddr,
    pub transport: Transport,
    /// TCP: each connection's deadline, ms.
    pub connection_timeout: u64,
    /// TCP: connections open at once; a new one past it closes the one waiting longest
    /// for an answer ([`crate::slots::Slots`]).
    pub max_connections: usize,
    /// Source RCON beside the responder (Minecraft's `enable-rcon`).
    pub rcon: Option<SocketAddr>,
    /// A datagram responder that also takes TCP connections on the same port number
    /// (FXServer's HTTP beside its datagrams): bound after the UDP socket, at its port.
    pub stream: bool,
}

impl Listen {
    /// A datagram responder at `host:port` (an IP address; `0.0.0.0` and `default_port`
    /// when not given).
    pub fn udp(host: Option<&str>, port: Option<u16>, default_port: u16) -> Result<Self> {
        Ok(Self {
            addr: listen_address(host, port, default_port)?,
            transport: Transport::Udp,
            connection_timeout: 0,
            max_connections: 0,
            rcon: None,
            stream: false,
        })
    }

    /// A responder over TCP alone, as `options` ask (64 connections, 5 s each, by default).
    pub fn tcp(options: &crate::options::TcpServeOptions, default_port: u16) -> Result<Self> {
        Ok(Self {
            addr: listen_address(options.host.as_deref(), options.port, default_port)?,
            transport: Transport::Tcp,
            connection_timeout: options.connection_timeout.unwrap_or(5000),
            max_connections: options.max_connections.unwrap_or(64).clamp(1, 65_536),
            rcon: None,
            stream: false,
        })
    }
}

/// What to do with a received datagram.
#[derive(Debug, PartialEq, Eq)]
pub enum Reply {
    /// Send these datagrams back to the source.
    Send(Vec<Vec<u8>>),
    /// An authenticated RCON command: run the host's handler, then send
    /// [`Responder::rcon_lines`] of its output, with `reply_to` given back.
    Rcon { reply_to: Vec<u8>, command: String },
}

/// One TCP connection's state, the responder's own (see [`Responder::open_stream`]).
pub type Stream = Box<dyn Any + Send>;

/// What a connection's input is answered with.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct StreamOutput {
    pub write: Vec<u8>,
    /// Close after writing.
    pub close: bool,
}

pub trait Responder: Send {
    /// Replaces the served state (JSON text of the protocol's state shape).
    fn update(&mut self, state: &str) -> Result<()>;

    /// Where the host bound (the port chosen when 0 was asked).
    fn bound(&mut self, _addr: SocketAddr) {}

    /// A datagram from `from`, at `now_ms` on the host's clock (ms since it started).
    fn handle_datagram(&mut self, _now_ms: u64, _from: SocketAddr, _bytes: &[u8]) -> Reply {
        Reply::Send(vec![])
    }

    /// The datagrams that carry an RCON command's output.
    fn rcon_lines(&self, _reply_to: &[u8], _lines: &[String]) -> Vec<Vec<u8>> {
        vec![]
    }

    /// A new TCP connection's state (stream responders only).
    fn open_stream(&self) -> Option<Stream> {
        None
    }

    /// What a new connection is told before it says anything (TeamSpeak's banner).
    fn greet(&self, _stream: &mut Stream) -> Vec<u8> {
        vec![]
    }

    /// Bytes a connection sent, answered with the state served now.
    fn handle_stream(&self, _stream: &mut Stream, _chunk: &[u8]) -> StreamOutput {
        StreamOutput {
            write: vec![],
            close: true,
        }
    }

    /// Source RCON beside the responder: its password.
    fn rcon_password(&self) -> Option<&str> {
        None
    }

    /// Its TCP connections speak TLS with this identity (Satisfactory's HTTPS API): the
    /// host handshakes before [`Self::open_stream`]'s state sees a byte.
    fn identity(&self) -> Option<&crate::tls::identity::Identity> {
        None
    }
}

impl Debug for dyn Responder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Responder")
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
