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

pub(crate) mod active;
pub mod many;
mod minecraft;
pub(crate) mod outcome;
pub mod race;
mod race_result;
pub mod session;

use std::collections::VecDeque;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use serde_json::Value;

use self::active::Active;
use self::minecraft::Minecraft;
pub use self::outcome::Outcome;
use crate::a2s::options::A2sRequest;
use crate::a2s::A2sExchange;
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{Deadline, Millis};
use crate::minecraft::bedrock::options::BedrockRequest;
use crate::minecraft::bedrock::PingExchange;
use crate::minecraft::query::options::StatRequest;
use crate::minecraft::query::StatExchange;
use crate::options::{parse_target, target_text, Common};
use crate::protocol::Protocol;
pub use crate::rng::Rng;
use crate::samp::exchange::{QueryExchange, QueryOptions};
use crate::samp::options::{QueryRequest, RconRequest};
use crate::samp::rcon::{RconExchange, RconOptions};
use crate::samp::{Address, DEFAULT_PORT as SAMP_PORT};
use crate::source_rcon::options::SourceRconRequest;
use crate::source_rcon::SourceRconExchange;
use crate::sqp::options::SqpRequest;
use crate::target::Target;
use crate::text::TextEncoding;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    Udp,
    Tcp,
}

/// What a call asks its host to do.
#[derive(Debug, Clone, PartialEq)]
pub enum Io {
    /// The `_minecraft._tcp` record: answer [`Input::Srv`]. `server`: ask that name server.
    Srv {
        name: String,
        server: Option<SocketAddr>,
    },
    /// The host name's addresses (A and AAAA): answer [`Input::Resolved`].
    Resolve {
        host: String,
        family: u8,
        server: Option<SocketAddr>,
    },
    /// A UDP socket connected to `host:port` (its errors, like ICMP unreachable, reported
    /// as [`Input::Refused`]), or a TCP connection: answer [`Input::Opened`]. `host` is an
    /// IP address unless the host resolves names itself ([`Call::new`]). `local`: bind it.
    Open {
        id: u32,
        transport: Transport,
        host: String,
        port: u16,
        local: Option<SocketAddr>,
    },
    Send {
        id: u32,
        bytes: Vec<u8>,
    },
    Close {
        id: u32,
    },
}

/// What happened, as the host tells it.
#[derive(Debug, Clone, PartialEq)]
pub enum Input {
    /// The records found; none when there is no record or the lookup failed (the name is
    /// then used as it is).
    Srv(Vec<SrvAnswer>),
    /// The addresses, or the resolver's message.
    Resolved(std::result::Result<Vec<IpAddr>, String>),
    Opened {
        id: u32,
    },
    /// The peer closed the connection (end of stream, or a reset while reading).
    Closed {
        id: u32,
    },
    /// Nothing listens there: TCP refused, or ICMP port unreachable.
    Refused {
        id: u32,
    },
    /// Any other failure of the socket or connection.
    Failed {
        id: u32,
        message: String,
    },
}

/// One SRV record as the resolver returned it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SrvAnswer {
    pub target: String,
    pub port: u16,
    pub priority: u16,
    pub weight: u16,
}

/// The record to use: the lowest priority, then the highest weight (RFC 2782 without the
/// random choice: a status query wants one answer, not load spreading).
fn best(records: &[SrvAnswer]) -> Option<&SrvAnswer> {
    records
        .iter()
        .filter(|r| !r.target.is_empty() && r.target != ".")
        .min_by_key(|r| (r.priority, std::cmp::Reverse(r.weight)))
}

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
        active: Active,
    },
    Done,
}

/// What the call is for, and what it needs to start its exchange.
#[derive(Debug)]
enum Plan {
    Samp(QueryRequest),
    Rcon(RconRequest, String),
    Sqp {
        chunks: u8,
    },
    Bedrock,
    Stat {
        full: bool,
    },
    A2s {
        players: bool,
        rules: bool,
    },
    SourceRcon(SourceRconRequest, String),
    Minecraft(Box<Minecraft>),
    /// `'minecraft'`: the race runs the calls (`Call::race`).
    Race,
}

#[derive(Debug)]
pub struct Call {
    /// For messages: `samp`, `samp-rcon`, `minecraft-java` …
    name: &'static str,
    target: String,
    host: String,
    port: u16,
    common: Common,
    budget: Deadline,
    plan: Plan,
    step: Step,
    /// The peer, once known.
    addr: Option<SocketAddr>,
    /// The host resolves names itself (Workers' `connect()`): open by name.
    host_resolves: bool,
    rng: Rng,
    io: VecDeque<Io>,
    next_id: u32,
    result: Option<Result<Outcome>>,
    /// `'minecraft'`: the editions' calls, which this call only fronts.
    race: Option<Box<race::Race>>,
}

impl Call {
    /// A query of `protocol` (`target` and `options` as JavaScript gave them). `seed`:
    /// randomness from the host (ping payloads, RCON probes). `host_resolves`: the host
    /// opens connections by name and has no resolver of its own to offer.
    pub fn query(protocol: &str, target: &Value, options: Value, seed: u64, host_resolves: bool) -> Result<Self> {
        if protocol.is_empty() {
            return Err(Error::invalid("no protocol: give one per item or in the options"));
        }
        let protocol = Protocol::parse(protocol)?;
        let text = target_text(target);
        let in_call = |e: Error| in_call(e, protocol.name(), &text);
        let t = parse_target(target).map_err(in_call)?;
        let (plan, common, port) = match protocol {
            Protocol::Samp => {
                let request = QueryRequest::parse(options)?;
                let common = request.common;
                (Plan::Samp(request), common, t.port.unwrap_or(SAMP_PORT))
            }
            Protocol::Sqp => {
                let request = SqpRequest::parse(options)?;
                let port = t
                    .port
                    .ok_or_else(|| Error::invalid("SQP has no default port: give host:port"))?;
                (Plan::Sqp { chunks: request.chunks }, request.common, port)
            }
            Protocol::MinecraftBedrock => {
                let request = BedrockRequest::parse(options)?;
                let port = t.port.unwrap_or(crate::minecraft::bedrock::DEFAULT_PORT);
                (Plan::Bedrock, request.common, port)
            }
            Protocol::MinecraftQuery => {
                let request = StatRequest::parse(options)?;
                let port = t.port.unwrap_or(crate::minecraft::query::DEFAULT_PORT);
                (Plan::Stat { full: request.full }, request.common, port)
            }
            Protocol::A2s => {
                let r = A2sRequest::parse(options)?;
                let plan = Plan::A2s {
                    players: r.players,
                    rules: r.rules,
                };
                (plan, r.common, t.port.unwrap_or(crate::a2s::DEFAULT_PORT))
            }
            Protocol::Minecraft => {
                let race = race::Race::new(target, options, seed, host_resolves).map_err(in_call)?;
                let common = Common::read(&mut crate::options::Options::new("Minecraft", Value::Null)?)?;
                let mut call = Self::new(protocol.name(), text, t, 25565, common, Plan::Race, seed, host_resolves);
                call.io.clear();
                call.step = Step::Done;
                call.race = Some(Box::new(race));
                return Ok(call);
            }
            Protocol::SourceRcon => {
                return Err(Error::invalid(
                    "'source-rcon' is a packet codec: run a command with rcon('minecraft-java', target, { password }, command)",
                ))
            }
            Protocol::MinecraftJava | Protocol::MinecraftLegacy => {
                let legacy = protocol == Protocol::MinecraftLegacy;
                let mc = Minecraft::parse(options, legacy, &t)?;
                let (common, port) = (mc.common, mc.port(&t));
                (Plan::Minecraft(Box::new(mc)), common, port)
            }
        };
        Ok(Self::new(
            protocol.name(),
            text,
            t,
            port,
            common,
            plan,
            seed,
            host_resolves,
        ))
    }

    /// An RCON command (SA:MP only, for now).
    pub fn rcon(
        protocol: &str,
        target: &Value,
        options: Value,
        command: &str,
        seed: u64,
        host_resolves: bool,
    ) -> Result<Self> {
        match Protocol::parse(protocol)? {
            Protocol::Samp => {}
            p @ (Protocol::MinecraftJava | Protocol::A2s) => {
                // Source RCON: Minecraft's `enable-rcon`, or a Source server's on its game port.
                let (name, default_port) = source_rcon_flavour(p);
                let text = target_text(target);
                let t = parse_target(target).map_err(|e| in_call(e, name, &text))?;
                let request = SourceRconRequest::parse(options)?;
                let (common, port) = (request.common, t.port.unwrap_or(default_port));
                let plan = Plan::SourceRcon(request, command.to_string());
                return Ok(Self::new(name, text, t, port, common, plan, seed, host_resolves));
            }
            other => {
                return Err(Error::invalid(format!(
                    "rcon is not available for {}; it is for 'samp', 'minecraft-java' and 'a2s'",
                    crate::error::quoted(other.name())
                )))
            }
        }
        let text = target_text(target);
        let t = parse_target(target).map_err(|e| in_call(e, "samp-rcon", &text))?;
        let request = RconRequest::parse(options)?;
        let (common, port) = (request.common, t.port.unwrap_or(SAMP_PORT));
        let plan = Plan::Rcon(request, command.to_string());
        Ok(Self::new("samp-rcon", text, t, port, common, plan, seed, host_resolves))
    }

    #[allow(clippy::too_many_arguments)]
    fn new(
        name: &'static str,
        text: String,
        t: Target,
        port: u16,
        common: Common,
        plan: Plan,
        seed: u64,
        host_resolves: bool,
    ) -> Self {
        let mut call = Self {
            name,
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
            race: None,
        };
        call.begin();
        call
    }

    /// SRV first (Minecraft without a port), then the address, then the connection.
    fn begin(&mut self) {
        if let Plan::Minecraft(mc) = &self.plan {
            if let Some(name) = mc.srv_name(&self.host) {
                self.io.push_back(Io::Srv {
                    name,
                    server: mc.dns_server,
                });
                self.step = Step::Srv;
                return;
            }
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
                let server = match &self.plan {
                    Plan::Minecraft(mc) => mc.dns_server,
                    _ => None,
                };
                self.io.push_back(Io::Resolve {
                    host: self.host.clone(),
                    family: self.common.family,
                    server,
                });
                self.step = Step::Resolve;
            }
        }
    }

    fn connect(&mut self, addr: SocketAddr, now: Millis) {
        self.addr = Some(addr);
        self.open(now);
    }

    /// Opens a socket or connection for the next attempt.
    fn open(&mut self, now: Millis) {
        let transport = match &mut self.plan {
            Plan::Minecraft(mc) => {
                mc.attempt();
                Transport::Tcp
            }
            Plan::SourceRcon(..) => Transport::Tcp,
            _ => Transport::Udp,
        };
        let local = match self.local(transport) {
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
        });
        let until = match transport {
            Transport::Tcp => self.budget.attempt_end(now),
            Transport::Udp => self.budget.end,
        };
        self.step = Step::Opening { id, until };
    }

    /// The local address to bind: the caller's (checked against the peer's family), any
    /// address of the peer's family for UDP, none for TCP unless asked.
    fn local(&self, transport: Transport) -> Result<Option<SocketAddr>> {
        let v4 = self.addr.is_none_or(|a| a.is_ipv4());
        let ip = match self.common.local_address {
            Some(ip) if self.addr.is_some() && ip.is_ipv4() != v4 => {
                return Err(Error::invalid(format!(
                    "option localAddress {ip} is not of the target's address family ({})",
                    self.addr.map(|a| a.ip().to_string()).unwrap_or_default()
                )))
            }
            Some(ip) => ip,
            None if transport == Transport::Tcp && self.common.local_port == 0 => return Ok(None),
            None if v4 => IpAddr::V4(Ipv4Addr::UNSPECIFIED),
            None => IpAddr::V6(Ipv6Addr::UNSPECIFIED),
        };
        Ok(Some(SocketAddr::new(ip, self.common.local_port)))
    }

    pub fn poll_io(&mut self) -> Option<Io> {
        if let Some(race) = &mut self.race {
            return race.poll_io();
        }
        self.io.pop_front()
    }

    pub fn poll_timeout(&self) -> Option<Millis> {
        if let Some(race) = &self.race {
            return race.poll_timeout();
        }
        match &self.step {
            Step::Srv | Step::Resolve => Some(self.budget.end),
            Step::Opening { until, .. } => Some(*until),
            Step::Exchanging { active, .. } => active.poll_timeout(),
            Step::Done => None,
        }
    }

    /// The result once there is one: the `Status` (or RCON lines), or the error naming
    /// the call. The host closes what is still open.
    pub fn poll_result(&mut self) -> Option<Result<Outcome>> {
        if let Some(race) = &mut self.race {
            return race.poll_result();
        }
        self.result.take()
    }

    /// The address queried, once known.
    pub fn address(&self) -> Option<SocketAddr> {
        self.race.as_ref().map_or(self.addr, |r| r.address())
    }

    /// The caller gave up (an AbortSignal): the call ends as aborted.
    pub fn abort(&mut self) {
        if let Some(race) = &mut self.race {
            return race.abort();
        }
        if !matches!(self.step, Step::Done) {
            self.fail(Error::aborted());
        }
    }

    pub fn handle_timeout(&mut self, now: Millis) {
        if let Some(race) = &mut self.race {
            return race.handle_timeout(now);
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
            _ => {}
        }
    }

    pub fn handle(&mut self, now: Millis, input: Input) {
        if let Some(race) = &mut self.race {
            return race.handle(now, input);
        }
        match (&self.step, input) {
            (Step::Srv, Input::Srv(records)) => {
                if let (Plan::Minecraft(mc), Some(r)) = (&mut self.plan, best(&records)) {
                    let host = r.target.trim_end_matches('.').to_string();
                    mc.use_srv(host.clone(), r.port);
                    self.host = host;
                    self.port = r.port;
                }
                self.resolve();
            }
            (Step::Resolve, Input::Resolved(found)) => match found {
                Ok(ips) => match pick(&ips, self.common.family) {
                    Some(ip) => self.connect(SocketAddr::new(ip, self.port), now),
                    None => {
                        let family = if self.common.family == 6 { 6 } else { 4 };
                        let e = Error::new(ErrorCode::Dns, format!("{} has no IPv{family} address", self.host));
                        self.fail(e)
                    }
                },
                Err(message) => {
                    let e = Error::new(ErrorCode::Dns, format!("cannot resolve {}: {message}", self.host));
                    self.fail(e)
                }
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
        if let Some(race) = &mut self.race {
            return race.handle_received(now, id, bytes);
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
        let transport = if self.streams() { "tcp" } else { "udp" };
        self.fail(port_closed(self.port, transport));
    }

    /// The connection is open: start this attempt's exchange.
    fn start(&mut self, now: Millis, id: u32) {
        let header = Address::of(self.addr.map(|a| a.ip()), self.port);
        let active = match &mut self.plan {
            Plan::Samp(o) => {
                let options = QueryOptions {
                    players: o.players,
                    encoding: o.encoding,
                    deadline: self.budget,
                    open_mp: o.open_mp,
                    ping: o.ping,
                    raw_strings: o.raw_strings,
                };
                Ok(Active::Samp(Box::new(QueryExchange::new(
                    header,
                    options,
                    self.rng.bytes4(),
                    now,
                ))))
            }
            Plan::Rcon(o, command) => TextEncoding::from_option(o.encoding.as_deref()).and_then(|encoding| {
                let options = RconOptions {
                    deadline: self.budget,
                    idle_ms: o.idle_ms,
                    encoding,
                };
                RconExchange::new(header, &o.password, command, o.encoding.clone(), options, now)
                    .map(|ex| Active::Rcon(Box::new(ex)))
            }),
            Plan::Sqp { chunks } => Ok(Active::Sqp(Box::new(crate::sqp::exchange::SqpExchange::new(
                *chunks,
                self.budget,
                now,
            )))),
            Plan::Bedrock => Ok(Active::Bedrock(Box::new(PingExchange::new(
                self.rng.next_u64(),
                self.budget,
                now,
            )))),
            Plan::Stat { full } => Ok(Active::Stat(Box::new(StatExchange::new(
                self.rng.next_u64() as u32,
                *full,
                self.budget,
                now,
            )))),
            Plan::A2s { players, rules } => Ok(Active::A2s(Box::new(A2sExchange::new(
                *players,
                *rules,
                self.budget,
                now,
            )))),
            Plan::SourceRcon(o, command) => SourceRconExchange::new(&o.password, command, o.format, self.budget)
                .map(|ex| Active::SourceRcon(Box::new(ex))),
            Plan::Minecraft(mc) => mc.exchange(&self.budget, &mut self.rng, now, &self.host, self.port),
            Plan::Race => Err(Error::invalid("the race opens no connection of its own")),
        };
        match active {
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
        let wants_legacy = active.wants_legacy();
        self.io.push_back(Io::Close { id });
        let address = self.addr;
        let done = result.and_then(|out| match (&self.plan, out) {
            (Plan::Minecraft(mc), out) => mc.outcome(out, address, &self.host, self.port),
            (_, out) => out.into_outcome(address, &self.host, self.port),
        });
        match done {
            Ok(outcome) => self.finish(Ok(outcome)),
            Err(e) if wants_legacy => {
                let Plan::Minecraft(mc) = &mut self.plan else {
                    return self.fail(e);
                };
                match mc.fall_back(e) {
                    Ok(()) => self.open(now),
                    Err(e) => self.fail(e),
                }
            }
            Err(e) => self.attempt_failed(now, e),
        }
    }

    /// An attempt ended without an answer: another connection if the budget allows
    /// (Minecraft; the datagram exchanges retransmit by themselves), else the error.
    fn attempt_failed(&mut self, now: Millis, e: Error) {
        let retry = matches!(e.code, ErrorCode::Timeout | ErrorCode::Network);
        if let Plan::Minecraft(mc) = &mut self.plan {
            if retry && self.budget.may_retry(mc.tries(), now) {
                return self.open(now);
            }
            let e = mc.final_error(e);
            return self.fail(e);
        }
        self.fail(e)
    }

    /// Runs over TCP.
    fn streams(&self) -> bool {
        matches!(self.plan, Plan::Minecraft(_) | Plan::SourceRcon(..))
    }

    fn fail(&mut self, e: Error) {
        self.step = Step::Done;
        let e = match e.code {
            ErrorCode::InvalidArgument if e.context.is_none() => e,
            _ => e.in_call(self.name, &self.target, self.addr),
        };
        self.result = Some(Err(e));
    }

    fn finish(&mut self, outcome: Result<Outcome>) {
        self.step = Step::Done;
        self.result = Some(outcome);
    }
}

fn in_call(e: Error, name: &'static str, target: &str) -> Error {
    match e.code {
        ErrorCode::InvalidArgument => e,
        _ => e.in_call(name, target, None),
    }
}

fn family_matches(family: u8, ip: &IpAddr) -> bool {
    match family {
        4 => ip.is_ipv4(),
        6 => ip.is_ipv6(),
        _ => true,
    }
}

/// The address to use: of the wanted family, IPv4 first when either will do (SA:MP
/// headers carry IPv4 octets).
/// A Source RCON call's name in messages and its default port, per protocol: Minecraft's
/// `enable-rcon` port, or a Source server's game port.
pub(crate) fn source_rcon_flavour(protocol: Protocol) -> (&'static str, u16) {
    match protocol {
        Protocol::A2s => ("a2s-rcon", crate::source_rcon::SOURCE_PORT),
        _ => ("minecraft-rcon", crate::source_rcon::MINECRAFT_PORT),
    }
}

pub fn pick(ips: &[IpAddr], family: u8) -> Option<IpAddr> {
    let usable = || ips.iter().filter(|ip| family_matches(family, ip));
    usable().find(|ip| ip.is_ipv4()).or_else(|| usable().next()).copied()
}

pub fn port_closed(port: u16, transport: &str) -> Error {
    let how = if transport == "udp" {
        "answered that nothing listens there (ICMP port unreachable)"
    } else {
        "refused the connection"
    };
    Error::new(
        ErrorCode::PortClosed,
        format!("port {port}/{transport} is closed: the host {how}"),
    )
}
