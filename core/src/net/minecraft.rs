//! `query('minecraft-java')` and `query('minecraft-legacy')` over TCP: SRV, connect,
//! the status exchange, and the legacy fallback.

use std::net::{IpAddr, SocketAddr};

use serde::Deserialize;
use serde_json::Value;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use super::options::parse_target;
use super::resolve::resolve;
use super::srv::Dns;
use super::tcp::{connect, drive};
use crate::api::{from_options, Sink};
use crate::error::{Error, ErrorCode, Result};
use crate::minecraft::java::exchange::StatusExchange;
use crate::minecraft::java::{
    JavaQueryResult, JavaStatus, LegacyQueryResult, SrvRecord, DEFAULT_FRAME_CAP, DEFAULT_PORT, DEFAULT_PROTOCOL,
};
use crate::minecraft::legacy::{self, LegacyExchange};
use crate::status::{Status, StatusPlayer, StatusPlayers};

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Options {
    timeout: Option<f64>,
    retries: Option<u32>,
    family: Option<u8>,
    /// `'auto'` (when no port is given), `true`, `false`.
    srv: Option<Value>,
    dns_server: Option<String>,
    protocol_version: Option<i32>,
    legacy_fallback: Option<bool>,
    /// Legacy ping variant: `'beta'`, `'1.4'`, `'1.6'` (default).
    variant: Option<String>,
    max_frame: Option<usize>,
}

struct Plan {
    timeout_ms: u64,
    retries: u32,
    family: u8,
    dns: Option<Dns>,
    dns_server: Option<SocketAddr>,
    host: String,
    port: u16,
    srv: Option<SrvRecord>,
}

async fn plan(target: &Value, options: &Options, cancel: &CancellationToken) -> Result<Plan> {
    let target = parse_target(target)?;
    let timeout_ms = match options.timeout {
        None => 5000,
        Some(t) if (1.0..=600_000.0).contains(&t) => t as u64,
        Some(t) => return Err(Error::invalid(format!("timeout must be 1–600000 ms, got {t}"))),
    };
    let family = options.family.unwrap_or(0);
    if ![0, 4, 6].contains(&family) {
        return Err(Error::invalid("family must be 0, 4 or 6"));
    }
    let srv_wanted = match &options.srv {
        None => target.port.is_none(),
        Some(Value::String(s)) if s == "auto" => target.port.is_none(),
        Some(Value::Bool(b)) => *b,
        Some(v) => return Err(Error::invalid(format!("srv must be 'auto', true or false, got {v}"))),
    } && target.host.parse::<IpAddr>().is_err();
    let dns_server = match &options.dns_server {
        None => None,
        Some(s) => Some(
            s.parse::<SocketAddr>()
                .map_err(|_| Error::invalid(format!("dnsServer must be 'ip:port', got {s:?}")))?,
        ),
    };
    let dns = if srv_wanted || dns_server.is_some() {
        Some(Dns::new(dns_server, timeout_ms)?)
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
    Ok(Plan {
        timeout_ms,
        retries: options.retries.unwrap_or(0).min(5),
        family,
        dns,
        dns_server,
        host,
        port,
        srv,
    })
}

impl Plan {
    async fn address(&self, cancel: &CancellationToken) -> Result<SocketAddr> {
        if let Ok(ip) = self.host.parse::<IpAddr>() {
            return Ok(SocketAddr::new(ip, self.port));
        }
        match (&self.dns, self.dns_server) {
            (Some(dns), Some(_)) => tokio::select! {
                _ = cancel.cancelled() => Err(super::udp::aborted()),
                ip = dns.ip(&self.host, self.family) => Ok(SocketAddr::new(ip?, self.port)),
            },
            _ => resolve(&self.host, self.port, self.family, self.timeout_ms, cancel).await,
        }
    }

    /// Runs `attempt` up to `retries + 1` times while it fails with a network error or
    /// a timeout; other errors are answers.
    async fn with_retries<T, F, Fut>(&self, mut attempt: F) -> Result<T>
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = Result<T>>,
    {
        let mut tries = 0;
        loop {
            match attempt().await {
                Err(e) if tries < self.retries && matches!(e.code, ErrorCode::Timeout | ErrorCode::Network) => {
                    tries += 1
                }
                other => return other,
            }
        }
    }
}

fn legacy_request(variant: Option<&str>, host: &str, port: u16) -> Result<legacy::Request> {
    Ok(match variant.unwrap_or("1.6") {
        "beta" => legacy::Request::Beta,
        "1.4" => legacy::Request::V1_4,
        "1.6" => legacy::Request::V1_6 {
            protocol: legacy::PROTOCOL_1_6,
            host: host.into(),
            port,
        },
        v => {
            return Err(Error::invalid(format!(
                "variant must be 'beta', '1.4' or '1.6', got {v:?}"
            )))
        }
    })
}

async fn legacy_ping(
    plan: &Plan,
    request: &legacy::Request,
    cancel: &CancellationToken,
) -> Result<(legacy::Response, u32, SocketAddr)> {
    let addr = plan.address(cancel).await?;
    let mut stream = connect(addr, plan.timeout_ms, cancel).await?;
    let start = Instant::now();
    let mut ex = LegacyExchange::new(request, plan.timeout_ms, 0)?;
    let (reply, rtt) = drive(&mut stream, &mut ex, start, cancel).await?;
    Ok((reply, rtt, addr))
}

pub async fn query_java<S: Sink>(target: &Value, options: Value, cancel: CancellationToken, out: S) -> Result<S::Out> {
    let options = from_options::<Options>("options", options)?;
    let plan = plan(target, &options, &cancel).await?;
    let protocol = options.protocol_version.unwrap_or(DEFAULT_PROTOCOL);
    let frame_cap = options.max_frame.unwrap_or(DEFAULT_FRAME_CAP);
    let payload = super::samp::random_bytes8();
    let mut tries = 0;
    let modern = loop {
        let attempt = async {
            let addr = plan.address(&cancel).await?;
            let mut stream = connect(addr, plan.timeout_ms, &cancel).await?;
            let mut ex = StatusExchange::new(protocol, &plan.host, plan.port, payload, plan.timeout_ms, frame_cap, 0)?;
            let out = drive(&mut stream, &mut ex, Instant::now(), &cancel).await;
            Ok::<_, Error>((out, ex.wants_legacy(), addr))
        };
        match attempt.await {
            Ok((Err(e), false, _)) | Err(e)
                if tries < plan.retries && matches!(e.code, ErrorCode::Timeout | ErrorCode::Network) =>
            {
                tries += 1
            }
            Ok(done) => break done,
            Err(e) => return Err(e),
        }
    };
    let (raw, addr) = match modern {
        (Ok(out), _, addr) => (
            JavaQueryResult {
                status: out.status,
                latency_ms: out.latency_ms,
                latency_source: out.latency_source,
                srv: plan.srv.clone(),
                legacy: false,
            },
            addr,
        ),
        (Err(_), true, _) if options.legacy_fallback.unwrap_or(true) => {
            let request = legacy_request(None, &plan.host, plan.port)?;
            let (reply, rtt, addr) = plan.with_retries(|| legacy_ping(&plan, &request, &cancel)).await?;
            let raw = JavaQueryResult {
                status: JavaStatus::from_legacy(reply),
                latency_ms: rtt,
                latency_source: crate::minecraft::java::exchange::JavaLatencySource::Status,
                srv: plan.srv.clone(),
                legacy: true,
            };
            (raw, addr)
        }
        (Err(e), _, _) => return Err(e),
    };
    Ok(out.emit(&java_status(raw, addr), 1024))
}

pub async fn query_legacy<S: Sink>(
    target: &Value,
    options: Value,
    cancel: CancellationToken,
    out: S,
) -> Result<S::Out> {
    let options = from_options::<Options>("options", options)?;
    let plan = plan(target, &options, &cancel).await?;
    let request = legacy_request(options.variant.as_deref(), &plan.host, plan.port)?;
    let (reply, rtt, addr) = plan.with_retries(|| legacy_ping(&plan, &request, &cancel)).await?;
    let raw = LegacyQueryResult { reply, latency_ms: rtt };
    let players = StatusPlayers {
        online: clamp(raw.reply.online),
        max: clamp(raw.reply.max),
        list: vec![],
    };
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
        Some(p) => StatusPlayers {
            online: clamp(p.online),
            max: clamp(p.max),
            list: p
                .sample
                .iter()
                .map(|x| StatusPlayer {
                    name: x.name.clone(),
                    id: Some(x.id.clone()),
                    score: None,
                    ping: None,
                })
                .collect(),
        },
        None => StatusPlayers {
            online: 0,
            max: 0,
            list: vec![],
        },
    };
    Status {
        protocol: "minecraft-java".into(),
        name: s.motd.plain.clone(),
        map: None,
        mode: None,
        version: s.version.as_ref().map(|v| v.name.clone()),
        password: false,
        players,
        ping_ms: Some(raw.latency_ms),
        address: addr.ip().to_string(),
        port: addr.port(),
        raw,
    }
}
