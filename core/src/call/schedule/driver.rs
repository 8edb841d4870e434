//! What passes between the scheduler and its driver: the sockets it is given, the
//! datagrams and the work it hands back.

use std::net::{IpAddr, SocketAddr};
use std::ops::Range;

use crate::call::many::Item;
use crate::error::Result;
use crate::exchange::Millis;
use crate::spec::Outcome;

/// Sockets per address family. Each (socket, server) pair carries one query at a time, so
/// this is also how many queries to one server can run at once.
pub const PER_FAMILY: usize = 8;

/// What one small datagram costs in a receive buffer (the kernel counts its whole
/// allocation, several times the payload): a conservative guess for the window.
const BYTES_PER_DATAGRAM: usize = 4096;

/// The ids of `addr`'s family's sockets: IPv4's first, then IPv6's.
pub fn family_ids(addr: SocketAddr) -> Range<usize> {
    if addr.is_ipv4() {
        0..PER_FAMILY
    } else {
        PER_FAMILY..2 * PER_FAMILY
    }
}

/// The requests a socket with `receive_buffer` bytes of buffer adds to the window.
pub fn window_of(receive_buffer: usize) -> usize {
    (receive_buffer / BYTES_PER_DATAGRAM).max(16)
}

/// The driver's shared sockets, as the scheduler sees them: ids, a few per address family.
pub trait Sockets {
    /// The ids of the sockets for `addr`'s family (the driver opens them on first use).
    /// Each (socket, server) pair carries one query at a time.
    fn ids_for(&mut self, addr: SocketAddr) -> Result<Range<usize>>;
    /// Requests that may be unanswered at once (what the receive buffers hold); 0: no limit.
    fn window(&self) -> usize;
    /// The pair of `socket` and `to` carries no query now; `sent`: the transmits handed out
    /// before it was freed (counting from the first), so a host whose "sockets" are
    /// connected ones, one per pair, closes each after its last datagram and before the
    /// next query's first.
    fn released(&mut self, _socket: usize, _to: SocketAddr, _sent: u64) {}
}

/// A datagram to send.
#[derive(Debug)]
pub struct Transmit {
    pub socket: usize,
    pub to: SocketAddr,
    pub payload: Vec<u8>,
}

/// What the driver does for the scheduler.
#[derive(Debug)]
pub enum Event {
    /// Look `host` up (for `family`, by `end` on the driver's clock), then answer with
    /// [`Scheduler::handle_resolved`] under `id`.
    Lookup {
        id: u64,
        host: String,
        port: u16,
        family: u8,
        end: Millis,
    },
    /// Run this item as a call of its own (TCP, a race, a console, a local address to
    /// bind, a server busy with another of a single call's queries), then say so with
    /// [`Scheduler::ended_alone`].
    Alone { index: u32, item: Item },
    /// An item's result: its status settled with its host and game, or its error.
    Done { index: u32, result: Result<Outcome> },
}

/// IPv4-mapped IPv6 addresses compare as IPv4 (replies are routed by source address).
pub fn normalize(addr: SocketAddr) -> SocketAddr {
    match addr.ip() {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => SocketAddr::new(IpAddr::V4(v4), addr.port()),
            None => addr,
        },
        IpAddr::V4(_) => addr,
    }
}
