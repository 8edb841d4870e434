//! Host names to socket addresses through the system resolver, bounded by the caller's
//! deadline, for the bulk engine (a single call resolves through its own [`crate::call`]).

use std::net::{IpAddr, SocketAddr};

use tokio_util::sync::CancellationToken;

use super::trace::Clock;
use crate::call::pick;
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
    let lookup = tokio::net::lookup_host((host, port));
    let found: Vec<IpAddr> = tokio::select! {
        _ = cancel.cancelled() => return Err(Error::aborted()),
        r = tokio::time::timeout_at(clock.instant(end), lookup) => match r {
            Err(_) => return Err(Error::new(ErrorCode::Timeout, format!("resolving {host} took longer than the deadline"))),
            Ok(Err(e)) => return Err(crate::error::dns_failed(host, &e.to_string())),
            Ok(Ok(addrs)) => addrs.map(|a| a.ip()).collect(),
        },
    };
    let family_name = if family == 6 { 6 } else { 4 };
    pick(&found, family)
        .map(|ip| SocketAddr::new(ip, port))
        .ok_or_else(|| Error::new(ErrorCode::Dns, format!("{host} has no IPv{family_name} address")))
}
