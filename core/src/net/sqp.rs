//! `query('sqp')` and `serve('sqp')` over UDP.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use serde::Deserialize;
use serde_json::Value;
use tokio::net::UdpSocket;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use super::handle::{listen_address, ServeHandle};
use super::options::{parse_target, target_text, Common, Options, COMMON};
use super::resolve::resolve;
use super::trace::{Clock, Tracer};
use super::udp::{connect_udp, drive, network_error, now_ms};
use crate::api::{from_json, from_options, Sink};
use crate::error::{Error, Result};
use crate::exchange::Millis;
use crate::sqp::exchange::{SqpExchange, SqpOutcome, SqpQueryResult};
use crate::sqp::responder::{Responder, ResponderOptions};
use crate::sqp::{ChunkSet, Chunks, Scalar};
use crate::status::{known, Status, StatusPlayer, StatusPlayers};
use crate::target::Target;

/// A parsed SQP query: where to, and how.
pub(crate) struct Plan {
    pub target: Target,
    pub port: u16,
    pub common: Common,
    chunks: u8,
}

pub(crate) fn plan(target: &Value, options: Value) -> Result<Plan> {
    let mut o = Options::new("SQP query", options)?;
    let common = Common::read(&mut o)?;
    let chunks = match o.raw("chunks") {
        None => ChunkSet::default(),
        Some(v) => ChunkSet::from_value(&v).map_err(|e| Error::invalid(format!("option {e}")))?,
    };
    o.finish(&[COMMON, &["chunks"]].concat())?;
    let target = parse_target(target)?;
    let port = target
        .port
        .ok_or_else(|| Error::invalid("SQP has no default port: give host:port"))?;
    Ok(Plan {
        target,
        port,
        common,
        chunks: chunks.0,
    })
}

impl Plan {
    pub(crate) fn exchange(&self, now: Millis) -> SqpExchange {
        SqpExchange::new(self.chunks, self.common.deadline(), now)
    }
}

pub async fn query<S: Sink>(
    target: &Value,
    options: Value,
    cancel: CancellationToken,
    out: S,
    tracer: Option<Tracer>,
) -> Result<S::Out> {
    let clock = Clock::start();
    let plan = plan(target, options)?;
    let common = &plan.common;
    let addr = resolve(
        &plan.target.host,
        plan.port,
        common.family,
        &clock,
        common.timeout_ms,
        &cancel,
    )
    .await?;
    let run = async {
        let socket = connect_udp(addr, common).await?;
        let mut ex = plan.exchange(clock.now());
        drive(&socket, addr, &mut ex, &clock, &cancel, tracer.as_ref()).await
    };
    let outcome = run
        .await
        .map_err(|e| e.in_call("sqp", &target_text(target), Some(addr)))?;
    Ok(out.emit(&status(outcome, addr), 1024))
}

fn text_field(record: &[Scalar], fields: &[crate::sqp::Field], names: &[&str]) -> Option<Scalar> {
    let i = fields
        .iter()
        .position(|f| names.contains(&f.name.to_ascii_lowercase().as_str()))?;
    record.get(i).cloned()
}

pub(crate) fn status(outcome: SqpOutcome, addr: SocketAddr) -> Status<SqpQueryResult> {
    let raw = SqpQueryResult {
        chunks: outcome.chunks,
        version: outcome.version,
        latency_ms: outcome.latency_ms,
    };
    let info = raw.chunks.info.clone().unwrap_or_default();
    let list = raw
        .chunks
        .players
        .as_ref()
        .map(|p| {
            p.records
                .iter()
                .map(|r| StatusPlayer {
                    name: match text_field(r, &p.fields, &["name", "playername", "player"]) {
                        Some(Scalar::Text(t)) => t,
                        Some(Scalar::Number(n)) => n.to_string(),
                        None => String::new(),
                    },
                    id: None,
                    score: match text_field(r, &p.fields, &["score"]) {
                        Some(Scalar::Number(n)) => Some(n as i64),
                        _ => None,
                    },
                    ping: match text_field(r, &p.fields, &["ping", "latency"]) {
                        Some(Scalar::Number(n)) => Some(n as u32),
                        _ => None,
                    },
                })
                .collect()
        })
        .unwrap_or_default();
    Status {
        protocol: "sqp".into(),
        name: info.server_name.clone(),
        map: known(&info.map),
        mode: known(&info.game_type),
        version: known(&info.build_id),
        password: false,
        players: StatusPlayers::new(info.current_players.into(), info.max_players.into(), list),
        ping_ms: Some(raw.latency_ms),
        address: addr.ip().to_string(),
        port: addr.port(),
        raw,
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ServeOptions {
    host: Option<String>,
    port: Option<u16>,
    /// How long an issued challenge stays valid (default 5000 ms).
    challenge_ttl: Option<u64>,
    /// Bound on outstanding challenges (default 4096).
    max_challenges: Option<usize>,
    /// Split replies above this many bytes into several packets.
    max_packet_size: Option<usize>,
}

pub async fn serve(state: &str, options: Value) -> Result<ServeHandle> {
    let state: Chunks = from_json("SQP state", state)?;
    let options: ServeOptions = from_options("serve options", options)?;
    let defaults = ResponderOptions::default();
    let responder_options = ResponderOptions {
        challenge_ttl_ms: options.challenge_ttl.unwrap_or(defaults.challenge_ttl_ms),
        max_challenges: options.max_challenges.unwrap_or(defaults.max_challenges).max(1),
        max_packet_size: options.max_packet_size,
    };
    let addr = listen_address(options.host.as_deref(), options.port, 0)?;
    let socket = UdpSocket::bind(addr).await.map_err(|e| network_error("bind", e))?;
    let local = socket.local_addr().map_err(|e| network_error("local address", e))?;
    let responder = Arc::new(Mutex::new(Responder::new(
        state,
        responder_options,
        super::samp::random_u64(),
    )));
    let cancel = CancellationToken::new();
    let task = tokio::spawn(run(socket, responder.clone(), cancel.clone()));
    let update = Box::new(move |json: &str| {
        let state: Chunks = from_json("SQP state", json)?;
        responder.lock().expect("responder lock").update(state);
        Ok(())
    });
    Ok(ServeHandle::new(local, update, cancel, task))
}

async fn run(socket: UdpSocket, responder: Arc<Mutex<Responder>>, cancel: CancellationToken) {
    let start = Instant::now();
    let mut buf = vec![0u8; 2048];
    loop {
        let (n, from) = tokio::select! {
            _ = cancel.cancelled() => return,
            r = socket.recv_from(&mut buf) => match r { Ok(x) => x, Err(_) => continue },
        };
        let replies = responder
            .lock()
            .expect("responder lock")
            .handle(now_ms(start), from, &buf[..n])
            .unwrap_or_default();
        for reply in replies {
            let _ = socket.send_to(&reply, from).await;
        }
    }
}
