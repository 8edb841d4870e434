//! The UDP queries the engine multiplexes: the protocols' own plans and exchanges (the
//! ones a single call runs), and how each outcome becomes a `Status` entry of the batch.

use std::net::SocketAddr;

use serde_json::Value;

use crate::error::{Caller, Result};
use crate::exchange::Millis;
use crate::options::{parse_target, Common};
use crate::protocol::Protocol;
use crate::rng::Rng;
use crate::spec::Outcome;
use crate::spec::{self, QueryPlan, Running, Start, Transport};
use crate::status::GameMatch;
use crate::tape::Tape;
use crate::target::Target;

/// A parsed UDP query, before its address is known.
pub struct Plan {
    protocol: Protocol,
    plan: Box<dyn QueryPlan>,
}

impl Plan {
    /// `None`: not a datagram query (it runs as a call of its own).
    pub fn parse(protocol: Protocol, target: &Value, options: Value) -> Option<Result<(Plan, Target, u16)>> {
        let spec = protocol.spec();
        let make = match protocol.query() {
            Err(e) => return Some(Err(e)),
            Ok(spec::Query::Race | spec::Query::Parts(_)) => return None,
            Ok(spec::Query::Plan(_)) if spec.transport != Transport::Udp => return None,
            Ok(spec::Query::Plan(make)) => make,
        };
        Some(parse_target(target).and_then(|t| {
            let plan = make(options, &t)?;
            let port = spec.port(t.port)?;
            Ok((Plan { protocol, plan }, t, port))
        }))
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
        })
    }
}

/// A query's exchange: the same one a single call runs.
pub type Query = Box<dyn Running>;

/// A finished query's status onto `batch` after its index. `host`: the target's, for
/// `connect`; `game`: the game the item named.
pub fn push(batch: &mut Tape, index: u32, mut outcome: Outcome, host: &str, game: Option<GameMatch>) {
    outcome.settle(host, game);
    batch.push(&index);
    outcome.push_to(batch);
}
