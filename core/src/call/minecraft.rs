//! A Minecraft call's plan: SRV when no port is given, a connection per attempt, the
//! status exchange, and the legacy ping for a server that answers like a pre-1.7 one.

use std::net::{IpAddr, SocketAddr};

use serde_json::Value;

use super::active::{Active, Out};
use super::outcome::{peer, Outcome};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{Deadline, Millis};
use crate::minecraft::java::exchange::{JavaLatencySource, StatusExchange};
use crate::minecraft::java::{
    JavaQueryResult, JavaStatus, SrvRecord, DEFAULT_FRAME_CAP, DEFAULT_PORT, DEFAULT_PROTOCOL,
};
use crate::minecraft::legacy::{self, LegacyExchange};
use crate::options::{Common, Options, COMMON};
use crate::rng::Rng;
use crate::target::Target;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The 1.7+ status (and ping).
    Status,
    /// A legacy ping: asked for (`minecraft-legacy`), or the fallback.
    Legacy,
}

#[derive(Debug)]
pub struct Minecraft {
    pub common: Common,
    /// `'auto'` (when no port is given), `true`, `false`.
    srv: Option<bool>,
    pub dns_server: Option<SocketAddr>,
    protocol_version: i32,
    legacy_fallback: bool,
    variant: &'static str,
    max_frame: usize,
    /// `minecraft-legacy`: the legacy ping is the answer, not a fallback.
    legacy_only: bool,
    mode: Mode,
    /// Connections tried in this mode.
    tries: u32,
    /// Why the status failed, when the legacy ping is the fallback.
    first: Option<Error>,
    record: Option<SrvRecord>,
    has_port: bool,
}

pub(super) const JAVA_OPTIONS: &[&str] = &["srv", "dnsServer", "protocolVersion", "legacyFallback", "maxFrame"];
const LEGACY_OPTIONS: &[&str] = &["srv", "dnsServer", "variant"];

impl Minecraft {
    pub fn parse(options: Value, legacy: bool, target: &Target) -> Result<Self> {
        let what = if legacy {
            "Minecraft legacy ping"
        } else {
            "Minecraft status query"
        };
        let mut o = Options::new(what, options)?;
        let common = Common::read(&mut o)?;
        let srv = match o.raw("srv") {
            None => None,
            Some(Value::String(s)) if s == "auto" => None,
            Some(Value::Bool(b)) => Some(b),
            Some(v) => {
                return Err(Error::invalid(format!(
                    "option srv must be 'auto', true or false, got {v}"
                )))
            }
        };
        let dns_server = match o.string("dnsServer")? {
            None => None,
            Some(s) => Some(s.parse::<SocketAddr>().map_err(|_| {
                Error::invalid(format!(
                    "option dnsServer must be 'ip:port', got {}",
                    crate::error::quoted(&s)
                ))
            })?),
        };
        let (protocol_version, legacy_fallback, max_frame, variant) = if legacy {
            let variant = o.choice("variant", &["beta", "1.4", "1.6"], "1.6")?;
            o.finish(&[COMMON, LEGACY_OPTIONS].concat())?;
            (DEFAULT_PROTOCOL, false, DEFAULT_FRAME_CAP, variant)
        } else {
            let version = o.integer("protocolVersion", 0, i32::MAX as u64, DEFAULT_PROTOCOL as u64)? as i32;
            let fallback = o.boolean("legacyFallback", true)?;
            let max_frame = o.integer("maxFrame", 64, 16 << 20, DEFAULT_FRAME_CAP as u64)? as usize;
            o.finish(&[COMMON, JAVA_OPTIONS].concat())?;
            (version, fallback, max_frame, "1.6")
        };
        Ok(Self {
            common,
            srv,
            dns_server,
            protocol_version,
            legacy_fallback,
            variant,
            max_frame,
            legacy_only: legacy,
            mode: if legacy { Mode::Legacy } else { Mode::Status },
            tries: 0,
            first: None,
            record: None,
            has_port: target.port.is_some(),
        })
    }

    pub fn port(&self, target: &Target) -> u16 {
        target.port.unwrap_or(DEFAULT_PORT)
    }

    /// The SRV name to look up: when asked (by default, when no port was given) for a
    /// host name.
    pub fn srv_name(&self, host: &str) -> Option<String> {
        let wanted = self.srv.unwrap_or(!self.has_port) && host.parse::<IpAddr>().is_err();
        wanted.then(|| format!("_minecraft._tcp.{host}"))
    }

    pub fn use_srv(&mut self, target: String, port: u16) {
        self.record = Some(SrvRecord { target, port });
    }

    pub fn tries(&self) -> u32 {
        self.tries
    }

    /// A connection is being opened for another attempt.
    pub fn attempt(&mut self) {
        self.tries += 1;
    }

    /// The next attempt's exchange, its end this attempt's share of the budget. `host`
    /// and `port` go into the handshake (after SRV: the record's).
    pub fn exchange(&mut self, budget: &Deadline, rng: &mut Rng, now: Millis, host: &str, port: u16) -> Result<Active> {
        let end = budget.attempt_end(now);
        Ok(match self.mode {
            Mode::Status => Active::Status(Box::new(StatusExchange::new(
                self.protocol_version,
                host,
                port,
                rng.bytes8(),
                end,
                self.max_frame,
                now,
            )?)),
            Mode::Legacy => {
                let request = legacy_request(self.variant, host, port);
                Active::Legacy(Box::new(LegacyExchange::new(&request, end, now)?))
            }
        })
    }

    /// The server answered like a pre-1.7 server: the legacy ping next, if allowed.
    pub fn fall_back(&mut self, e: Error) -> Result<()> {
        let e = Error {
            code: ErrorCode::UnexpectedOpcode,
            ..e
        };
        if self.mode != Mode::Status || !self.legacy_fallback {
            return Err(e);
        }
        self.mode = Mode::Legacy;
        self.tries = 0;
        self.first = Some(e);
        Ok(())
    }

    /// The error that ends the call, once no attempt is left.
    pub fn final_error(&self, e: Error) -> Error {
        let closed = |e: &Error| e.message.contains("without answering") || e.message.contains("without a status");
        let e = match &self.first {
            Some(first) if closed(first) && closed(&e) => Error::new(
                ErrorCode::Network,
                "the server closed the connection without answering, both to the status request and to the legacy ping",
            ),
            _ => e,
        };
        e.over_connections(self.tries)
    }

    pub fn outcome(&self, out: Out, addr: Option<SocketAddr>, host: &str, port: u16) -> Result<Outcome> {
        let (address, port) = peer(addr, host, port);
        Ok(match out {
            Out::Status(out) => Outcome::Java(crate::minecraft::java::unified::status(
                JavaQueryResult {
                    status: out.status,
                    latency_ms: out.latency_ms,
                    latency_source: out.latency_source,
                    srv: self.record.clone(),
                    legacy: false,
                },
                address,
                port,
            )),
            Out::Legacy(reply, rtt) if !self.legacy_only => Outcome::Java(crate::minecraft::java::unified::status(
                JavaQueryResult {
                    status: JavaStatus::from_legacy(reply),
                    latency_ms: rtt,
                    latency_source: JavaLatencySource::Status,
                    srv: self.record.clone(),
                    legacy: true,
                },
                address,
                port,
            )),
            Out::Legacy(reply, rtt) => Outcome::Legacy(crate::minecraft::java::unified::legacy_status(
                reply, rtt, address, port,
            )),
            other => return other.into_outcome(addr, &address, port),
        })
    }
}

fn legacy_request(variant: &str, host: &str, port: u16) -> legacy::Request {
    match variant {
        "beta" => legacy::Request::Beta,
        "1.4" => legacy::Request::V1_4,
        _ => legacy::Request::V1_6 {
            protocol: legacy::PROTOCOL_1_6,
            host: host.into(),
            port,
        },
    }
}
