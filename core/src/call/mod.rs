//! A whole `query` or `rcon` call as a sans-IO state machine: look names up, open a socket
//! or a connection, run the protocol's exchange, retry or fall back — every decision is
//! made here, and the host only moves bytes: the tokio driver (`net`), or JavaScript over
//! Node's sockets or a transport the host provides (a Worker's `connect()`).
//!
//! The host's loop, as for an [`crate::exchange::Exchange`]: perform every
//! [`Call::poll_io`]; feed what happens back ([`Call::handle`], [`Call::handle_received`]);
//! call [`Call::handle_timeout`] when [`Call::poll_timeout`] passes; stop at
//! [`Call::poll_result`] and close whatever is still open. Times are milliseconds on a
//! clock that starts with the call.

mod address;
mod again;
mod console;
mod front;
pub(crate) mod game;
mod io;
pub mod many;
mod parts;
pub mod ports;
pub mod race;
mod race_result;
pub mod schedule;
pub mod session;
mod shape;
mod subcalls;

use std::collections::VecDeque;
use std::net::{IpAddr, SocketAddr};

use serde_json::Value;

use crate::error::{Caller, Error, ErrorCode, Result};
use crate::exchange::{Deadline, Millis};
use crate::games::{Game, Named};
use crate::options::{parse_target, target_text, Common};
use crate::protocol::Protocol;
pub use crate::rng::Rng;
pub use crate::spec::{Outcome, Transport};
use crate::spec::{QueryPlan, Running, Start};
use crate::target::Target;
pub(crate) use address::family_matches;
use address::local;
pub use address::{address_of, pick, port_closed};
use io::best;
pub use io::{Input, Io, SrvAnswer};
pub(crate) use shape::take_shape;

/// What the call waits for.
#[derive(Debug)]
enum Step {
    Srv,
    Resolve,
    /// Connection `id`, given up at `until`.
    Opening {
        id: u32,
        until: Millis,
    },
    Exchanging {
        id: u32,
        active: Box<dyn Running>,
    },
    /// Asked to ask again at `until` (HTTP `Retry-After`).
    Waiting {
        until: Millis,
    },
    Done,
}

#[derive(Debug)]
pub struct Call {
    /// For messages: `SA:MP query`, `Source RCON` …
    who: Caller,
    target: String,
    host: String,
    port: u16,
    common: Common,
    budget: Deadline,
    /// The protocol's side: its options and decisions.
    plan: Box<dyn QueryPlan>,
    step: Step,
    /// The peer, once known.
    addr: Option<SocketAddr>,
    /// The host resolves names itself (Workers' `connect()`): open by name.
    host_resolves: bool,
    rng: Rng,
    io: VecDeque<Io>,
    next_id: u32,
    result: Option<Result<Outcome>>,
    /// The calls this call only fronts: `'minecraft'`'s editions, a game's ports.
    front: Option<Box<dyn front::Front>>,
    /// The game asked for, the target's port and the `queryPort` given: for `Status.game`
    /// ([`Game::connect_port`]).
    game: Option<(&'static Game, Option<u16>, Option<u16>)>,
    /// Its status's `connect` is its own to decide: not for a game's candidate, whose
    /// front decides with the game's port.
    settles: bool,
    /// `gamequery/gamedig` on the native engine: the result in gamedig's shape, and its
    /// `…Required` (rules, players).
    shape: Option<(bool, bool)>,
    /// Said after a game's error: its fixed query port, when it was not asked.
    hint: Option<String>,
    asked: again::Asked,
}

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

    fn of_protocol(protocol: Protocol, target: &Value, options: Value, seed: u64, host_resolves: bool) -> Result<Self> {
        let who = protocol.caller();
        let text = target_text(target);
        let in_call = |e: Error| in_call(e, who, &text);
        let t = parse_target(target).map_err(in_call)?;
        if let crate::spec::Query::Race = protocol.query()? {
            let race = race::Race::new(target, options, seed, host_resolves).map_err(in_call)?;
            let port = t.port.or(protocol.spec().default_port).unwrap_or(0);
            return Self::fronting(who, text, t, port, Box::new(race), seed, host_resolves);
        }
        Self::of_protocol_at(protocol, t, text, options, seed, host_resolves)
    }

    /// [`Call::of_protocol`] of a target parsed already (a game's candidate port, its
    /// console): no JSON written to be read again. Not for the `minecraft` race.
    fn of_protocol_at(
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

    fn new(
        who: Caller,
        text: String,
        t: Target,
        port: u16,
        plan: Box<dyn QueryPlan>,
        seed: u64,
        host_resolves: bool,
    ) -> Self {
        let common = *plan.common();
        let mut call = Self {
            who,
            target: text,
            host: t.host,
            port,
            common,
            budget: common.deadline(),
            plan,
            step: Step::Done,
            addr: None,
            host_resolves,
            rng: Rng::new(seed),
            io: VecDeque::new(),
            next_id: 0,
            result: None,
            front: None,
            game: None,
            settles: true,
            shape: None,
            hint: None,
            asked: again::Asked::default(),
        };
        call.begin();
        call
    }

    /// SRV first (when the plan asks: Minecraft without a port), then the address, then
    /// the connection.
    fn begin(&mut self) {
        if let Some(name) = self.plan.srv_name(&self.host) {
            self.io.push_back(Io::Srv {
                name,
                server: self.plan.dns_server(),
            });
            self.step = Step::Srv;
            return;
        }
        self.resolve();
    }

    fn resolve(&mut self) {
        match self.host.parse::<IpAddr>() {
            Ok(ip) if family_matches(self.common.family, &ip) => self.connect(SocketAddr::new(ip, self.port), 0.0),
            Ok(_) => self.fail(Error::invalid(format!(
                "{} is not an IPv{} address",
                self.host, self.common.family
            ))),
            Err(_) if self.host_resolves => self.open(0.0),
            Err(_) => {
                self.io.push_back(Io::Resolve {
                    host: self.host.clone(),
                    family: self.common.family,
                    server: self.plan.dns_server(),
                });
                self.step = Step::Resolve;
            }
        }
    }

    fn connect(&mut self, addr: SocketAddr, now: Millis) {
        self.addr = Some(addr);
        self.open(now);
    }

    /// The plan's TLS, checked against the name asked for (after SRV, the record's).
    fn tls(&self) -> Option<crate::tls::Tls> {
        self.plan.tls().map(|t| t.to(&self.host))
    }

    /// Opens a socket or connection for the next attempt.
    fn open(&mut self, now: Millis) {
        self.plan.opening();
        let transport = self.plan.transport();
        let local = match local(&self.common, self.addr, transport) {
            Ok(local) => local,
            Err(e) => return self.fail(e),
        };
        let id = self.next_id;
        self.next_id += 1;
        let host = self.addr.map_or_else(|| self.host.clone(), |a| a.ip().to_string());
        self.io.push_back(Io::Open {
            id,
            transport,
            host,
            port: self.port,
            local,
            tls: self.tls(),
        });
        let until = match transport {
            Transport::Tcp => self.budget.attempt_end(now),
            Transport::Udp => self.budget.end,
        };
        self.step = Step::Opening { id, until };
    }

    pub fn poll_io(&mut self) -> Option<Io> {
        if let Some(front) = &mut self.front {
            return front.poll_io();
        }
        self.io.pop_front()
    }

    pub fn poll_timeout(&self) -> Option<Millis> {
        if let Some(front) = &self.front {
            return front.poll_timeout();
        }
        match &self.step {
            Step::Srv | Step::Resolve => Some(self.budget.end),
            Step::Opening { until, .. } | Step::Waiting { until } => Some(*until),
            Step::Exchanging { active, .. } => active.poll_timeout(),
            Step::Done => None,
        }
    }

    /// The result once there is one: the `Status` (or RCON lines), or the error naming
    /// the call. The host closes what is still open.
    pub fn poll_result(&mut self) -> Option<Result<Outcome>> {
        let result = match &mut self.front {
            Some(front) => front.poll_result(),
            None => self.result.take(),
        }?;
        Some(result.map(|mut outcome| {
            if !self.settles {
                return outcome;
            }
            let answered = match &outcome {
                Outcome::Status(s) => s.port(),
                Outcome::Lines(_) => 0,
            };
            let game = self.game.map(|(game, given, asked)| crate::status::GameMatch {
                id: game.id,
                name: game.name,
                game_port: game.connect_port(given, asked, answered),
                query_port: answered,
            });
            outcome.settle(&self.host, game);
            outcome
        }))
        .map(|result| match (result, self.shape) {
            #[cfg(not(target_family = "wasm"))]
            // Its error reads as the WASM engine's, which shapes after the call.
            (Ok(outcome), Some((rules, players))) => crate::gamedig::shape(outcome, rules, players),
            (result, _) => result,
        })
        .map(|result| result.map_err(|e| with_hint(e, self.hint.as_deref())))
    }

    /// The address queried, once known.
    pub fn address(&self) -> Option<SocketAddr> {
        self.front.as_ref().map_or(self.addr, |f| f.address())
    }

    /// The caller gave up (an AbortSignal): the call ends as aborted.
    pub fn abort(&mut self) {
        if let Some(front) = &mut self.front {
            return front.abort();
        }
        if !matches!(self.step, Step::Done) {
            self.fail(Error::aborted());
        }
    }

    pub fn handle_timeout(&mut self, now: Millis) {
        if let Some(front) = &mut self.front {
            return front.handle_timeout(now);
        }
        match &mut self.step {
            Step::Srv | Step::Resolve if now >= self.budget.end => {
                let e = Error::new(
                    ErrorCode::Timeout,
                    format!("resolving {} took longer than the deadline", self.host),
                );
                self.fail(e)
            }
            Step::Opening { id, until } if now >= *until => {
                let id = *id;
                self.io.push_back(Io::Close { id });
                let what = match self.addr {
                    Some(a) => format!("the connection to {a}"),
                    None => format!("the connection to {}:{}", self.host, self.port),
                };
                self.attempt_failed(now, Error::timeout(what, 1));
            }
            Step::Exchanging { active, .. } => {
                active.handle_timeout(now);
                self.service(now);
            }
            Step::Waiting { until } if now >= *until => self.open(now),
            _ => {}
        }
    }

    pub fn handle(&mut self, now: Millis, input: Input) {
        if let Some(front) = &mut self.front {
            return front.handle(now, input);
        }
        match (&self.step, input) {
            (Step::Srv, Input::Srv(records)) => {
                if let Some(r) = best(&records) {
                    let host = r.target.trim_end_matches('.').to_string();
                    self.plan.use_srv(host.clone(), r.port);
                    self.host = host;
                    self.port = r.port;
                }
                self.resolve();
            }
            (Step::Resolve, Input::Resolved(found)) => match address_of(&self.host, self.common.family, found) {
                Ok(ip) => self.connect(SocketAddr::new(ip, self.port), now),
                Err(e) => self.fail(e),
            },
            (&Step::Opening { id, .. }, Input::Opened { id: opened }) if id == opened => self.start(now, id),
            (&Step::Opening { id, .. }, Input::Refused { id: refused }) if id == refused => self.refused(id),
            (&Step::Opening { id, .. }, Input::Failed { id: failed, message }) if id == failed => {
                let to = self
                    .addr
                    .map_or_else(|| format!("{}:{}", self.host, self.port), |a| a.to_string());
                self.attempt_failed(
                    now,
                    Error::new(ErrorCode::Network, format!("connect to {to}: {message}")),
                );
            }
            // Not retried: a certificate does not change between attempts.
            (
                &Step::Opening { id, .. },
                Input::TlsFailed {
                    id: failed,
                    why,
                    message,
                },
            ) if id == failed => {
                self.io.push_back(Io::Close { id });
                if why == crate::tls::TlsFailure::NotTls && self.plan.without_tls() {
                    return self.open(now);
                }
                let tls = self.tls().unwrap_or_default();
                self.fail(crate::tls::failed(&tls, why, &message));
            }
            (&Step::Exchanging { id, .. }, Input::Refused { id: refused }) if id == refused => self.refused(id),
            (&Step::Exchanging { id, .. }, Input::Closed { id: closed } | Input::Failed { id: closed, .. })
                if id == closed && self.streams() =>
            {
                if let Step::Exchanging { active, .. } = &mut self.step {
                    active.handle_close(now);
                }
                self.service(now);
            }
            (&Step::Exchanging { id, .. }, Input::Failed { id: failed, message }) if id == failed => {
                self.io.push_back(Io::Close { id });
                self.fail(Error::new(ErrorCode::Network, message));
            }
            // Late answers to what was given up on, and anything unasked for.
            _ => {}
        }
    }

    /// Bytes received on `id`: a datagram, or a chunk of a stream.
    pub fn handle_received(&mut self, now: Millis, id: u32, bytes: &[u8]) {
        crate::internal::checkpoint("query");
        if let Some(front) = &mut self.front {
            return front.handle_received(now, id, bytes);
        }
        if let Step::Exchanging { id: current, active } = &mut self.step {
            if *current == id {
                active.handle_input(now, bytes);
                self.service(now);
            }
        }
    }

    fn refused(&mut self, id: u32) {
        self.io.push_back(Io::Close { id });
        let mut e = port_closed(self.port, if self.streams() { "tcp" } else { "udp" });
        if let Some(hint) = self.plan.refused_hint() {
            e.message = format!("{}; {hint}", e.message);
        }
        self.fail(e);
    }

    /// The connection is open: start this attempt's exchange.
    fn start(&mut self, now: Millis, id: u32) {
        let at = Start {
            now,
            budget: self.budget,
            rng: &mut self.rng,
            peer: self.addr,
            host: &self.host,
            port: self.port,
            protocol: self.who.protocol,
            path: self.asked.path.as_deref(),
            tls: self.plan.tls().is_some(),
        };
        match self.plan.start(at) {
            Ok(active) => {
                self.step = Step::Exchanging { id, active };
                self.service(now);
            }
            Err(e) => {
                self.io.push_back(Io::Close { id });
                self.fail(e)
            }
        }
    }

    /// After any event on the exchange: send what it wants sent, take its result.
    fn service(&mut self, now: Millis) {
        let Step::Exchanging { id, active } = &mut self.step else {
            return;
        };
        let id = *id;
        while let Some(bytes) = active.poll_transmit() {
            self.io.push_back(Io::Send { id, bytes });
        }
        let Some(result) = active.poll_result() else {
            return;
        };
        let Step::Exchanging { active, .. } = std::mem::replace(&mut self.step, Step::Done) else {
            unreachable!("matched above")
        };
        let again = active.again();
        self.io.push_back(Io::Close { id });
        match (result, again) {
            (Ok(outcome), _) => self.finish(Ok(outcome)),
            (Err(e), Some(again)) => self.ask_again(now, e, again),
            (Err(e), None) => self.attempt_failed(now, e),
        }
    }

    /// An attempt ended without an answer: another connection if the plan wants one
    /// (Minecraft; the datagram exchanges retransmit by themselves), else the error.
    fn attempt_failed(&mut self, now: Millis, e: Error) {
        match self.plan.retry(e, &self.budget, now) {
            Ok(()) => self.open(now),
            Err(e) => self.fail(e),
        }
    }

    /// Runs over TCP.
    fn streams(&self) -> bool {
        self.plan.transport() == Transport::Tcp
    }

    fn fail(&mut self, e: Error) {
        self.step = Step::Done;
        let e = match e.code {
            ErrorCode::InvalidArgument if e.context.is_none() => e,
            _ => e.in_call(self.who, &self.target, self.addr),
        };
        self.result = Some(Err(e));
    }

    fn finish(&mut self, outcome: Result<Outcome>) {
        self.step = Step::Done;
        self.result = Some(outcome);
    }
}

/// `e` with `hint` after its message, unless it is about the arguments or an abort.
pub(crate) fn with_hint(mut e: Error, hint: Option<&str>) -> Error {
    if let (Some(hint), false) = (hint, matches!(e.code, ErrorCode::InvalidArgument | ErrorCode::Aborted)) {
        e.message = format!("{}; {hint}", e.message);
    }
    e
}

fn in_call(e: Error, who: Caller, target: &str) -> Error {
    match e.code {
        ErrorCode::InvalidArgument => e,
        _ => e.in_call(who, target, None),
    }
}
