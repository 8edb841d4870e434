//! Runs any datagram [`Exchange`] over a connected UDP socket.

use std::io::ErrorKind;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use tokio::net::UdpSocket;
use tokio_util::sync::CancellationToken;

use super::options::Common;
use super::trace::{trace, Clock, Direction, Tracer};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::Exchange;

pub fn network_error(what: &str, e: std::io::Error) -> Error {
    Error::new(ErrorCode::Network, format!("{what}: {e}"))
}

/// Whole milliseconds since `start`: the responders' clock (they only expire tokens).
pub fn now_ms(start: tokio::time::Instant) -> u64 {
    u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX)
}

pub fn aborted() -> Error {
    Error::new(ErrorCode::Aborted, "the operation was aborted")
}

pub fn port_closed(addr: SocketAddr, transport: &str) -> Error {
    let how = if transport == "udp" {
        "answered that nothing listens there (ICMP port unreachable)"
    } else {
        "refused the connection"
    };
    Error::new(
        ErrorCode::PortClosed,
        format!("port {}/{transport} is closed: the host {how}", addr.port()),
    )
}

/// The local address to bind for talking to `addr`: the caller's, or any of its family.
pub fn local_for(addr: SocketAddr, common: &Common) -> Result<SocketAddr> {
    let ip = match common.local_address {
        Some(ip) if ip.is_ipv4() != addr.is_ipv4() => {
            return Err(Error::invalid(format!(
                "option localAddress {ip} is not of the target's address family ({})",
                addr.ip()
            )))
        }
        Some(ip) => ip,
        None if addr.is_ipv4() => IpAddr::V4(Ipv4Addr::UNSPECIFIED),
        None => IpAddr::V6(Ipv6Addr::UNSPECIFIED),
    };
    Ok(SocketAddr::new(ip, common.local_port))
}

/// A UDP socket connected to `addr`: the kernel drops datagrams from any other source,
/// and reports an ICMP "port unreachable" back to us.
pub async fn connect_udp(addr: SocketAddr, common: &Common) -> Result<UdpSocket> {
    let local = local_for(addr, common)?;
    let socket = UdpSocket::bind(local)
        .await
        .map_err(|e| network_error(&format!("bind {local}"), e))?;
    socket.connect(addr).await.map_err(|e| network_error("connect", e))?;
    Ok(socket)
}

pub async fn drive<E: Exchange>(
    socket: &UdpSocket,
    addr: SocketAddr,
    ex: &mut E,
    clock: &Clock,
    cancel: &CancellationToken,
    tracer: Option<&Tracer>,
) -> Result<E::Output> {
    // Datagrams are at most 64 KiB: one buffer bounds everything a peer can make us hold.
    let mut buf = vec![0u8; 65_536];
    loop {
        while let Some(packet) = ex.poll_transmit() {
            trace(tracer, clock, Direction::Send, addr, &packet);
            match socket.send(&packet).await {
                Ok(_) => {}
                Err(e) if e.kind() == ErrorKind::ConnectionRefused => return Err(port_closed(addr, "udp")),
                Err(e) => return Err(network_error("send", e)),
            }
        }
        if let Some(result) = ex.poll_result() {
            return result;
        }
        let Some(deadline) = ex.poll_timeout() else {
            return Err(Error::new(ErrorCode::Network, "exchange stalled without a deadline"));
        };
        let sleep = tokio::time::sleep_until(clock.instant(deadline));
        tokio::select! {
            _ = cancel.cancelled() => return Err(aborted()),
            received = socket.recv(&mut buf) => match received {
                Ok(n) => {
                    trace(tracer, clock, Direction::Receive, addr, &buf[..n]);
                    ex.handle_input(clock.now(), &buf[..n]);
                }
                // An ICMP port unreachable, reported on the connected socket: nothing listens.
                Err(e) if e.kind() == ErrorKind::ConnectionRefused => return Err(port_closed(addr, "udp")),
                Err(e) => return Err(network_error("receive", e)),
            },
            _ = sleep => ex.handle_timeout(clock.now()),
        }
    }
}
