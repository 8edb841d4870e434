//! Options as JavaScript callers pass them: the reader every protocol's options use (each
//! protocol's own are in its folder's `options.rs`), and the ones every call takes. Every
//! message names the option and what it accepts; an option a protocol does not know is
//! an error that lists the ones it does.

pub mod cli;
mod declare;
pub mod read;

pub(crate) use declare::declare;

use std::net::IpAddr;

use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::exchange::{Deadline, Millis};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::target::Target;

/// The default budget of every call: room to answer a Discord interaction (3 s) in time.
pub const DEFAULT_TIMEOUT_MS: Millis = 2500.0;
pub const DEFAULT_RETRIES: u32 = 1;
const MAX_RETRIES: u32 = 10;
pub const MAX_TIMEOUT_MS: Millis = 600_000.0;

/// Options every network call takes.
pub const COMMON: &[&str] = &["timeout", "retries", "family", "localAddress", "localPort"];

/// `'host:port'` or `{ host, port }`.
pub fn parse_target(value: &Value) -> Result<Target> {
    match value {
        Value::String(s) => Target::parse(s),
        Value::Object(o) => {
            let host = o
                .get("host")
                .and_then(Value::as_str)
                .ok_or_else(|| Error::invalid("target.host must be a string"))?;
            let port = match o.get("port") {
                None | Some(Value::Null) => None,
                Some(p) => Some(
                    p.as_u64()
                        .and_then(|p| u16::try_from(p).ok())
                        .filter(|&p| p > 0)
                        .ok_or_else(|| Error::invalid(format!("target.port must be 1–65535, got {p}")))?,
                ),
            };
            let mut t = Target::parse(host)?;
            t.port = port.or(t.port);
            Ok(t)
        }
        other => Err(Error::invalid(format!(
            "target must be 'host:port' or {{ host, port }}, got {}",
            crate::json::kind(other)
        ))),
    }
}

/// The target as the caller wrote it, for messages.
pub fn target_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Object(o) => {
            let host = o.get("host").and_then(Value::as_str).unwrap_or("?");
            match o.get("port").and_then(Value::as_u64) {
                Some(p) => Target::display(host, p as u16),
                None => host.to_string(),
            }
        }
        other => other.to_string(),
    }
}

/// A protocol's options, taken one by one; [`Options::finish`] rejects what is left.
pub struct Options {
    what: &'static str,
    map: Map<String, Value>,
    /// A network call's: `signal` and `trace` are its options too (the glue takes them).
    call: bool,
}

impl Options {
    /// `what`: whose options, for messages (`"SA:MP query"`).
    pub fn new(what: &'static str, value: Value) -> Result<Self> {
        let map = match value {
            Value::Null => Map::new(),
            Value::Object(o) => o,
            other => {
                return Err(Error::invalid(format!(
                    "{what} options must be an object, got {}",
                    crate::json::kind(&other)
                )))
            }
        };
        Ok(Self { what, map, call: true })
    }

    /// The options of a call that takes no `signal` nor `trace` (`sampleState`).
    pub fn local(what: &'static str, value: Value) -> Result<Self> {
        Ok(Self {
            call: false,
            ..Self::new(what, value)?
        })
    }

    fn take(&mut self, name: &str) -> Option<Value> {
        self.map.remove(name).filter(|v| !v.is_null())
    }

    fn bad(&self, name: &str, accepts: &str, got: &Value) -> Error {
        Error::invalid(format!("option {name} must be {accepts}, got {got}"))
    }

    pub fn number(&mut self, name: &str, min: f64, max: f64, default: f64) -> Result<f64> {
        match self.take(name) {
            None => Ok(default),
            Some(v) => v
                .as_f64()
                .filter(|n| (min..=max).contains(n))
                .ok_or_else(|| self.bad(name, &format!("a number from {min} to {max}"), &v)),
        }
    }

    pub fn integer(&mut self, name: &str, min: u64, max: u64, default: u64) -> Result<u64> {
        match self.take(name) {
            None => Ok(default),
            Some(v) => v
                .as_f64()
                .filter(|n| n.fract() == 0.0 && (min as f64..=max as f64).contains(n))
                .map(|n| n as u64)
                .ok_or_else(|| self.bad(name, &format!("a whole number from {min} to {max}"), &v)),
        }
    }

    pub fn boolean(&mut self, name: &str, default: bool) -> Result<bool> {
        match self.take(name) {
            None => Ok(default),
            Some(Value::Bool(b)) => Ok(b),
            Some(v) => Err(self.bad(name, "true or false", &v)),
        }
    }

    pub fn string(&mut self, name: &str) -> Result<Option<String>> {
        match self.take(name) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(v) => Err(self.bad(name, "a string", &v)),
        }
    }

    /// One of `choices` (strings), or `default`.
    pub fn choice(&mut self, name: &str, choices: &[&'static str], default: &'static str) -> Result<&'static str> {
        match self.take(name) {
            None => Ok(default),
            Some(Value::String(s)) => choices.iter().copied().find(|c| *c == s).ok_or_else(|| {
                let list: Vec<String> = choices.iter().map(|c| format!("'{c}'")).collect();
                self.bad(name, &format!("one of {}", list.join(", ")), &Value::String(s))
            }),
            Some(v) => Err(self.bad(name, "a string", &v)),
        }
    }

    /// What is left unread, untouched (for options with a shape of their own).
    pub fn raw(&mut self, name: &str) -> Option<Value> {
        self.take(name)
    }

    /// Fails on any option not read, naming the ones this call knows (with `signal` and
    /// `trace`, which the JavaScript glue takes before the options reach the core).
    pub fn finish(self, known: &[&str]) -> Result<()> {
        match self.map.keys().next() {
            None => Ok(()),
            Some(unknown) => Err(Error::invalid(format!(
                "unknown option {}{} for the {}; its options are {}{}",
                crate::error::quoted(unknown),
                crate::similar::did_you_mean(unknown, known.iter().copied()),
                self.what,
                known.join(", "),
                if self.call { ", signal, trace" } else { "" }
            ))),
        }
    }
}

/// Budget, address family and local address: what every call takes.
#[derive(Debug, Clone, Copy)]
pub struct Common {
    pub timeout_ms: Millis,
    pub retries: u32,
    /// 4, 6, or 0 for either.
    pub family: u8,
    pub local_address: Option<IpAddr>,
    pub local_port: u16,
}

impl Common {
    pub fn read(o: &mut Options) -> Result<Self> {
        let timeout_ms = o.number("timeout", 1.0, MAX_TIMEOUT_MS, DEFAULT_TIMEOUT_MS)?;
        let retries = o.integer("retries", 0, u64::from(MAX_RETRIES), u64::from(DEFAULT_RETRIES))? as u32;
        let family = match o.integer("family", 0, 6, 0)? {
            f @ (0 | 4 | 6) => f as u8,
            f => {
                return Err(Error::invalid(format!(
                    "option family must be 4, 6 or 0 (either), got {f}"
                )))
            }
        };
        let local_address = match o.string("localAddress")? {
            None => None,
            Some(a) => Some(a.trim_matches(['[', ']']).parse::<IpAddr>().map_err(|_| {
                Error::invalid(format!(
                    "option localAddress must be an IP address of this machine, got {}",
                    crate::error::quoted(&a)
                ))
            })?),
        };
        let local_port = o.integer("localPort", 0, 65535, 0)? as u16;
        Ok(Self {
            timeout_ms,
            retries,
            family,
            local_address,
            local_port,
        })
    }

    /// Those of `keys` that `options` holds, for a part of a call that shares them (7 Days
    /// to Die's console beside its query: the budget, not the query's local port).
    pub fn shared(what: &'static str, options: &Value, keys: &[&str]) -> Result<Self> {
        let shared = keys
            .iter()
            .filter_map(|k| Some((k.to_string(), options.get(*k)?.clone())))
            .collect();
        Self::read(&mut Options::new(what, Value::Object(shared))?)
    }

    pub fn deadline(&self) -> Deadline {
        Deadline::for_call(self.timeout_ms, self.retries)
    }
}

/// `serve()` options of a UDP responder with nothing but a per-source limit:
/// `serve('minecraft-bedrock')` (default port 19132), `serve('minecraft-query')` (25565),
/// the Quake family's (27960, 27910, 27500) and `serve('mumble')` (64738).
#[derive(Debug)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "UdpServeOptions", rename_all = "camelCase", optional_fields)
)]
pub struct UdpServeOptions {
    /// IP address to listen on (default `'0.0.0.0'`: every IPv4 interface).
    pub host: Option<String>,
    /// UDP port (0 picks a free one).
    pub port: Option<u16>,
    /// Requests answered per source address: a burst, refilled per second (default 20, 10 per second).
    pub rate_limit: Option<crate::limit::RateLimit>,
}

impl UdpServeOptions {
    /// These options out of `o`, for a responder's options that add their own.
    pub fn take(o: &mut Obj) -> Result<Self> {
        Ok(Self {
            host: o.opt("host")?,
            port: o.opt("port")?,
            rate_limit: o.opt("rateLimit")?,
        })
    }
}

impl Input for UdpServeOptions {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let options = Self::take(&mut o)?;
        o.deny_unknown()?;
        Ok(options)
    }
}

/// `serve(id, state, options)` of a protocol that answers over TCP alone (the HTTP APIs:
/// `serve('palworld')`, default port 8212).
#[derive(Debug)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "TcpServeOptions", rename_all = "camelCase", optional_fields)
)]
pub struct TcpServeOptions {
    /// IP address to listen on (default `'0.0.0.0'`: every IPv4 interface).
    pub host: Option<String>,
    /// TCP port (0 picks a free one).
    pub port: Option<u16>,
    /// Per-connection deadline in ms (default 5000).
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>"))]
    pub connection_timeout: Option<u64>,
    /// Connections open at once (default 64); a new one past it closes the connection that
    /// has waited longest without an answer, so idle connections cannot lock clients out.
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>"))]
    pub max_connections: Option<usize>,
}

impl TcpServeOptions {
    /// These options out of `o`, for a responder's options that add their own.
    pub fn take(o: &mut Obj) -> Result<Self> {
        Ok(Self {
            host: o.opt("host")?,
            port: o.opt("port")?,
            connection_timeout: o.opt("connectionTimeout")?,
            max_connections: o.opt("maxConnections")?,
        })
    }
}

impl Input for TcpServeOptions {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let options = Self::take(&mut o)?;
        o.deny_unknown()?;
        Ok(options)
    }
}

/// `serve(id, state, options)` of an HTTP API that speaks TLS as its game's server does by
/// default (`serve('hytale')`, with a self-signed certificate made at `serve()`).
#[derive(Debug)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "HttpsServeOptions", rename_all = "camelCase", optional_fields)
)]
pub struct HttpsServeOptions {
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub tcp: TcpServeOptions,
    /// HTTPS (default true: a self-signed certificate made at `serve()`); false serves
    /// plain HTTP, as a server whose TLS was turned off; `{ cert, key }` (PEM) serves that
    /// certificate (its chain after it) and key.
    #[cfg_attr(feature = "ts", ts(type = "boolean | TlsIdentity", optional))]
    pub tls: Option<crate::tls::identity::ServeTls>,
}

impl Input for HttpsServeOptions {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let options = Self {
            tcp: TcpServeOptions::take(&mut o)?,
            tls: o.opt("tls")?,
        };
        o.deny_unknown()?;
        Ok(options)
    }
}

/// What every network call takes (`NetworkOptions`): its TypeScript shape, which each
/// protocol's query options flatten in. Read by [`Common::read`], not through this.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "NetworkOptions", rename_all = "camelCase", optional_fields)]
pub struct NetworkOptions {
    /// The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
    /// every retransmission. A dead server costs exactly this.
    pub timeout: Option<f64>,
    /// Retransmissions of an unanswered request within the budget (0–10, default 1).
    pub retries: Option<f64>,
    /// Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
    #[ts(optional, type = "AbortSignal")]
    pub signal: Option<()>,
    /// Address family for host names: 4, 6 or 0 (either; default).
    #[ts(optional, type = "0 | 4 | 6")]
    pub family: Option<u8>,
    /// Send from this local address (an IP of this machine), for firewalled hosts.
    pub local_address: Option<String>,
    /// Send from this local port.
    pub local_port: Option<f64>,
    /// Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
    #[ts(optional, type = "(event: TraceEvent) => void")]
    pub trace: Option<()>,
    /// Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
    /// then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
    /// `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
    /// first call (Node, Bun, Deno); a Worker passes its `env`.
    #[ts(optional, type = "Record<string, string | undefined>")]
    pub environment: Option<()>,
}
