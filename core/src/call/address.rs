//! Which of a host's addresses a query uses, and the errors about addresses and ports
//! that single calls and the scheduler share.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use crate::error::{Error, ErrorCode, Result};
use crate::options::Common;
use crate::spec::Transport;

pub(crate) fn family_matches(family: u8, ip: &IpAddr) -> bool {
    match family {
        4 => ip.is_ipv4(),
        6 => ip.is_ipv6(),
        _ => true,
    }
}

/// The address to query among what a host's lookup of `host` found (IPv4 first, of
/// `family` when one is asked), or the error: what the resolver said, or no address of
/// the family.
pub fn address_of(host: &str, family: u8, found: std::result::Result<Vec<IpAddr>, String>) -> Result<IpAddr> {
    let ips = found.map_err(|message| crate::error::dns_failed(host, &message))?;
    pick(&ips, family).ok_or_else(|| {
        let family = if family == 6 { 6 } else { 4 };
        Error::new(ErrorCode::Dns, format!("{host} has no IPv{family} address"))
    })
}

/// The address to use: of the wanted family, IPv4 first when either will do (SA:MP
/// headers carry IPv4 octets).
pub fn pick(ips: &[IpAddr], family: u8) -> Option<IpAddr> {
    let usable = || ips.iter().filter(|ip| family_matches(family, ip));
    usable().find(|ip| ip.is_ipv4()).or_else(|| usable().next()).copied()
}

pub fn port_closed(port: u16, transport: &str) -> Error {
    let how = if transport == "udp" {
        "answered that nothing listens there (ICMP port unreachable)"
    } else {
        "refused the connection"
    };
    Error::new(
        ErrorCode::PortClosed,
        format!("port {port}/{transport} is closed: the host {how}"),
    )
}

/// The local address to bind toward `peer`: the caller's (checked against the peer's
/// family), any address of the peer's family for UDP, none for TCP unless asked.
pub(super) fn local(common: &Common, peer: Option<SocketAddr>, transport: Transport) -> Result<Option<SocketAddr>> {
    let v4 = peer.is_none_or(|a| a.is_ipv4());
    let ip = match common.local_address {
        Some(ip) if peer.is_some() && ip.is_ipv4() != v4 => {
            return Err(Error::invalid(format!(
                "option localAddress {ip} is not of the target's address family ({})",
                peer.map(|a| a.ip().to_string()).unwrap_or_default()
            )))
        }
        Some(ip) => ip,
        None if transport == Transport::Tcp && common.local_port == 0 => return Ok(None),
        None if v4 => IpAddr::V4(Ipv4Addr::UNSPECIFIED),
        None => IpAddr::V6(Ipv6Addr::UNSPECIFIED),
    };
    Ok(Some(SocketAddr::new(ip, common.local_port)))
}
