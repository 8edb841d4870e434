//! `serve(protocol, state, options)` without IO: the options checked once, the
//! protocol's responder, and what each received datagram or stream chunk is answered
//! with. Hosts (the tokio driver, or JavaScript over Node's sockets) bind, move bytes,
//! run RCON handlers and enforce the connection limits read here.

use std::net::SocketAddr;

use serde_json::Value;

use crate::call::Transport;
use crate::error::{Error, Result};
use crate::protocol::Protocol;
pub use crate::spec::serve::{listen_address, Stream, StreamOutput};
pub use crate::spec::{Listen, Reply};
use crate::spec::{Responder, ServeArgs};

/// Why a listener could not be had, as the OS says it: Node's `err.code` names, which
/// the tokio host maps its `io::ErrorKind` to.
pub fn bind_error(host: &str, port: u16, transport: Transport, os_code: &str, os_message: &str) -> Error {
    // The host's TLS refused the identity (Node's OpenSSL: a key that is not the
    // certificate's, a PEM it cannot read): the caller's option, as rustls' refusal is.
    if os_code.starts_with("ERR_OSSL") || os_code.starts_with("ERR_SSL") {
        return Error::invalid(format!("serve option tls: {os_message}"));
    }
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

/// The game `id` names (an old id or any case too), when `protocol` serves it: `serve`'s
/// and `sampleState`'s `game` option.
pub fn game_served_by(id: &str, protocol: Protocol) -> Result<&'static crate::games::Game> {
    let game = crate::games::find(id).ok_or_else(|| {
        let near = crate::games::near(id);
        let like = if near.is_empty() {
            String::new()
        } else {
            format!("; did you mean {}?", near.join(", "))
        };
        Error::invalid(format!("option game: unknown game {}{like}", crate::error::quoted(id)))
    })?;
    match game.served() {
        Some(p) if p == protocol => Ok(game),
        Some(p) => Err(Error::invalid(format!(
            "{} ({}) is served by '{}', not '{}'",
            game.name,
            game.id,
            p.name(),
            protocol.name()
        ))),
        None => Err(Error::invalid(format!(
            "{} ({}) answers in '{}', which gamequery has no responder for",
            game.name, game.id, game.protocol
        ))),
    }
}

/// A protocol's responder, whichever: what the hosts drive.
#[derive(Debug)]
pub struct Server {
    responder: Box<dyn Responder>,
    dropped: crate::limit::DropLog,
}

impl Server {
    /// `has_handler`: the host can run RCON commands (`options.rcon` needs one).
    /// `seed`: randomness for challenges; `secret`: for keys (a TLS identity).
    pub fn new(
        protocol: &str,
        state: &str,
        mut options: Value,
        has_handler: bool,
        seed: u64,
        secret: [u8; 32],
    ) -> Result<(Self, Listen)> {
        let protocol = Protocol::parse(protocol)?;
        let serve = protocol.serve()?;
        // `game`: serve as that game's server does, on its query port unless one is given.
        if let Some(o) = options.as_object_mut() {
            match o.remove("game") {
                None | Some(Value::Null) => {}
                Some(Value::String(id)) => {
                    let game = game_served_by(&id, protocol)?;
                    if o.get("port").is_none_or(Value::is_null) {
                        o.insert("port".into(), game.default_query_port().into());
                    }
                }
                Some(other) => return Err(Error::invalid(format!("option game must be a game id, got {other}"))),
            }
        }
        let (made, dropped) = crate::limit::collecting(|| {
            serve(ServeArgs {
                state,
                options,
                has_handler,
                seed,
                secret,
            })
        });
        let (responder, listen) = made.map_err(crate::similar::with_member_suggestion)?;
        Ok((Self { responder, dropped }, listen))
    }

    /// The requests its rate limit has dropped, as JSON: `{ requests, source }`.
    pub fn dropped(&self) -> String {
        let d = *self.dropped.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        serde_json::json!({ "requests": d.requests, "source": d.source.map(|ip| ip.to_string()) }).to_string()
    }

    /// Where the host bound (the port chosen when 0 was asked): what a Minecraft Query
    /// responder reports as `hostport`/`hostip` when its state does not say.
    pub fn bound(&mut self, addr: SocketAddr) {
        self.responder.bound(addr)
    }

    /// Replaces the served state (JSON text of the protocol's state shape).
    pub fn update(&mut self, state: &str) -> Result<()> {
        self.responder
            .update(state)
            .map_err(crate::similar::with_member_suggestion)
    }

    /// A datagram from `from`, at `now_ms` on the host's clock (ms since it started).
    /// A bug of ours (a panic) answering it drops that datagram, not the server.
    pub fn handle_datagram(&mut self, now_ms: u64, from: SocketAddr, bytes: &[u8]) -> Reply {
        let responder = &mut self.responder;
        let reply = crate::internal::contain("a responder", || {
            crate::internal::checkpoint("serve");
            Ok(responder.handle_datagram(now_ms, from, bytes))
        });
        reply.unwrap_or(Reply::Send(vec![]))
    }

    /// The datagrams that carry an RCON command's output (`reply_to` from [`Reply::Rcon`]).
    pub fn rcon_lines(&self, reply_to: &[u8], lines: &[String]) -> Vec<Vec<u8>> {
        self.responder.rcon_lines(reply_to, lines)
    }

    /// A new TCP connection's state (stream responders only).
    pub fn open_stream(&self) -> Option<Stream> {
        self.responder.open_stream()
    }

    /// What a new connection is told first (TeamSpeak's banner); a bug of ours answers
    /// nothing.
    pub fn greet(&self, stream: &mut Stream) -> Vec<u8> {
        crate::internal::contain("a responder", || Ok(self.responder.greet(stream))).unwrap_or_default()
    }

    /// The TLS identity its connections are served with, if they speak TLS.
    pub fn identity(&self) -> Option<&crate::tls::identity::Identity> {
        self.responder.identity()
    }

    /// Bytes a connection sent, answered with the state served now.
    /// A bug of ours (a panic) answering it closes that connection, not the server.
    pub fn handle_stream(&self, stream: &mut Stream, chunk: &[u8]) -> StreamOutput {
        let output = crate::internal::contain("a responder", || {
            crate::internal::checkpoint("serve");
            Ok(self.responder.handle_stream(stream, chunk))
        });
        output.unwrap_or(StreamOutput {
            write: vec![],
            close: true,
        })
    }

    /// A new Source RCON connection's state (a responder with RCON beside it only).
    pub fn rcon_connection(&self) -> Option<crate::source_rcon::responder::Connection> {
        self.responder
            .rcon_password()
            .map(crate::source_rcon::responder::Connection::new)
    }
}
