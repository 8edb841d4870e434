//! Host names to socket addresses (A and AAAA through the system resolver), bounded by
//! the caller's deadline and filtered by address family.

use std::net::{IpAddr, SocketAddr};

use tokio_util::sync::CancellationToken;

use super::trace::Clock;
use super::udp::aborted;
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::Millis;

/// `host`'s address for `family` (4, 6, 0 for either), looked up by `end` on `clock`.
pub async fn resolve(
    host: &str,
    port: u16,
    family: u8,
    clock: &Clock,
    end: Millis,
    cancel: &CancellationToken,
) -> Result<SocketAddr> {
    let wanted = |ip: &IpAddr| match family {
        4 => ip.is_ipv4(),
        6 => ip.is_ipv6(),
        _ => true,
    };
    if let Ok(ip) = host.parse::<IpAddr>() {
        return if wanted(&ip) {
            Ok(SocketAddr::new(ip, port))
        } else {
            Err(Error::invalid(format!("{host} is not an IPv{family} address")))
        };
    }
    let lookup = tokio::net::lookup_host((host, port));
    let addrs = tokio::select! {
        _ = cancel.cancelled() => return Err(aborted()),
        r = tokio::time::timeout_at(clock.instant(end), lookup) => match r {
            Err(_) => return Err(Error::new(ErrorCode::Timeout, format!("resolving {host} took longer than the deadline"))),
            Ok(Err(e)) => return Err(Error::new(ErrorCode::Dns, format!("cannot resolve {host}: {e}"))),
            Ok(Ok(addrs)) => addrs,
        },
    };
    let addrs: Vec<SocketAddr> = addrs.filter(|a| wanted(&a.ip())).collect();
    // Prefer IPv4 when both exist: SA:MP headers carry IPv4 octets.
    addrs
        .iter()
        .find(|a| a.is_ipv4())
        .or(addrs.first())
        .copied()
        .ok_or_else(|| {
            Error::new(
                ErrorCode::Dns,
                format!("{host} has no IPv{} address", if family == 6 { 6 } else { 4 }),
            )
        })
}
