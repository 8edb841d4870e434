//! `query('minecraft-java')` and `query('minecraft-legacy')` over TCP: SRV, connect,
//! the status exchange, and the legacy fallback.

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::Value;
use tokio_util::sync::CancellationToken;

use super::options::{parse_target, target_text, Common, Options, COMMON};
use super::resolve::resolve;
use super::srv::Dns;
use super::tcp::{connect, drive};
use super::trace::{Clock, Tracer};
use crate::api::Sink;
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::Millis;
use crate::minecraft::java::exchange::{StatusExchange, StatusOutcome};
use crate::minecraft::java::{
    JavaQueryResult, JavaStatus, LegacyQueryResult, SrvRecord, DEFAULT_FRAME_CAP, DEFAULT_PORT, DEFAULT_PROTOCOL,
};
use crate::minecraft::legacy::{self, LegacyExchange};
use crate::status::{known, PlayerId, Status, StatusPlayer, StatusPlayers};

/// What a Minecraft query was asked to do.
struct Request {
    common: Common,
    /// `'auto'` (when no port is given), `true`, `false`.
    srv: Option<bool>,
    dns_server: Option<SocketAddr>,
    protocol_version: i32,
    legacy_fallback: bool,
    variant: &'static str,
    max_frame: usize,
}

const JAVA_OPTIONS: &[&str] = &["srv", "dnsServer", "protocolVersion", "legacyFallback", "maxFrame"];
const LEGACY_OPTIONS: &[&str] = &["srv", "dnsServer", "variant"];

impl Request {
    fn parse(options: Value, legacy: bool) -> Result<Self> {
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
            Some(s) => Some(
                s.parse::<SocketAddr>()
                    .map_err(|_| Error::invalid(format!("option dnsServer must be 'ip:port', got {s:?}")))?,
            ),
        };
        let request = if legacy {
            let variant = o.choice("variant", &["beta", "1.4", "1.6"], "1.6")?;
            o.finish(&[COMMON, LEGACY_OPTIONS].concat())?;
            Self {
                common,
                srv,
                dns_server,
                protocol_version: DEFAULT_PROTOCOL,
                legacy_fallback: false,
                variant,
                max_frame: DEFAULT_FRAME_CAP,
            }
        } else {
            let protocol_version = o.integer("protocolVersion", 0, i32::MAX as u64, DEFAULT_PROTOCOL as u64)? as i32;
            let legacy_fallback = o.boolean("legacyFallback", true)?;
            let max_frame = o.integer("maxFrame", 64, 16 << 20, DEFAULT_FRAME_CAP as u64)? as usize;
            o.finish(&[COMMON, JAVA_OPTIONS].concat())?;
            Self {
                common,
                srv,
                dns_server,
                protocol_version,
                legacy_fallback,
                variant: "1.6",
                max_frame,
            }
        };
        Ok(request)
    }
}

/// Where to connect, after SRV, and how to look names up.
struct Plan {
    dns: Option<Dns>,
    host: String,
    port: u16,
    srv: Option<SrvRecord>,
}

async fn plan(target: &Value, request: &Request, clock: &Clock, cancel: &CancellationToken) -> Result<Plan> {
    let target = parse_target(target)?;
    let srv_wanted = request.srv.unwrap_or(target.port.is_none()) && target.host.parse::<IpAddr>().is_err();
    let remaining = || (request.common.timeout_ms - clock.now()).max(1.0);
    let dns = if srv_wanted || request.dns_server.is_some() {
        Some(Dns::new(request.dns_server, remaining())?)
    } else {
        None
    };
    let mut srv = None;
    if let (true, Some(dns)) = (srv_wanted, &dns) {
        let name = format!("_minecraft._tcp.{}", target.host);
        srv = tokio::select! {
            _ = cancel.cancelled() => return Err(super::udp::aborted()),
            r = dns.srv(&name) => r.map(|(target, port)| SrvRecord { target, port }),
        };
    }
    let (host, port) = match &srv {
        Some(r) => (r.target.clone(), r.port),
        None => (target.host.clone(), target.port.unwrap_or(DEFAULT_PORT)),
    };
    Ok(Plan { dns, host, port, srv })
}

impl Plan {
    async fn address(&self, request: &Request, clock: &Clock, cancel: &CancellationToken) -> Result<SocketAddr> {
        if let Ok(ip) = self.host.parse::<IpAddr>() {
            return Ok(SocketAddr::new(ip, self.port));
        }
        let family = request.common.family;
        match (&self.dns, request.dns_server) {
            (Some(dns), Some(_)) => tokio::select! {
                _ = cancel.cancelled() => Err(super::udp::aborted()),
                ip = dns.ip(&self.host, family) => Ok(SocketAddr::new(ip?, self.port)),
            },
            _ => resolve(&self.host, self.port, family, clock, request.common.timeout_ms, cancel).await,
        }
    }
}

/// Runs `attempt(end)` once per attempt of the budget while it fails for lack of an
/// answer (a timeout, a broken connection); a closed port or a wrong protocol is an
/// answer and ends it. `end` is when that attempt gives up.
async fn with_attempts<T, F, Fut>(request: &Request, clock: &Clock, mut attempt: F) -> Result<T>
where
    F: FnMut(Millis) -> Fut,
    Fut: std::future::Future<Output = Result<T>>,
{
    let budget = request.common.deadline();
    let mut tries = 0;
    loop {
        tries += 1;
        match attempt(budget.attempt_end(clock.now())).await {
            Err(e)
                if budget.may_retry(tries, clock.now())
                    && matches!(e.code, ErrorCode::Timeout | ErrorCode::Network) => {}
            Err(e) if e.code == ErrorCode::Timeout => return Err(e.with_attempts(tries)),
            other => return other,
        }
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

/// One `query` call: what was asked, where it goes, its clock and its ways out.
struct Call {
    protocol: &'static str,
    target: String,
    request: Request,
    plan: Plan,
    clock: Clock,
    cancel: CancellationToken,
    tracer: Option<Tracer>,
}

impl Call {
    async fn open(
        protocol: &'static str,
        target: &Value,
        options: Value,
        cancel: CancellationToken,
        tracer: Option<Tracer>,
    ) -> Result<Self> {
        let clock = Clock::start();
        let request = Request::parse(options, protocol == "minecraft-legacy")?;
        let text = target_text(target);
        let plan = plan(target, &request, &clock, &cancel)
            .await
            .map_err(|e| e.in_call(protocol, &text, None))?;
        Ok(Self {
            protocol,
            target: text,
            request,
            plan,
            clock,
            cancel,
            tracer,
        })
    }

    /// Names this call in an error: protocol, target as given, address once known.
    fn failed(&self, addr: Option<SocketAddr>) -> impl Fn(Error) -> Error + '_ {
        move |e| e.in_call(self.protocol, &self.target, addr)
    }

    /// One connection's modern status; `legacy` is set when the server answered like a
    /// pre-1.7 server.
    async fn status(
        &self,
        addr: SocketAddr,
        payload: [u8; 8],
        end: Millis,
        legacy: &AtomicBool,
    ) -> Result<StatusOutcome> {
        let mut stream = connect(addr, &self.request.common, &self.clock, end, &self.cancel).await?;
        let mut ex = StatusExchange::new(
            self.request.protocol_version,
            &self.plan.host,
            self.plan.port,
            payload,
            end,
            self.request.max_frame,
            self.clock.now(),
        )?;
        let out = drive(
            &mut stream,
            addr,
            &mut ex,
            &self.clock,
            &self.cancel,
            self.tracer.as_ref(),
        )
        .await;
        legacy.store(ex.wants_legacy(), Ordering::Relaxed);
        // A legacy server is an answer, not a reason to try again.
        out.map_err(|e| {
            if ex.wants_legacy() {
                Error {
                    code: ErrorCode::UnexpectedOpcode,
                    ..e
                }
            } else {
                e
            }
        })
    }

    async fn legacy_ping(&self, request: &legacy::Request) -> Result<(legacy::Response, f64, SocketAddr)> {
        let addr = self.plan.address(&self.request, &self.clock, &self.cancel).await?;
        with_attempts(&self.request, &self.clock, |end| async move {
            let mut stream = connect(addr, &self.request.common, &self.clock, end, &self.cancel).await?;
            let mut ex = LegacyExchange::new(request, end, self.clock.now())?;
            let (reply, rtt) = drive(
                &mut stream,
                addr,
                &mut ex,
                &self.clock,
                &self.cancel,
                self.tracer.as_ref(),
            )
            .await?;
            Ok((reply, rtt, addr))
        })
        .await
    }
}

pub async fn query_java<S: Sink>(
    target: &Value,
    options: Value,
    cancel: CancellationToken,
    out: S,
    tracer: Option<Tracer>,
) -> Result<S::Out> {
    let call = Call::open("minecraft-java", target, options, cancel, tracer).await?;
    let addr = call
        .plan
        .address(&call.request, &call.clock, &call.cancel)
        .await
        .map_err(call.failed(None))?;
    let payload = super::samp::random_bytes8();
    let wants_legacy = AtomicBool::new(false);
    let modern = with_attempts(&call.request, &call.clock, |end| {
        call.status(addr, payload, end, &wants_legacy)
    })
    .await;
    let wants_legacy = wants_legacy.load(Ordering::Relaxed);
    let raw = match modern {
        Ok(out) => JavaQueryResult {
            status: out.status,
            latency_ms: out.latency_ms,
            latency_source: out.latency_source,
            srv: call.plan.srv.clone(),
            legacy: false,
        },
        Err(first) if wants_legacy && call.request.legacy_fallback => {
            let legacy = legacy_request("1.6", &call.plan.host, call.plan.port);
            let (reply, rtt, _) = call.legacy_ping(&legacy).await.map_err(|e| {
                let closed = |e: &Error| e.message.contains("without answering") || e.message.contains("without a status");
                let e = if closed(&first) && closed(&e) {
                    Error::new(
                        ErrorCode::Network,
                        "the server closed the connection without answering, both to the status request and to the legacy ping",
                    )
                } else {
                    e
                };
                call.failed(Some(addr))(e)
            })?;
            JavaQueryResult {
                status: JavaStatus::from_legacy(reply),
                latency_ms: rtt,
                latency_source: crate::minecraft::java::exchange::JavaLatencySource::Status,
                srv: call.plan.srv.clone(),
                legacy: true,
            }
        }
        Err(e) => return Err(call.failed(Some(addr))(e)),
    };
    Ok(out.emit(&java_status(raw, addr), 1024))
}

pub async fn query_legacy<S: Sink>(
    target: &Value,
    options: Value,
    cancel: CancellationToken,
    out: S,
    tracer: Option<Tracer>,
) -> Result<S::Out> {
    let call = Call::open("minecraft-legacy", target, options, cancel, tracer).await?;
    let ping = legacy_request(call.request.variant, &call.plan.host, call.plan.port);
    let (reply, rtt, addr) = call.legacy_ping(&ping).await.map_err(call.failed(None))?;
    let raw = LegacyQueryResult { reply, latency_ms: rtt };
    let players = StatusPlayers::new(clamp(raw.reply.online), clamp(raw.reply.max), vec![]);
    let status = Status {
        protocol: "minecraft-legacy".into(),
        name: raw.reply.motd.plain.clone(),
        map: None,
        mode: None,
        version: raw.reply.version.clone(),
        password: false,
        players,
        ping_ms: Some(rtt),
        address: addr.ip().to_string(),
        port: addr.port(),
        raw,
    };
    Ok(out.emit(&status, 1024))
}

fn clamp(n: i64) -> u32 {
    n.clamp(0, i64::from(u32::MAX)) as u32
}

fn java_status(raw: JavaQueryResult, addr: SocketAddr) -> Status<JavaQueryResult> {
    let s = &raw.status;
    let players = match &s.players {
        Some(p) => {
            let list = p
                .sample
                .iter()
                .filter(|x| x.is_player())
                .map(|x| StatusPlayer {
                    name: x.name.clone(),
                    id: Some(PlayerId::Text(x.id.clone())),
                    score: None,
                    ping: None,
                })
                .collect();
            StatusPlayers::new(clamp(p.online), clamp(p.max), list)
        }
        None => StatusPlayers::new(0, 0, vec![]),
    };
    Status {
        protocol: "minecraft-java".into(),
        name: s.motd.plain.clone(),
        map: None,
        mode: None,
        version: s.version.as_ref().and_then(|v| known(&v.name)),
        password: false,
        players,
        ping_ms: Some(raw.latency_ms),
        address: addr.ip().to_string(),
        port: addr.port(),
        raw,
    }
}
