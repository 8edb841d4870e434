//! The exchange a call is running, whichever protocol's, and what it yields.

use std::net::SocketAddr;

use super::outcome::{self, Outcome};
use crate::a2s::{A2sExchange, A2sQueryResult};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{Exchange, Millis};
use crate::minecraft::bedrock::{BedrockOutcome, PingExchange};
use crate::minecraft::java::exchange::{StatusExchange, StatusOutcome};
use crate::minecraft::legacy::{self, LegacyExchange};
use crate::minecraft::query::{StatExchange, StatOutcome};
use crate::samp::exchange::QueryExchange;
use crate::samp::rcon::RconExchange;
use crate::samp::ServerState;
use crate::source_rcon::SourceRconExchange;
use crate::sqp::exchange::{SqpExchange, SqpOutcome};

/// Boxed: the exchanges differ much in size.
#[derive(Debug)]
pub enum Active {
    Samp(Box<QueryExchange>),
    Rcon(Box<RconExchange>),
    Sqp(Box<SqpExchange>),
    Bedrock(Box<PingExchange>),
    Stat(Box<StatExchange>),
    A2s(Box<A2sExchange>),
    SourceRcon(Box<SourceRconExchange>),
    Status(Box<StatusExchange>),
    Legacy(Box<LegacyExchange>),
}

/// An exchange's result.
#[derive(Debug)]
pub enum Out {
    Samp(ServerState),
    Rcon(Vec<String>),
    Sqp(SqpOutcome),
    Bedrock(BedrockOutcome),
    Stat(StatOutcome),
    A2s(A2sQueryResult),
    Status(StatusOutcome),
    Legacy(legacy::Response, f64),
}

macro_rules! each {
    ($self:expr, $ex:ident => $body:expr) => {
        match $self {
            Active::Samp($ex) => $body,
            Active::Rcon($ex) => $body,
            Active::Sqp($ex) => $body,
            Active::Bedrock($ex) => $body,
            Active::Stat($ex) => $body,
            Active::A2s($ex) => $body,
            Active::SourceRcon($ex) => $body,
            Active::Status($ex) => $body,
            Active::Legacy($ex) => $body,
        }
    };
}

impl Active {
    pub fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        each!(self, ex => Exchange::poll_transmit(&mut **ex))
    }

    pub fn handle_input(&mut self, now: Millis, bytes: &[u8]) {
        each!(self, ex => Exchange::handle_input(&mut **ex, now, bytes))
    }

    pub fn poll_timeout(&self) -> Option<Millis> {
        each!(self, ex => Exchange::poll_timeout(&**ex))
    }

    pub fn handle_timeout(&mut self, now: Millis) {
        each!(self, ex => Exchange::handle_timeout(&mut **ex, now))
    }

    pub fn handle_close(&mut self, now: Millis) {
        each!(self, ex => Exchange::handle_close(&mut **ex, now))
    }

    /// The server answered like a pre-1.7 Minecraft server.
    pub fn wants_legacy(&self) -> bool {
        matches!(self, Active::Status(ex) if ex.wants_legacy())
    }

    pub fn poll_result(&mut self) -> Option<Result<Out>> {
        Some(match self {
            Active::Samp(ex) => ex.poll_result()?.map(Out::Samp),
            Active::Rcon(ex) => ex.poll_result()?.map(Out::Rcon),
            Active::Sqp(ex) => ex.poll_result()?.map(Out::Sqp),
            Active::Bedrock(ex) => Exchange::poll_result(&mut **ex)?.map(Out::Bedrock),
            Active::Stat(ex) => Exchange::poll_result(&mut **ex)?.map(Out::Stat),
            Active::A2s(ex) => Exchange::poll_result(&mut **ex)?.map(Out::A2s),
            Active::SourceRcon(ex) => Exchange::poll_result(&mut **ex)?.map(Out::Rcon),
            Active::Status(ex) => ex.poll_result()?.map(Out::Status),
            Active::Legacy(ex) => Exchange::poll_result(&mut **ex)?.map(|(r, rtt)| Out::Legacy(r, rtt)),
        })
    }
}

impl Out {
    /// The call's result for the datagram protocols (Minecraft's plan builds its own).
    pub fn into_outcome(self, addr: Option<SocketAddr>, host: &str, port: u16) -> Result<Outcome> {
        let (address, port) = outcome::peer(addr, host, port);
        Ok(match self {
            Out::Samp(raw) => Outcome::Samp(crate::samp::unified::status(raw, address, port)),
            Out::Rcon(lines) => Outcome::Lines(lines),
            Out::Sqp(out) => Outcome::Sqp(crate::sqp::unified::status(out, address, port)),
            Out::Bedrock(out) => Outcome::Bedrock(crate::minecraft::bedrock::unified::status(out, address, port)),
            Out::Stat(out) => Outcome::Query(crate::minecraft::query::unified::status(out, address, port)),
            Out::A2s(raw) => Outcome::A2s(crate::a2s::unified::status(raw, address, port)),
            Out::Status(_) | Out::Legacy(..) => {
                return Err(Error::new(
                    ErrorCode::Malformed,
                    "a Minecraft reply outside a Minecraft call",
                ))
            }
        })
    }
}
