//! `query('samp')` and `rcon('samp')` over UDP.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use serde_json::Value;
use tokio::net::UdpSocket;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use super::options::{parse_target, QueryRequest, RconRequest};
use super::resolve::resolve;
use super::udp::{drive, network_error};
use crate::api::Sink;
use crate::error::Result;
use crate::samp::exchange::{QueryExchange, QueryOptions};
use crate::samp::rcon::{RconExchange, RconOptions};
use crate::samp::{Address, ServerState, DEFAULT_PORT};
use crate::status::Status;
use crate::text::TextEncoding;

async fn connect(
    target: &Value,
    family: u8,
    timeout_ms: u64,
    cancel: &CancellationToken,
) -> Result<(UdpSocket, SocketAddr)> {
    let target = parse_target(target)?;
    let addr = resolve(
        &target.host,
        target.port.unwrap_or(DEFAULT_PORT),
        family,
        timeout_ms,
        cancel,
    )
    .await?;
    Ok((connect_udp(addr).await?, addr))
}

/// A UDP socket connected to `addr`: the kernel drops datagrams from any other source.
pub(crate) async fn connect_udp(addr: SocketAddr) -> Result<UdpSocket> {
    let local: SocketAddr = if addr.is_ipv4() {
        (Ipv4Addr::UNSPECIFIED, 0).into()
    } else {
        (std::net::Ipv6Addr::UNSPECIFIED, 0).into()
    };
    let socket = UdpSocket::bind(local).await.map_err(|e| network_error("bind", e))?;
    socket.connect(addr).await.map_err(|e| network_error("connect", e))?;
    Ok(socket)
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

/// A query's exchange for `addr`, started at `now_ms`.
pub(crate) fn exchange(opts: &QueryRequest, addr: SocketAddr, now_ms: u64) -> QueryExchange {
    let options = QueryOptions {
        players: opts.players,
        encoding: opts.encoding,
        timeout_ms: opts.timeout_ms,
        retries: opts.retries,
        open_mp: opts.open_mp,
        ping: opts.ping,
        raw_strings: opts.raw_strings,
    };
    QueryExchange::new(header_address(addr), options, random_bytes(), now_ms)
}

pub(crate) fn status(raw: ServerState, addr: SocketAddr) -> Status<ServerState> {
    Status::from_samp(raw, addr.ip().to_string(), addr.port())
}

pub async fn query<S: Sink>(target: &Value, options: Value, cancel: CancellationToken, out: S) -> Result<S::Out> {
    let opts = QueryRequest::parse(options)?;
    let (socket, addr) = connect(target, opts.family, opts.timeout_ms, &cancel).await?;
    let mut ex = exchange(&opts, addr, 0);
    let raw = drive(&socket, &mut ex, Instant::now(), &cancel).await?;
    Ok(out.emit(&status(raw, addr), 1024))
}

pub async fn rcon(target: &Value, options: Value, command: &str, cancel: CancellationToken) -> Result<Vec<String>> {
    let opts = RconRequest::parse(options)?;
    let (socket, addr) = connect(target, opts.family, opts.timeout_ms, &cancel).await?;
    let start = Instant::now();
    let encoding = TextEncoding::from_option(opts.encoding.as_deref())?;
    let rcon_options = RconOptions {
        timeout_ms: opts.timeout_ms,
        idle_ms: opts.idle_ms,
        max_ms: opts.max_ms,
        encoding,
    };
    let mut ex = RconExchange::new(
        header_address(addr),
        &opts.password,
        command,
        opts.encoding.clone(),
        rcon_options,
        0,
    )?;
    drive(&socket, &mut ex, start, &cancel).await
}
