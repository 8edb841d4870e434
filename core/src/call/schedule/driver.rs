//! What passes between the scheduler and its driver: the sockets it is given, the
//! datagrams and the work it hands back.

use std::net::SocketAddr;
use std::ops::Range;

use crate::call::many::Item;
use crate::error::Result;
use crate::exchange::Millis;
use crate::spec::Outcome;

/// The driver's shared sockets, as the scheduler sees them: ids, a few per address family.
pub trait Sockets {
    /// The ids of the sockets for `addr`'s family (the driver opens them on first use).
    /// Each (socket, server) pair carries one query at a time.
    fn ids_for(&mut self, addr: SocketAddr) -> Result<Range<usize>>;
    /// Requests that may be unanswered at once (what the receive buffers hold); 0: no limit.
    fn window(&self) -> usize;
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
