//! What an RCON session (`rconSession()`: log in once, run many commands) needs before it
//! connects: the checked target and options. The protocol is [`crate::source_rcon::Session`]'s;
//! hosts connect, keep the deadlines and move the bytes.

use std::net::SocketAddr;

use serde_json::Value;

use crate::error::{Error, ErrorCode, Result};
use crate::options::{parse_target, target_text};
use crate::protocol::Protocol;
use crate::source_rcon::options::SourceRconRequest;
use crate::source_rcon::{RconFormat, Session};

#[derive(Debug, Clone)]
pub struct SessionArgs {
    /// `Minecraft RCON` or `Source RCON`, for messages.
    pub who: crate::error::Caller,
    /// The target as the caller wrote it, for messages.
    pub target: String,
    pub host: String,
    pub port: u16,
    pub request: SourceRconRequest,
}

impl SessionArgs {
    pub fn parse(protocol: &str, target: &Value, options: Value) -> Result<Self> {
        let options = crate::call::environment::fill(protocol, options, crate::call::environment::For::Rcon)?;
        let protocol = Protocol::parse(protocol)?;
        let sessions = |p: Protocol| p.spec().rcon.is_some_and(|r| r.source);
        let rcon = match protocol.spec().rcon {
            Some(rcon) if rcon.source => rcon,
            Some(_) => {
                return Err(Error::invalid(format!(
                    "{}'s RCON has no login to keep: run each command with rcon('{}', …)",
                    protocol.spec().label,
                    protocol.name()
                )))
            }
            None => {
                return Err(Error::invalid(format!(
                    "rconSession is for {}, not {}",
                    Protocol::listed(sessions),
                    crate::error::quoted(protocol.name())
                )))
            }
        };
        let text = target_text(target);
        let t = parse_target(target)?;
        let request = SourceRconRequest::read(options)?;
        Ok(Self {
            who: crate::error::Caller {
                title: rcon.title,
                protocol: protocol.name(),
            },
            target: text,
            port: t.port.unwrap_or(rcon.default_port),
            host: t.host,
            request,
        })
    }

    /// The session's protocol state, its login queued.
    pub fn session(&self) -> Result<Session> {
        Session::new(&self.request.password, self.format())
    }

    pub fn format(&self) -> RconFormat {
        self.request.format
    }

    /// `e`, naming this session (`Minecraft RCON of host:port: …`).
    pub fn name(&self, e: Error, address: Option<SocketAddr>) -> Error {
        e.in_call(self.who, &self.target, address)
    }

    /// The connection was refused: nothing listens there.
    pub fn refused(&self, address: Option<SocketAddr>) -> Error {
        self.name(super::port_closed(self.port, "tcp"), address)
    }

    /// The host's resolver found no address: its words.
    pub fn dns_failed(&self, message: &str) -> Error {
        let e = crate::error::dns_failed(&self.host, message);
        self.name(e, None)
    }

    /// The connection could not be made or broke: the host's words.
    pub fn failed(&self, message: &str, address: Option<SocketAddr>) -> Error {
        self.name(Error::new(ErrorCode::Network, message.to_string()), address)
    }

    /// The deadline passed with `session` waiting (or still connecting).
    pub fn timed_out(&self, session: &Session, address: Option<SocketAddr>) -> Error {
        let what = match address {
            None => "the connection",
            Some(_) => session.waiting_for().unwrap_or("the server"),
        };
        self.name(Error::timeout(what, 1), address)
    }
}
