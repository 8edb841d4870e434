//! The UDP queries the engine multiplexes: the protocols' own sans-IO exchanges, and how
//! each outcome becomes a `Status` entry of the result batch.

use std::net::SocketAddr;

use serde_json::Value;

use crate::a2s::options::A2sRequest;
use crate::a2s::{A2sExchange, DEFAULT_PORT as A2S_PORT};
use crate::error::{Error, Result};
use crate::exchange::Millis;
use crate::minecraft::bedrock::options::BedrockRequest;
use crate::minecraft::bedrock::{PingExchange, DEFAULT_PORT as BEDROCK_PORT};
use crate::minecraft::query::options::StatRequest;
use crate::minecraft::query::{StatExchange, DEFAULT_PORT as QUERY_PORT};
use crate::options::{parse_target, Common};
use crate::protocol::Protocol;
use crate::rng::Rng;
use crate::samp::exchange::{QueryExchange, QueryOptions};
use crate::samp::options::QueryRequest;
use crate::samp::DEFAULT_PORT as SAMP_PORT;
use crate::sqp::exchange::SqpExchange;
use crate::sqp::options::SqpRequest;
use crate::tape::Tape;
use crate::target::Target;

/// A parsed UDP query, before its address is known.
pub enum Plan {
    Samp(QueryRequest),
    Sqp(SqpRequest),
    Bedrock(BedrockRequest),
    Stat(StatRequest),
    A2s(A2sRequest),
}

impl Plan {
    /// `None`: not a UDP protocol.
    pub fn parse(protocol: Protocol, target: &Value, options: Value) -> Option<Result<(Plan, Target, u16)>> {
        Some(match protocol {
            Protocol::Samp => parse_target(target).and_then(|t| {
                let port = t.port.unwrap_or(SAMP_PORT);
                Ok((Plan::Samp(QueryRequest::parse(options)?), t, port))
            }),
            Protocol::Sqp => parse_target(target).and_then(|t| {
                let request = SqpRequest::parse(options)?;
                let port = t
                    .port
                    .ok_or_else(|| Error::invalid("SQP has no default port: give host:port"))?;
                Ok((Plan::Sqp(request), t, port))
            }),
            Protocol::MinecraftBedrock => parse_target(target).and_then(|t| {
                let port = t.port.unwrap_or(BEDROCK_PORT);
                Ok((Plan::Bedrock(BedrockRequest::parse(options)?), t, port))
            }),
            Protocol::MinecraftQuery => parse_target(target).and_then(|t| {
                let port = t.port.unwrap_or(QUERY_PORT);
                Ok((Plan::Stat(StatRequest::parse(options)?), t, port))
            }),
            Protocol::A2s => parse_target(target).and_then(|t| {
                let port = t.port.unwrap_or(A2S_PORT);
                Ok((Plan::A2s(A2sRequest::parse(options)?), t, port))
            }),
            Protocol::SourceRcon => Err(Error::invalid("'source-rcon' is a packet codec, not a query")),
            Protocol::MinecraftJava | Protocol::MinecraftLegacy | Protocol::Minecraft => return None,
        })
    }

    pub fn common(&self) -> &Common {
        match self {
            Plan::Samp(o) => &o.common,
            Plan::Sqp(p) => &p.common,
            Plan::Bedrock(p) => &p.common,
            Plan::Stat(p) => &p.common,
            Plan::A2s(p) => &p.common,
        }
    }

    /// The protocol's name, for errors.
    pub fn protocol(&self) -> &'static str {
        match self {
            Plan::Samp(_) => "samp",
            Plan::Sqp(_) => "sqp",
            Plan::Bedrock(_) => "minecraft-bedrock",
            Plan::Stat(_) => "minecraft-query",
            Plan::A2s(_) => "a2s",
        }
    }

    /// Needs a socket of its own (a local address to bind), so not the shared ones.
    pub fn binds(&self) -> bool {
        let c = self.common();
        c.local_address.is_some() || c.local_port != 0
    }

    /// The exchange, on a clock that began when the query did (`now` on it).
    pub fn start(&self, addr: SocketAddr, now: Millis, rng: &mut Rng) -> Query {
        match self {
            Plan::Samp(o) => {
                let options = QueryOptions {
                    players: o.players,
                    encoding: o.encoding,
                    deadline: o.common.deadline(),
                    open_mp: o.open_mp,
                    ping: o.ping,
                    raw_strings: o.raw_strings,
                };
                let header = crate::samp::Address::of(Some(addr.ip()), addr.port());
                Query::Samp(Box::new(QueryExchange::new(header, options, rng.bytes4(), now)))
            }
            Plan::Sqp(p) => Query::Sqp(Box::new(SqpExchange::new(p.chunks, p.common.deadline(), now))),
            Plan::Bedrock(p) => Query::Bedrock(Box::new(PingExchange::new(rng.next_u64(), p.common.deadline(), now))),
            Plan::Stat(p) => Query::Stat(Box::new(StatExchange::new(
                rng.next_u64() as u32,
                p.full,
                p.common.deadline(),
                now,
            ))),
            Plan::A2s(p) => Query::A2s(Box::new(A2sExchange::new(p.players, p.rules, p.common.deadline(), now))),
        }
    }
}

/// A query's exchange: the same one a single call runs.
pub use crate::call::active::Active as Query;

/// Once `query` finished: its status pushed onto `batch` after its `index`, or the error.
pub fn finish(query: &mut Query, addr: SocketAddr, index: u32, batch: &mut Tape) -> Option<Result<(), Error>> {
    let out = query.poll_result()?;
    Some(
        out.and_then(|out| out.into_outcome(Some(addr), "", 0))
            .map(|outcome| push(batch, index, &outcome)),
    )
}

/// A successful entry: its index, then the status.
pub fn push<T: serde::Serialize>(batch: &mut Tape, index: u32, status: &T) {
    batch.push(&index);
    batch.push(status);
}
