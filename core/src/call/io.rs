//! What a call and its host say to each other: the work asked for ([`Io`]) and what
//! happened ([`Input`]).

use std::net::{IpAddr, SocketAddr};

use crate::spec::Transport;
use crate::tls::{Tls, TlsFailure};

/// What a call asks its host to do.
#[derive(Debug, Clone, PartialEq)]
pub enum Io {
    /// The `_minecraft._tcp` record: answer [`Input::Srv`]. `server`: ask that name server.
    Srv {
        name: String,
        server: Option<SocketAddr>,
    },
    /// The host name's addresses (A and AAAA): answer [`Input::Resolved`].
    Resolve {
        host: String,
        family: u8,
        server: Option<SocketAddr>,
    },
    /// A UDP socket connected to `host:port` (its errors, like ICMP unreachable, reported
    /// as [`Input::Refused`]), or a TCP connection: answer [`Input::Opened`]. `host` is an
    /// IP address unless the host resolves names itself ([`Call::new`]). `local`: bind it.
    /// `tls`: a TCP connection's TLS handshake, before [`Input::Opened`] (its failure
    /// [`Input::TlsFailed`]), with the name its certificate is checked against.
    Open {
        id: u32,
        transport: Transport,
        host: String,
        port: u16,
        local: Option<SocketAddr>,
        tls: Option<Tls>,
    },
    Send {
        id: u32,
        bytes: Vec<u8>,
    },
    Close {
        id: u32,
    },
}

/// What happened, as the host tells it.
#[derive(Debug, Clone, PartialEq)]
pub enum Input {
    /// The records found; none when there is no record or the lookup failed (the name is
    /// then used as it is).
    Srv(Vec<SrvAnswer>),
    /// The addresses, or the resolver's message.
    Resolved(std::result::Result<Vec<IpAddr>, String>),
    Opened {
        id: u32,
    },
    /// The peer closed the connection (end of stream, or a reset while reading).
    Closed {
        id: u32,
    },
    /// Nothing listens there: TCP refused, or ICMP port unreachable.
    Refused {
        id: u32,
    },
    /// Any other failure of the socket or connection.
    Failed {
        id: u32,
        message: String,
    },
    /// A connection the host opened at once and carried no reply on, and why: a `fetch`
    /// that failed (a browser's CORS refusal, a certificate it does not trust, nothing
    /// listening). The attempt's failure, not the end of a reply.
    Unanswered {
        id: u32,
        message: String,
    },
    /// The TLS handshake of a connection opened with `tls` failed: why, as the host's TLS
    /// stack says it, and its own message.
    TlsFailed {
        id: u32,
        why: TlsFailure,
        message: String,
    },
}

/// One SRV record as the resolver returned it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SrvAnswer {
    pub target: String,
    pub port: u16,
    pub priority: u16,
    pub weight: u16,
}

/// The record to use: the lowest priority, then the highest weight (RFC 2782 without the
/// random choice: a status query wants one answer, not load spreading).
pub(super) fn best(records: &[SrvAnswer]) -> Option<&SrvAnswer> {
    records
        .iter()
        .filter(|r| !r.target.is_empty() && r.target != ".")
        .min_by_key(|r| (r.priority, std::cmp::Reverse(r.weight)))
}
