//! `query('samp')` and `rcon('samp')` over UDP.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use serde_json::Value;
use tokio_util::sync::CancellationToken;

use super::options::{parse_target, Common, QueryRequest, RconRequest};
use super::resolve::resolve;
use super::trace::{Clock, Tracer};
use super::udp::{connect_udp, drive};
use crate::api::Sink;
use crate::error::Result;
use crate::exchange::Millis;
use crate::samp::exchange::{QueryExchange, QueryOptions};
use crate::samp::rcon::{RconExchange, RconOptions};
use crate::samp::{Address, ServerState, DEFAULT_PORT};
use crate::status::Status;
use crate::text::TextEncoding;

/// The server's address, resolved within the call's budget.
async fn address(target: &Value, common: &Common, clock: &Clock, cancel: &CancellationToken) -> Result<SocketAddr> {
    let target = parse_target(target)?;
    let port = target.port.unwrap_or(DEFAULT_PORT);
    resolve(&target.host, port, common.family, clock, common.timeout_ms, cancel).await
}

/// The header's address: the server's IPv4 octets; zeros for IPv6 (open.mp ignores them).
fn header_address(addr: SocketAddr) -> Address {
    let ip = match addr.ip() {
        IpAddr::V4(ip) => ip,
        IpAddr::V6(ip) => ip.to_ipv4_mapped().unwrap_or(Ipv4Addr::UNSPECIFIED),
    };
    Address { ip, port: addr.port() }
}

pub(crate) fn random_u64() -> u64 {
    // RandomState is seeded from the OS per process and mixed per instance.
    let mut h = RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.finish()
}

fn random_bytes() -> [u8; 4] {
    (random_u64() as u32).to_le_bytes()
}

pub(crate) fn random_bytes8() -> [u8; 8] {
    random_u64().to_be_bytes()
}

/// A query's exchange for `addr`, started at `now` on a clock that began with the call.
pub(crate) fn exchange(opts: &QueryRequest, addr: SocketAddr, now: Millis) -> QueryExchange {
    let options = QueryOptions {
        players: opts.players,
        encoding: opts.encoding,
        deadline: opts.common.deadline(),
        open_mp: opts.open_mp,
        ping: opts.ping,
        raw_strings: opts.raw_strings,
    };
    QueryExchange::new(header_address(addr), options, random_bytes(), now)
}

pub(crate) fn status(raw: ServerState, addr: SocketAddr) -> Status<ServerState> {
    Status::from_samp(raw, addr.ip().to_string(), addr.port())
}

pub async fn query<S: Sink>(
    target: &Value,
    options: Value,
    cancel: CancellationToken,
    out: S,
    tracer: Option<Tracer>,
) -> Result<S::Out> {
    let clock = Clock::start();
    let opts = QueryRequest::parse(options)?;
    let addr = address(target, &opts.common, &clock, &cancel).await?;
    let run = async {
        let socket = connect_udp(addr, &opts.common).await?;
        let mut ex = exchange(&opts, addr, clock.now());
        drive(&socket, addr, &mut ex, &clock, &cancel, tracer.as_ref()).await
    };
    let raw = run
        .await
        .map_err(|e| e.in_call("samp", &super::options::target_text(target), Some(addr)))?;
    Ok(out.emit(&status(raw, addr), 1024))
}

pub async fn rcon(
    target: &Value,
    options: Value,
    command: &str,
    cancel: CancellationToken,
    tracer: Option<Tracer>,
) -> Result<Vec<String>> {
    let clock = Clock::start();
    let opts = RconRequest::parse(options)?;
    let addr = address(target, &opts.common, &clock, &cancel).await?;
    let run = async {
        let socket = connect_udp(addr, &opts.common).await?;
        let rcon_options = RconOptions {
            deadline: opts.common.deadline(),
            idle_ms: opts.idle_ms,
            encoding: TextEncoding::from_option(opts.encoding.as_deref())?,
        };
        let mut ex = RconExchange::new(
            header_address(addr),
            &opts.password,
            command,
            opts.encoding.clone(),
            rcon_options,
            clock.now(),
        )?;
        drive(&socket, addr, &mut ex, &clock, &cancel, tracer.as_ref()).await
    };
    run.await
        .map_err(|e| e.in_call("samp-rcon", &super::options::target_text(target), Some(addr)))
}
