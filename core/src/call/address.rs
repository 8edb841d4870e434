//! Which of a host's addresses a query uses, and the errors about addresses and ports
//! that single calls and the scheduler share.

use std::net::IpAddr;

use crate::error::{Error, ErrorCode, Result};

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
