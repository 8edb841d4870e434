//! What a protocol is to the machinery above it, as rustls' and quinn's generic code knows
//! a trait and not the list of implementations: each protocol folder implements
//! [`Protocol`] once (its `spec.rs`), `crate::registry` lists the implementations in one
//! line each, and `api`, `call`, `serve`, the bulk engine, the bindings and the TypeScript
//! generation read the registry. How to add one: `docs/adding-a-protocol.md`.
//!
//! The codec, the query and the responder are separate tables (not fields of [`Spec`]) so
//! that a build which decodes packets only (the browser's codec module) links no
//! exchange and no responder.

pub mod describe;
pub mod gamedig;
pub mod outcome;
pub mod packets;
pub mod query;
pub mod sample;
pub mod serve;
pub mod sink;

pub use outcome::{Outcome, Report};
pub use packets::{Codec, Decoders, Frames, NoCodec, Packets};
pub use query::{Listed, Parts, QueryPlan, Running, Start};
pub use serve::{Listen, Reply, Responder, ServeArgs};
// How the CLI takes a protocol's options: declared with them.
pub use crate::options::cli::{Cli, Flag, Takes};

/// A game's console beside its query (7 Days to Die's telnet): both run at once within the
/// call's deadline, and the status takes in what the console said.
pub struct Console {
    /// What it is, in messages (`"7 Days to Die console"`).
    pub title: &'static str,
    /// Takes the console's options out of the query's: its plan and TCP port, when asked.
    pub take: fn(&mut serde_json::Value) -> crate::error::Result<Option<ConsolePlan>>,
    /// The status with the console's outcome in it (a failed console: a warning).
    pub merge: ConsoleMerge,
}

/// A console's plan and its TCP port.
pub type ConsolePlan = (Box<dyn QueryPlan>, u16);
/// A status and a console's outcome into one status.
pub type ConsoleMerge = fn(Box<dyn Report>, crate::error::Result<Outcome>) -> Box<dyn Report>;

impl std::fmt::Debug for Console {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Console")
    }
}

/// One console is one game's: the same one only when it is the same table entry.
impl PartialEq for Console {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}
impl Eq for Console {}

/// How a protocol's packets travel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    Udp,
    Tcp,
}

/// One protocol, as the machinery above the protocol folders sees it.
pub trait Protocol {
    /// Its names and facts.
    const SPEC: Spec;
    /// Its packets' types ([`NoCodec`] when it has none).
    type Codec: Codec;
    /// The names of its TypeScript types (`ProtocolTypes[name]`): a table of its own, read
    /// by the typings' generation only.
    const TYPES: Types;
    /// Its packets as JSON values: `encodeRequest` … `decodeResponse`.
    const PACKETS: Option<Packets> = None;
    /// `query(name, …)`.
    const QUERY: Option<Query> = None;
    /// `serve(name, …)`.
    const SERVE: Option<ServeFn> = None;
    /// The query option that takes the responder's port, where a query's target names
    /// another service (TeamSpeak 3's voice server, asked through its ServerQuery at
    /// `queryPort`); `api`: a vendor's API the query asks about the target (Factorio's), its
    /// responder named by URL (`http://127.0.0.1:<port>`); `None`: the target is the
    /// responder's address.
    const SERVED_AT: Option<&'static str> = None;
    /// What names the sample state's server where a target is not an address (a Discord
    /// guild's id); `None`: its responder's address does.
    const SAMPLE_TARGET: Option<&'static str> = None;
    /// What a query of the sample state's server needs besides its target, as a JSON object
    /// (SCP: SL's account: `{"accountId": 1, "apiKey": "key"}`); any value serves the responder.
    const SAMPLE_OPTIONS: Option<&'static str> = None;
    /// `rcon(name, …)` when the protocol runs its own RCON (SA:MP's over its datagrams);
    /// Source RCON beside a protocol is [`Rcon::source`] instead.
    const RCON: Option<RconFn> = None;
    /// A state to serve, as JSON text (`sampleState(name)`: what `gamequery serve` and the
    /// demo answer with, and what the conformance test serves and queries back).
    const SAMPLE: Option<&'static str> = None;
    /// Where [`Protocol::SAMPLE`] names its game and ports, to fit it to another
    /// (`sampleState(name, { game, port })`); without it the sample is served as it is.
    const SAMPLE_FIT: Option<sample::SampleFit> = None;
    /// Its status for people (`describeStatus`, what the CLI prints); without one, the
    /// fields every status has.
    const DESCRIBE: Option<DescribeFn> = None;
    /// Its status in gamedig's result shape (`gamequery/gamedig`); without one, the fields
    /// every status has, `raw` as it is.
    const GAMEDIG: Option<gamedig::Gamedig> = None;
    /// How the CLI takes its options (`gamequery <name> <host> --flag …`).
    const CLI: Cli = Cli::NONE;
    /// The TypeScript declarations of its own types ([`Types`] names them).
    #[cfg(feature = "ts")]
    fn declarations(_cfg: &ts_rs::Config) -> Vec<String> {
        vec![]
    }
}

/// `decls![cfg; A, B]`: the TypeScript declarations of types `A` and `B`.
#[cfg(feature = "ts")]
macro_rules! decls {
    ($cfg:expr; $($t:ty),* $(,)?) => {
        vec![$(<$t as ts_rs::TS>::decl($cfg)),*]
    };
}
#[cfg(feature = "ts")]
pub(crate) use decls;

/// A protocol's names and facts, read by messages, the CLI, typings and the docs.
#[derive(Debug, Clone, Copy)]
pub struct Spec {
    /// What JavaScript callers pass: `'a2s'`.
    pub name: &'static str,
    /// What messages call a query of it: `A2S query of host:port: …`.
    pub title: &'static str,
    /// Its short name in messages: `SQP has no default port`.
    pub label: &'static str,
    pub transport: Transport,
    /// The port a target without one gets; `None`: the caller must give one.
    pub default_port: Option<u16>,
    /// `rcon(name, …)` reaches its console.
    pub rcon: Option<Rcon>,
    /// What it is, when it lacks a query, a responder or packets: the errors for those
    /// say `'name' {alone}`. Empty for a protocol that has all three.
    pub alone: &'static str,
}

impl Spec {
    /// A protocol that speaks JSON over HTTP (on TCP) and has no packets of its own.
    pub const fn http(name: &'static str, title: &'static str, label: &'static str, default_port: u16) -> Spec {
        Spec {
            name,
            title,
            label,
            transport: Transport::Tcp,
            default_port: Some(default_port),
            rcon: None,
            alone: "speaks JSON over HTTP: it has no packets of its own (query or serve it)",
        }
    }

    /// The port to query: the one given with the target, else the protocol's default.
    pub fn port(&self, given: Option<u16>) -> crate::Result<u16> {
        given
            .or(self.default_port)
            .ok_or_else(|| crate::Error::invalid(format!("{} has no default port: give host:port", self.label)))
    }
}

/// RCON of a protocol: its own over the query's datagrams (SA:MP), or Source RCON over TCP
/// on a port of its own (Minecraft's `enable-rcon`, a Source server's game port).
#[derive(Debug, Clone, Copy)]
pub struct Rcon {
    /// The call's name in messages and traces: `a2s-rcon`.
    pub call: &'static str,
    /// What messages call it: `Source RCON of host:port: …`.
    pub title: &'static str,
    pub default_port: u16,
    /// Source RCON (`source_rcon`): commands over a login that `rconSession` keeps.
    pub source: bool,
}

/// The TypeScript names of a protocol's values; `never` where it has none.
#[derive(Debug, Clone, Copy)]
pub struct Types {
    pub request: &'static str,
    pub response: &'static str,
    pub decode_options: &'static str,
    /// `Status.raw` of its query.
    pub raw: &'static str,
    pub query_options: &'static str,
    pub serve_options: &'static str,
    pub state: &'static str,
    /// What `rcon` takes (`RconTypes[name]`).
    pub rcon_options: &'static str,
}

impl Types {
    pub const NONE: Types = Types {
        request: "never",
        response: "never",
        decode_options: "never",
        raw: "never",
        query_options: "never",
        serve_options: "never",
        state: "never",
        rcon_options: "never",
    };

    /// A protocol without packets of its own, served over TCP (an HTTP API, a text
    /// console): the names of its status's `raw`, its query options and its state.
    pub const fn packetless(raw: &'static str, query_options: &'static str, state: &'static str) -> Types {
        Types {
            raw,
            query_options,
            serve_options: "TcpServeOptions",
            state,
            ..Types::NONE
        }
    }
}

/// How a protocol answers `query`.
#[derive(Debug, Clone, Copy)]
pub enum Query {
    /// One exchange of its own: the options (as JavaScript gave them) and the target
    /// checked into the plan the call runs.
    Plan(PlanFn),
    /// A plan whose exchange runs with other connections beside it, at once within the one
    /// deadline ([`QueryPlan::parts`]: FiveM's HTTP endpoints beside its UDP `getinfo`). A
    /// call of its own in `queryMany`, never on the shared sockets.
    Parts(PlanFn),
    /// Other protocols' queries at once, merged (`'minecraft'`: `call::race`).
    Race,
}

impl Query {
    /// The plan's maker, for a query that has one.
    pub fn plan(self) -> Option<PlanFn> {
        match self {
            Self::Plan(make) | Self::Parts(make) => Some(make),
            Self::Race => None,
        }
    }
}

pub type PlanFn = fn(options: serde_json::Value, target: &crate::target::Target) -> crate::Result<Box<dyn QueryPlan>>;
/// An RCON command's plan: the options, then the command.
pub type RconFn = fn(options: serde_json::Value, command: &str) -> crate::Result<Box<dyn QueryPlan>>;
/// A status (as JavaScript holds it) for people; `color`: ANSI renderings where there are.
pub type DescribeFn = fn(status: &serde_json::Value, color: bool) -> describe::Description;
pub type ServeFn = fn(ServeArgs<'_>) -> crate::Result<(Box<dyn Responder>, Listen)>;
