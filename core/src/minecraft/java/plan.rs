//! A Minecraft call's plan: SRV when no port is given, a connection per attempt, the
//! status exchange, and the legacy ping for a server that answers like a pre-1.7 one.

use std::net::{IpAddr, SocketAddr};

use serde_json::Value;

use super::exchange::{JavaLatencySource, StatusExchange};
use super::options::{JavaOptions, LegacyOptions};
use super::{JavaQueryResult, JavaStatus, SrvRecord, DEFAULT_FRAME_CAP, DEFAULT_PROTOCOL};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{Deadline, Millis};
use crate::minecraft::legacy::{self, LegacyExchange};
use crate::options::Common;
use crate::spec::{QueryPlan, Running, Start, Transport};
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

impl Minecraft {
    pub fn parse(options: Value, legacy: bool, target: &Target) -> Result<Self> {
        let java = |o: JavaOptions| {
            (
                o.common,
                o.srv,
                o.dns_server,
                o.protocol_version as i32,
                o.legacy_fallback,
                o.max_frame as usize,
                "1.6",
            )
        };
        let (common, srv, dns_server, protocol_version, legacy_fallback, max_frame, variant) = match legacy {
            false => java(JavaOptions::read(options)?),
            true => {
                let o = LegacyOptions::read(options)?;
                (
                    o.common,
                    o.srv,
                    o.dns_server,
                    DEFAULT_PROTOCOL,
                    false,
                    DEFAULT_FRAME_CAP,
                    o.variant,
                )
            }
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

    /// The error that ends the call, once no attempt is left.
    fn final_error(&self, e: Error) -> Error {
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
}

impl QueryPlan for Minecraft {
    fn common(&self) -> &Common {
        &self.common
    }

    fn transport(&self) -> Transport {
        Transport::Tcp
    }

    /// The SRV name to look up: when asked (by default, when no port was given) for a
    /// host name.
    fn srv_name(&self, host: &str) -> Option<String> {
        let wanted = self.srv.unwrap_or(!self.has_port) && host.parse::<IpAddr>().is_err();
        wanted.then(|| format!("_minecraft._tcp.{host}"))
    }

    fn dns_server(&self) -> Option<SocketAddr> {
        self.dns_server
    }

    fn use_srv(&mut self, target: String, port: u16) {
        self.record = Some(SrvRecord { target, port });
    }

    fn opening(&mut self) {
        self.tries += 1;
    }

    /// The attempt's exchange, its end this attempt's share of the budget. The host and
    /// port go into the handshake (after SRV: the record's).
    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let end = at.budget.attempt_end(at.now);
        let record = self.record.clone();
        Ok(match self.mode {
            Mode::Status => {
                let exchange = StatusExchange::new(
                    self.protocol_version,
                    at.host,
                    at.port,
                    at.rng.bytes8(),
                    end,
                    self.max_frame,
                    at.now,
                )?;
                at.report(exchange, move |out| {
                    let raw = JavaQueryResult {
                        status: out.status,
                        latency_ms: out.latency_ms,
                        latency_source: out.latency_source,
                        srv: record,
                        legacy: false,
                    };
                    Ok(super::unified::status(raw))
                })
            }
            Mode::Legacy => {
                let request = legacy_request(self.variant, at.host, at.port);
                let exchange = LegacyExchange::new(&request, end, at.now)?;
                if self.legacy_only {
                    return Ok(at.report(exchange, |(reply, rtt)| Ok(super::unified::legacy_status(reply, rtt))));
                }
                at.report(exchange, move |(reply, rtt)| {
                    let raw = JavaQueryResult {
                        status: JavaStatus::from_legacy(reply),
                        latency_ms: rtt,
                        latency_source: JavaLatencySource::Status,
                        srv: record,
                        legacy: true,
                    };
                    Ok(super::unified::status(raw))
                })
            }
        })
    }

    /// The server answered like a pre-1.7 server: the legacy ping next, if allowed.
    fn fall_back(&mut self, e: Error) -> Result<()> {
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

    /// Each attempt is a connection of its own: another one while the budget allows.
    fn retry(&mut self, e: Error, budget: &Deadline, now: Millis) -> Result<()> {
        let retry = matches!(e.code, ErrorCode::Timeout | ErrorCode::Network);
        if retry && budget.may_retry(self.tries, now) {
            return Ok(());
        }
        Err(self.final_error(e))
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
