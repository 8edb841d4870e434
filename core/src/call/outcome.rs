//! What a call returns: the unified `Status` of its protocol, or RCON's lines.

use std::net::SocketAddr;

use serde::Serialize;

use crate::a2s::A2sQueryResult;
use crate::minecraft::bedrock::BedrockQueryResult;
use crate::minecraft::java::{JavaQueryResult, LegacyQueryResult};
use crate::minecraft::query::QueryResult;
use crate::samp::ServerState;
use crate::sqp::exchange::SqpQueryResult;
use crate::status::Status;

#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Outcome {
    Samp(Status<ServerState>),
    Java(Status<JavaQueryResult>),
    Legacy(Status<LegacyQueryResult>),
    Sqp(Status<SqpQueryResult>),
    Bedrock(Status<BedrockQueryResult>),
    Query(Status<QueryResult>),
    A2s(Status<A2sQueryResult>),
    Race(Box<Status<super::race_result::RaceResult>>),
    Lines(Vec<String>),
}

/// `Status.address` and `port`: the peer's IP, or the name when the host resolved it.
pub fn peer(addr: Option<SocketAddr>, host: &str, port: u16) -> (String, u16) {
    match addr {
        Some(a) => (a.ip().to_string(), a.port()),
        None => (host.to_string(), port),
    }
}
