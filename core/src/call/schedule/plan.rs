//! The datagram queries the scheduler multiplexes: the protocols' own plans and exchanges
//! (the ones a single call runs).

use std::net::SocketAddr;

use serde_json::Value;

use crate::error::{Caller, Result};
use crate::exchange::Millis;
use crate::options::{parse_target, Common};
use crate::protocol::Protocol;
use crate::rng::Rng;
use crate::spec::{self, QueryPlan, Running, Start, Transport};
use crate::target::Target;

/// A parsed UDP query, before its address is known.
pub struct Plan {
    protocol: Protocol,
    plan: Box<dyn QueryPlan>,
}

impl Plan {
    /// `None`: not a datagram query (it runs as a call of its own).
    pub fn parse(protocol: Protocol, target: &Value, options: Value) -> Option<Result<(Plan, Target, u16)>> {
        Some(Self::maker(protocol)?.and_then(|make| Self::made(protocol, make, parse_target(target)?, options)))
    }

    /// [`Plan::parse`] of a target parsed already (a game's candidate port): no JSON
    /// written to be read again.
    pub fn parse_at(protocol: Protocol, target: Target, options: Value) -> Option<Result<(Plan, Target, u16)>> {
        Some(Self::maker(protocol)?.and_then(|make| Self::made(protocol, make, target, options)))
    }

    /// How the protocol's query is made, when it is a datagram exchange of its own.
    fn maker(protocol: Protocol) -> Option<Result<spec::PlanFn>> {
        match protocol.query() {
            Err(e) => Some(Err(e)),
            Ok(spec::Query::Race | spec::Query::Parts(_)) => None,
            Ok(spec::Query::Plan(_)) if protocol.spec().transport != Transport::Udp => None,
            Ok(spec::Query::Plan(make)) => Some(Ok(make)),
        }
    }

    fn made(protocol: Protocol, make: spec::PlanFn, t: Target, options: Value) -> Result<(Plan, Target, u16)> {
        let plan = make(options, &t)?;
        let port = protocol.spec().port(t.port)?;
        Ok((Plan { protocol, plan }, t, port))
    }

    pub fn common(&self) -> &Common {
        self.plan.common()
    }

    /// The query, for errors.
    pub fn caller(&self) -> Caller {
        self.protocol.caller()
    }

    /// Needs a socket of its own (a local address to bind), so not the shared ones.
    pub fn binds(&self) -> bool {
        let c = self.common();
        c.local_address.is_some() || c.local_port != 0
    }

    /// The exchange, on a clock that began when the query did (`now` on it).
    pub fn start(&mut self, addr: SocketAddr, now: Millis, rng: &mut Rng) -> Result<Query> {
        let budget = self.common().deadline();
        self.plan.start(Start {
            now,
            budget,
            rng,
            peer: Some(addr),
            host: "",
            port: addr.port(),
            protocol: self.protocol.name(),
            path: None,
            tls: false,
            about: None,
        })
    }
}

/// A query's exchange: the same one a single call runs.
pub type Query = Box<dyn Running>;
