//! A protocol's side of a `query` or `rcon` call: the plan (its checked options, and the
//! decisions only it can make — SRV, a fallback, another connection) and the exchange
//! it runs once a socket is open. `crate::call` runs any plan the same way.

use std::fmt::{self, Debug};
use std::net::SocketAddr;

use super::outcome::{peer, Outcome};
use super::Transport;
use crate::error::{Error, Result};
use crate::exchange::{Again, Deadline, Exchange, Millis};
use crate::options::Common;
use crate::rng::Rng;
use crate::status::Status;

/// What an exchange starts from: the open socket's peer and the call's budget.
pub struct Start<'a> {
    pub now: Millis,
    pub budget: Deadline,
    pub rng: &'a mut Rng,
    /// The peer's address, unless the host opened the connection by name.
    pub peer: Option<SocketAddr>,
    /// The name (after SRV, the record's target) and port the call connects to.
    pub host: &'a str,
    pub port: u16,
    /// The protocol the query was made under: `Status.protocol`.
    pub protocol: &'static str,
    /// The path an HTTP redirect followed leads to, instead of the plan's own.
    pub path: Option<&'a str>,
    /// The connection is TLS (the plan's `tls`).
    pub tls: bool,
    /// The server asked about, where the call connects elsewhere ([`QueryPlan::elsewhere`]):
    /// the status is its.
    pub about: Option<About<'a>>,
}

/// Where a query connects instead of its target ([`QueryPlan::elsewhere`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Elsewhere {
    pub host: String,
    pub port: u16,
    /// The API knows servers by address: the target's host is looked up first.
    pub by_address: bool,
}

/// The server a query asks a vendor's API or central list about: the target's host and
/// port, and its address (none where the host resolves names itself).
#[derive(Debug, Clone, Copy)]
pub struct About<'a> {
    pub addr: Option<SocketAddr>,
    pub host: &'a str,
    pub port: u16,
}

impl Start<'_> {
    /// `exchange`, its output mapped to a `Status` by `map` (a protocol's `unified.rs`:
    /// what it knows), queried here: the one site that fills `protocol`, `address`
    /// and `port` ([`Status::at`]).
    pub fn report<E, R, F>(&self, exchange: E, map: F) -> Box<dyn Running>
    where
        E: Exchange + Send + 'static,
        R: serde::Serialize + Send + 'static,
        F: FnOnce(E::Output) -> Result<Status<R>> + Send + 'static,
    {
        let (address, port) = self.answering();
        let protocol = self.protocol;
        Mapped::boxed(exchange, move |out| {
            Ok(Outcome::status(map(out)?.at(protocol, address, port)))
        })
    }

    /// A status read without an exchange (from a list another query fetched), filled as
    /// [`Start::report`] fills it.
    pub fn answer<R: serde::Serialize + Send + 'static>(&self, status: Result<Status<R>>) -> Result<Outcome> {
        let (address, port) = self.answering();
        Ok(Outcome::status(status?.at(self.protocol, address, port)))
    }

    /// The address and port the status is of.
    fn answering(&self) -> (String, u16) {
        match self.about {
            Some(a) => peer(a.addr, a.host, a.port),
            None => peer(self.peer, self.host, self.port),
        }
    }
}

/// What a plan that reads a central list does before connecting ([`QueryPlan::listed`]).
#[derive(Debug)]
pub enum Listed {
    /// The answer, from a copy of the list another query fetched.
    Answer(Result<Outcome>),
    /// Another query is fetching the list: look again shortly.
    Wait,
}

/// A protocol's checked options for one call.
pub trait QueryPlan: Send {
    fn common(&self) -> &Common;

    fn transport(&self) -> Transport {
        Transport::Udp
    }

    /// The connection's TLS, for a protocol over HTTPS (the option `tls`): the host
    /// handshakes before the exchange starts.
    fn tls(&self) -> Option<&crate::tls::Tls> {
        None
    }

    /// The port answered the handshake not in TLS: `true` asks again in plain HTTP (a
    /// protocol whose servers speak TLS by default and may have turned it off).
    fn without_tls(&mut self) -> bool {
        false
    }

    /// The port the connection opens to, given the target's: the target's, unless it
    /// names another service (TeamSpeak 3's voice port, asked at its ServerQuery's).
    fn connect_port(&self, target_port: u16) -> u16 {
        target_port
    }

    /// What to say when the port refuses the connection: where else the server may answer
    /// (TeamSpeak 6 has no raw ServerQuery: its WebQuery needs a key).
    fn refused_hint(&self) -> Option<&'static str> {
        None
    }

    /// Where the query connects instead of the target: a vendor's API or central list that
    /// answers about the target (Factorio's, Discord's). The status is the target's
    /// ([`Start::about`]).
    fn elsewhere(&self) -> Option<Elsewhere> {
        None
    }

    /// Before connecting elsewhere: a central list's answer from the copy another query
    /// fetched, or a wait for the fetch under way (`crate::http::lists`); `None` connects and
    /// fetches. `at` is as [`QueryPlan::start`] would get it, without a peer.
    fn listed(&mut self, _at: Start<'_>) -> Option<Listed> {
        None
    }

    /// The SRV name to look up before the address (Minecraft's `_minecraft._tcp`).
    fn srv_name(&self, _host: &str) -> Option<String> {
        None
    }

    /// The name server to ask, when the caller chose one.
    fn dns_server(&self) -> Option<SocketAddr> {
        None
    }

    /// The SRV record found: its target and port are what the call connects to.
    fn use_srv(&mut self, _target: String, _port: u16) {}

    /// A connection is being opened (another attempt).
    fn opening(&mut self) {}

    /// The exchange to run on the connection just opened.
    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>>;

    /// The exchange ended with `e` and asked for a fallback ([`Again::Fallback`]):
    /// `Ok` opens another connection for it.
    fn fall_back(&mut self, e: Error) -> Result<()> {
        Err(e)
    }

    /// The connections this query runs beside its own exchange (a [`super::Query::Parts`]
    /// protocol's), taken once before the call starts; `host` and `port` as given.
    fn parts(&mut self, _host: &str, _port: u16) -> Option<Box<dyn Parts>> {
        None
    }

    /// An attempt ended without an answer: `Ok` opens another connection (for protocols
    /// whose exchanges do not retransmit by themselves), else the error that ends the call.
    fn retry(&mut self, e: Error, _budget: &Deadline, _now: Millis) -> Result<()> {
        Err(e)
    }
}

/// Connections a query runs beside its own at once, within its one deadline, on the same
/// host and port (FiveM's HTTP endpoints beside its UDP `getinfo`). The plan's own exchange
/// is part 0; the others are numbered in the order [`Parts::next`] gives them; the call's
/// result is what [`Parts::decide`] makes of theirs.
pub trait Parts: Send {
    /// A part to start now, asked after every event (none: nothing more for now).
    fn next(&mut self) -> Option<Box<dyn QueryPlan>>;
    /// Part `k` ended with `result`.
    fn ended(&mut self, k: usize, result: Result<Outcome>);
    /// The call's result, once the parts' allow one.
    fn decide(&mut self) -> Option<Result<Outcome>>;
}

/// The exchange a call runs: a protocol's [`Exchange`] with its result mapped to the
/// call's [`Outcome`].
pub trait Running: Send {
    fn poll_transmit(&mut self) -> Option<Vec<u8>>;
    fn handle_input(&mut self, now: Millis, bytes: &[u8]);
    fn poll_timeout(&self) -> Option<Millis>;
    fn handle_timeout(&mut self, now: Millis);
    fn handle_close(&mut self, now: Millis);
    /// Ended with an error, what it asks of the call ([`Exchange::again`]).
    fn again(&self) -> Option<Again>;
    fn poll_result(&mut self) -> Option<Result<Outcome>>;
}

/// The common case of [`Start::report`]: a mapping that cannot fail.
pub fn reporting<E, R>(exchange: E, at: &Start<'_>, status: fn(E::Output) -> Status<R>) -> Box<dyn Running>
where
    E: Exchange + Send + 'static,
    R: serde::Serialize + Send + 'static,
{
    at.report(exchange, move |out| Ok(status(out)))
}

/// An [`Exchange`] and what makes its output the call's outcome.
pub struct Mapped<E, F> {
    exchange: E,
    map: Option<F>,
}

impl<E, F> Mapped<E, F>
where
    E: Exchange + Send + 'static,
    F: FnOnce(E::Output) -> Result<Outcome> + Send + 'static,
{
    pub fn boxed(exchange: E, map: F) -> Box<dyn Running> {
        Box::new(Self {
            exchange,
            map: Some(map),
        })
    }
}

// Named, not printed: a derived `Debug` of every exchange behind these would be linked
// into each build through the vtables, whether or not anything prints one.
impl Debug for dyn QueryPlan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("QueryPlan")
    }
}

impl Debug for dyn Running {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Running")
    }
}

impl<E, F> Running for Mapped<E, F>
where
    E: Exchange + Send,
    F: FnOnce(E::Output) -> Result<Outcome> + Send,
{
    fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.exchange.poll_transmit()
    }
    fn handle_input(&mut self, now: Millis, bytes: &[u8]) {
        self.exchange.handle_input(now, bytes)
    }
    fn poll_timeout(&self) -> Option<Millis> {
        self.exchange.poll_timeout()
    }
    fn handle_timeout(&mut self, now: Millis) {
        self.exchange.handle_timeout(now)
    }
    fn handle_close(&mut self, now: Millis) {
        self.exchange.handle_close(now)
    }
    fn again(&self) -> Option<Again> {
        self.exchange.again()
    }
    fn poll_result(&mut self) -> Option<Result<Outcome>> {
        let result = self.exchange.poll_result()?;
        let map = self.map.take()?;
        Some(result.and_then(map))
    }
}
