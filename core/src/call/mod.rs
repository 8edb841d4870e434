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

/// The [`Start`] a plan is given at `now`, its peer `peer` and its path `path`: a macro, so
/// that it borrows the call's fields and leaves its plan free to be called.
macro_rules! start_at {
    ($call:ident, $now:expr, $peer:expr, $path:expr) => {
        Start {
            now: $now,
            budget: $call.budget,
            rng: &mut $call.rng,
            peer: $peer,
            host: &$call.host,
            port: $call.port,
            protocol: $call.who.protocol,
            path: $path,
            tls: $call.plan.tls().is_some(),
            about: $call.subject.as_ref().map(|s| crate::spec::query::About {
                addr: s.addr,
                host: &s.host,
                port: s.port,
            }),
        }
    };
}

mod address;
mod again;
mod console;
mod entry;
pub mod environment;
mod front;
pub(crate) mod game;
mod io;
mod listing;
pub mod many;
mod parts;
pub mod ports;
// The `minecraft` race of editions: in builds with the Minecraft family only.
#[cfg(feature = "minecraft")]
pub mod race;
#[cfg(feature = "minecraft")]
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
use crate::games::Game;
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
    /// Waiting for another query's fetch of the central list the plan reads: look again at
    /// `until` ([`QueryPlan::listed`]).
    Listing {
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
    /// The server asked about, where the plan connects elsewhere.
    subject: Option<Subject>,
}

/// The target of a call that connects elsewhere ([`QueryPlan::elsewhere`]): looked up first,
/// then the call goes `to` the API or list.
#[derive(Debug)]
struct Subject {
    host: String,
    port: u16,
    addr: Option<SocketAddr>,
    /// Where to go once the target's address is known (or at once, where the API does not
    /// know servers by address); taken then.
    to: Option<crate::spec::query::Elsewhere>,
}

impl Call {
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
        let subject = plan.elsewhere().map(|to| Subject {
            host: t.host.clone(),
            port,
            addr: None,
            to: Some(to),
        });
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
            subject,
        };
        call.begin();
        call
    }

    /// SRV first (when the plan asks: Minecraft without a port), then the address, then
    /// the connection.
    fn begin(&mut self) {
        if self
            .subject
            .as_ref()
            .is_some_and(|s| s.to.as_ref().is_some_and(|to| !to.by_address))
        {
            self.go_elsewhere(None);
            if !self.unlisted(0.0) {
                return;
            }
        }
        if let Some(name) = self.plan.srv_name(&self.host) {
            self.io.push_back(Io::Srv {
                name,
                server: self.plan.dns_server(),
            });
            self.step = Step::Srv;
            return;
        }
        self.resolve(0.0);
    }

    fn resolve(&mut self, now: Millis) {
        match self.host.parse::<IpAddr>() {
            Ok(ip) if family_matches(self.common.family, &ip) => self.connect(SocketAddr::new(ip, self.port), now),
            Ok(_) => self.fail(Error::invalid(format!(
                "{} is not an IPv{} address",
                self.host, self.common.family
            ))),
            Err(_) if self.host_resolves => {
                if self.go_elsewhere(None) {
                    if self.unlisted(now) {
                        self.resolve(now);
                    }
                    return;
                }
                self.open(now)
            }
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
        if self.go_elsewhere(Some(addr)) {
            if self.unlisted(now) {
                self.resolve(now);
            }
            return;
        }
        self.addr = Some(addr);
        self.open(now);
    }

    /// The target's address known (`addr`; none where the host resolves names): a plan
    /// that connects elsewhere goes there now (`true`: its host is to be looked up).
    fn go_elsewhere(&mut self, addr: Option<SocketAddr>) -> bool {
        let Some(subject) = self.subject.as_mut() else {
            return false;
        };
        let Some(to) = subject.to.take() else {
            return false;
        };
        subject.addr = addr;
        self.host = to.host;
        self.port = to.port;
        true
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
            Step::Opening { until, .. } | Step::Waiting { until } | Step::Listing { until } => Some(*until),
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
            let host = self.subject.as_ref().map_or(&self.host, |s| &s.host);
            outcome.settle(host, game);
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
            Step::Listing { until } if now >= *until => self.look_again(now),
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
                self.resolve(now);
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
            // A host's `fetch` that got no reply: the connection's failure, in its words.
            (&Step::Exchanging { id, .. }, Input::Unanswered { id: failed, message }) if id == failed => {
                self.io.push_back(Io::Close { id });
                let message = crate::http::fetch::unanswered(&message);
                self.attempt_failed(now, Error::new(ErrorCode::Network, message));
            }
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
        // The port is a vendor's API's (Factorio's, EOS's …), not the server's asked about:
        // the call's prefix names that server, so say whose port refused.
        if self.subject.is_some() {
            e.message = format!("{}'s {}", self.host, e.message);
        }
        if let Some(hint) = self.plan.refused_hint() {
            e.message = format!("{}; {hint}", e.message);
        }
        self.fail(e);
    }

    /// The connection is open: start this attempt's exchange.
    fn start(&mut self, now: Millis, id: u32) {
        let at = start_at!(self, now, self.addr, self.asked.path.as_deref());
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
