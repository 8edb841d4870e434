//! The bulk engine's shared UDP sockets: a few per address family, with receive buffers as
//! large as the system allows, so a burst of replies waits in the kernel instead of being
//! dropped while the engine works.

use std::net::{Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;

use socket2::{Domain, Protocol, Socket, Type};
use tokio::net::UdpSocket;

use super::unreachable;
pub use crate::call::schedule::PER_FAMILY;
use crate::call::schedule::{family_ids, window_of};
use crate::error::Result;
use crate::net::util::network_error;

const WANTED_RECEIVE_BUFFER: usize = 4 << 20;
const WANTED_SEND_BUFFER: usize = 1 << 20;

pub struct Sockets {
    /// `PER_FAMILY` IPv4 sockets, then `PER_FAMILY` IPv6 ones; each made on first use.
    /// Shared with the tasks that wait for their ICMP errors.
    slots: Vec<Option<Arc<UdpSocket>>>,
    /// Requests that may be unanswered at once: what the receive buffers can hold.
    pub window: usize,
}

impl Sockets {
    pub fn new() -> Self {
        Self {
            slots: (0..2 * PER_FAMILY).map(|_| None).collect(),
            window: 0,
        }
    }

    /// The socket ids for `addr`'s family, opening them on first use.
    pub fn ids_for(&mut self, addr: SocketAddr) -> Result<std::ops::Range<usize>> {
        let ids = family_ids(addr);
        for id in ids.clone() {
            if self.slots[id].is_none() {
                let (socket, receive_buffer) = open(addr.is_ipv4())?;
                self.window += window_of(receive_buffer);
                self.slots[id] = Some(Arc::new(socket));
            }
        }
        Ok(ids)
    }

    pub fn get(&self, id: usize) -> Option<&Arc<UdpSocket>> {
        self.slots.get(id).and_then(Option::as_ref)
    }

    pub fn open_ids(&self) -> impl Iterator<Item = usize> + '_ {
        self.slots
            .iter()
            .enumerate()
            .filter(|(_, s)| s.is_some())
            .map(|(i, _)| i)
    }
}

/// A non-blocking UDP socket on an ephemeral port, and the receive buffer it got.
fn open(v4: bool) -> Result<(UdpSocket, usize)> {
    fn fail(what: &'static str) -> impl Fn(std::io::Error) -> crate::error::Error {
        move |e| network_error(what, e)
    }
    let (domain, local): (Domain, SocketAddr) = if v4 {
        (Domain::IPV4, (Ipv4Addr::UNSPECIFIED, 0).into())
    } else {
        (Domain::IPV6, (Ipv6Addr::UNSPECIFIED, 0).into())
    };
    let socket = Socket::new(domain, Type::DGRAM, Some(Protocol::UDP)).map_err(fail("socket"))?;
    if !v4 {
        socket.set_only_v6(true).map_err(fail("IPV6_V6ONLY"))?;
    }
    // The system caps these (net.core.rmem_max); what we got is read back below.
    let _ = socket.set_recv_buffer_size(WANTED_RECEIVE_BUFFER);
    let _ = socket.set_send_buffer_size(WANTED_SEND_BUFFER);
    socket.set_nonblocking(true).map_err(fail("non-blocking"))?;
    // Without it a closed port is only a timeout; the run works either way.
    let _ = unreachable::listen(&socket, v4);
    socket.bind(&local.into()).map_err(fail("bind"))?;
    let receive_buffer = socket.recv_buffer_size().unwrap_or(212_992);
    let socket = UdpSocket::from_std(socket.into()).map_err(fail("register the socket"))?;
    Ok((socket, receive_buffer))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Linux caps a socket's buffer at `net.core.rmem_max`, which is at least its default
    /// (`rmem_default`) and is doubled when set: asking for more always gets more.
    #[cfg(target_os = "linux")]
    #[test]
    fn the_shared_sockets_get_larger_receive_buffers_than_a_plain_one() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let _entered = runtime.enter();
        let plain = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
        let default = socket2::SockRef::from(&plain).recv_buffer_size().unwrap();
        let mut sockets = Sockets::new();
        let ids = sockets.ids_for("127.0.0.1:7777".parse().unwrap()).unwrap();
        assert_eq!(ids.len(), PER_FAMILY);
        for id in ids {
            let got = socket2::SockRef::from(sockets.get(id).unwrap().as_ref())
                .recv_buffer_size()
                .unwrap();
            assert!(got > default, "socket {id}: {got} bytes, a plain socket {default}");
        }
        assert_eq!(
            sockets.open_ids().count(),
            PER_FAMILY,
            "IPv6 sockets open only when asked for"
        );
    }
}
