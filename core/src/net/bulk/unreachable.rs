//! "Port unreachable" on the shared sockets. A single query's connected socket hears it as
//! a refused receive; an unconnected socket hears nothing unless it asks for IP_RECVERR,
//! and then the kernel queues each ICMP error with the destination of the datagram that
//! caused it, read with `recvmsg(MSG_ERRQUEUE)`. Linux (and Android) only: elsewhere a
//! closed port in a bulk run ends as a timeout.

use std::net::SocketAddr;

use socket2::Socket;
use tokio::net::UdpSocket;

/// Asks the kernel to queue ICMP errors on `socket`.
#[cfg(any(target_os = "linux", target_os = "android"))]
pub fn listen(socket: &Socket, v4: bool) -> std::io::Result<()> {
    use nix::sys::socket::{setsockopt, sockopt};
    if v4 {
        setsockopt(socket, sockopt::Ipv4RecvErr, &true)?;
    } else {
        setsockopt(socket, sockopt::Ipv6RecvErr, &true)?;
    }
    Ok(())
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
pub fn listen(_socket: &Socket, _v4: bool) -> std::io::Result<()> {
    Ok(())
}

/// Whether the platform reports closed ports on the shared sockets at all.
pub const REPORTED: bool = cfg!(any(target_os = "linux", target_os = "android"));

/// The destinations that answered "port unreachable", out of `socket`'s error queue
/// (emptied, which also clears the socket's error readiness).
#[cfg(any(target_os = "linux", target_os = "android"))]
pub fn refused(socket: &UdpSocket) -> Vec<SocketAddr> {
    use std::io::IoSliceMut;
    use std::os::fd::AsRawFd;

    use nix::errno::Errno;
    use nix::libc;
    use nix::sys::socket::{recvmsg, ControlMessageOwned, MsgFlags, SockaddrStorage};
    use tokio::io::Interest;

    let mut out = Vec::new();
    // The original datagram comes back as the payload; only its destination matters.
    let mut payload = [0u8; 64];
    let mut control = nix::cmsg_space!(libc::sock_extended_err, libc::sockaddr_in6);
    // Bounded: a flood of errors must not hold the engine (the rest wait for the next turn).
    for _ in 0..256 {
        let read = socket.try_io(Interest::ERROR, || {
            let mut iov = [IoSliceMut::new(&mut payload)];
            let msg =
                recvmsg::<SockaddrStorage>(socket.as_raw_fd(), &mut iov, Some(&mut control), MsgFlags::MSG_ERRQUEUE)
                    .map_err(std::io::Error::from)?;
            let refused = msg.cmsgs().into_iter().flatten().any(|c| match c {
                ControlMessageOwned::Ipv4RecvErr(e, _) | ControlMessageOwned::Ipv6RecvErr(e, _) => {
                    e.ee_errno == Errno::ECONNREFUSED as u32
                }
                _ => false,
            });
            let to = msg.address.and_then(|a| {
                a.as_sockaddr_in()
                    .map(|a| SocketAddr::V4((*a).into()))
                    .or_else(|| a.as_sockaddr_in6().map(|a| SocketAddr::V6((*a).into())))
            });
            Ok(to.filter(|_| refused))
        });
        match read {
            Ok(Some(to)) => out.push(to),
            Ok(None) => {}
            Err(_) => break,
        }
    }
    out
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
pub fn refused(_socket: &UdpSocket) -> Vec<SocketAddr> {
    Vec::new()
}
