//! How a call is made from what the caller gave: a protocol or a game by name, the target
//! and options as JavaScript gave them, parsed once here (the state machine is `mod.rs`).

use serde_json::Value;

#[cfg(feature = "minecraft")]
use super::race;
use super::{in_call, parts, take_shape, Call};
use crate::call::environment::{self, For};
use crate::error::{Caller, Error, Result};
use crate::games::Named;
use crate::options::{parse_target, target_text};
use crate::protocol::Protocol;
use crate::target::Target;

impl Call {
    /// A query of `protocol` (`target` and `options` as JavaScript gave them), or of a
    /// game (`'rust'`: its protocol, at its candidate ports). `seed`: randomness from the
    /// host (ping payloads, RCON probes). `host_resolves`: the host opens connections by
    /// name and has no resolver of its own to offer.
    pub fn query(protocol: &str, target: &Value, options: Value, seed: u64, host_resolves: bool) -> Result<Self> {
        let (options, shape) = take_shape(options)?;
        Ok(Self::query_unshaped(protocol, target, options, seed, host_resolves)?.shaped(shape))
    }

    /// [`Call::query`] with `gamedigShape` taken out already ([`take_shape`]).
    pub(crate) fn query_unshaped(
        protocol: &str,
        target: &Value,
        options: Value,
        seed: u64,
        host_resolves: bool,
    ) -> Result<Self> {
        if protocol.is_empty() {
            return Err(Error::invalid("no protocol: give one per item or in the options"));
        }
        let options = environment::fill(protocol, options, For::Query)?;
        match crate::games::named(protocol)? {
            Named::Protocol(p) => Self::of_protocol(p, target, options, seed, host_resolves),
            Named::Game(game, p) => Self::of_game(game, p, target, options, seed, host_resolves),
        }
    }

    /// The result in gamedig's shape (`rules`, `players`: gamedig's `…Required`).
    pub(crate) fn shaped(mut self, shape: Option<(bool, bool)>) -> Self {
        self.shape = shape;
        self
    }

    pub(super) fn of_protocol(
        protocol: Protocol,
        target: &Value,
        options: Value,
        seed: u64,
        host_resolves: bool,
    ) -> Result<Self> {
        let who = protocol.caller();
        let text = target_text(target);
        let in_call = |e: Error| in_call(e, who, &text);
        let t = parse_target(target).map_err(in_call)?;
        #[cfg(feature = "minecraft")]
        if let crate::spec::Query::Race = protocol.query()? {
            let race = race::Race::new(target, options, seed, host_resolves).map_err(in_call)?;
            let port = t.port.or(protocol.spec().default_port).unwrap_or(0);
            return Self::fronting(who, text, t, port, Box::new(race), seed, host_resolves);
        }
        Self::of_protocol_at(protocol, t, text, options, seed, host_resolves)
    }

    /// [`Call::of_protocol`] of a target parsed already (a game's candidate port, its
    /// console): no JSON written to be read again. Not for the `minecraft` race.
    pub(super) fn of_protocol_at(
        protocol: Protocol,
        t: Target,
        text: String,
        options: Value,
        seed: u64,
        host_resolves: bool,
    ) -> Result<Self> {
        let who = protocol.caller();
        let spec = protocol.spec();
        let mut plan = match protocol.query()? {
            crate::spec::Query::Plan(plan) | crate::spec::Query::Parts(plan) => plan(options, &t)?,
            crate::spec::Query::Race => return Err(Error::invalid("the minecraft race needs its target as given")),
        };
        let port = plan.connect_port(spec.port(t.port)?);
        if let Some(parts) = plan.parts(&t.host, port) {
            let mut own = Self::new(who, text.clone(), t.clone(), port, plan, seed, host_resolves);
            own.settles = false;
            let front = parts::Parted::new(
                own,
                parts,
                parts::Beside {
                    who,
                    text: text.clone(),
                    target: t.clone(),
                    port,
                    seed,
                    host_resolves,
                },
            );
            return Self::fronting(who, text, t, port, Box::new(front), seed, host_resolves);
        }
        Ok(Self::new(who, text, t, port, plan, seed, host_resolves))
    }

    /// An RCON command: the protocol's own RCON, or Source RCON beside it.
    pub fn rcon(
        protocol: &str,
        target: &Value,
        options: Value,
        command: &str,
        seed: u64,
        host_resolves: bool,
    ) -> Result<Self> {
        let options = environment::fill(protocol, options, For::Rcon)?;
        let protocol = Protocol::parse(protocol)?;
        let Some((rcon, run)) = protocol.rcon() else {
            return Err(Error::invalid(format!(
                "rcon is not available for {}; it is for {}",
                crate::error::quoted(protocol.name()),
                Protocol::listed(|p| p.spec().rcon.is_some())
            )));
        };
        let who = Caller {
            title: rcon.title,
            protocol: protocol.name(),
        };
        let text = target_text(target);
        let t = parse_target(target).map_err(|e| in_call(e, who, &text))?;
        let plan = run(options, command)?;
        let port = t.port.unwrap_or(rcon.default_port);
        Ok(Self::new(who, text, t, port, plan, seed, host_resolves))
    }
}
