//! Runs a [`Call`] on tokio: the host half of the sans-IO call. It looks names up, opens
//! sockets, moves bytes and keeps the call's timer; the call decides everything else.

use std::future::Future;
use std::io::ErrorKind;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::pin::Pin;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream, UdpSocket};
use tokio_util::sync::CancellationToken;

use super::srv::Dns;
use super::trace::{trace, Clock, Direction, Tracer};
use crate::call::{Call, Input, Io, Outcome, Transport};
use crate::error::Result;

enum Conn {
    Udp(UdpSocket),
    /// `open`: still readable (the peer has not closed it).
    Tcp {
        stream: TcpStream,
        open: bool,
    },
}

/// What a pending lookup or connection ends with.
enum Done {
    Input(Input),
    Connected(u32, TcpStream),
}

type Pending = Pin<Box<dyn Future<Output = Done> + Send>>;

/// Drives `call` to its result, within its own deadlines; `cancel` aborts it.
pub async fn run(mut call: Call, cancel: &CancellationToken, tracer: Option<&Tracer>) -> Result<Outcome> {
    let clock = Clock::start();
    let mut conn: Option<(u32, SocketAddr, Conn)> = None;
    let mut pending: Option<(Option<u32>, Pending)> = None;
    // Datagrams are at most 64 KiB: one buffer bounds everything a peer can make us hold.
    let mut buf = vec![0u8; 65_536];
    loop {
        while let Some(io) = call.poll_io() {
            match io {
                Io::Srv { name, server } => {
                    let budget = remaining(&call, &clock);
                    pending = Some((None, Box::pin(srv(name, server, budget))));
                }
                Io::Resolve { host, family, server } => {
                    let budget = remaining(&call, &clock);
                    pending = Some((None, Box::pin(lookup(host, family, server, budget))));
                }
                Io::Open {
                    id,
                    transport,
                    host,
                    port,
                    local,
                } => {
                    let Ok(ip) = host.parse::<IpAddr>() else {
                        let message = format!("{host} is not an IP address");
                        call.handle(clock.now(), Input::Failed { id, message });
                        continue;
                    };
                    let addr = SocketAddr::new(ip, port);
                    match transport {
                        Transport::Udp => match open_udp(addr, local).await {
                            Ok(socket) => {
                                conn = Some((id, addr, Conn::Udp(socket)));
                                call.handle(clock.now(), Input::Opened { id });
                            }
                            Err(message) => call.handle(clock.now(), Input::Failed { id, message }),
                        },
                        Transport::Tcp => pending = Some((Some(id), Box::pin(connect(id, addr, local)))),
                    }
                }
                Io::Send { id, bytes } => {
                    let Some((open, addr, c)) = conn.as_mut().filter(|c| c.0 == id) else {
                        continue;
                    };
                    trace(tracer, &clock, Direction::Send, *addr, &bytes);
                    let sent = match c {
                        Conn::Udp(socket) => socket.send(&bytes).await.map(|_| ()),
                        Conn::Tcp { stream, .. } => stream.write_all(&bytes).await,
                    };
                    if let Err(e) = sent {
                        let id = *open;
                        let input = if refused(&e) {
                            Input::Refused { id }
                        } else {
                            Input::Failed {
                                id,
                                message: format!("send: {e}"),
                            }
                        };
                        call.handle(clock.now(), input);
                    }
                }
                Io::Close { id } => {
                    if conn.as_ref().is_some_and(|c| c.0 == id) {
                        conn = None;
                    }
                    if pending.as_ref().is_some_and(|p| p.0 == Some(id)) {
                        pending = None;
                    }
                }
            }
        }
        if let Some(result) = call.poll_result() {
            return result;
        }
        let deadline = call.poll_timeout().map(|t| clock.instant(t));
        tokio::select! {
            _ = cancel.cancelled() => {
                call.abort();
            }
            done = wait(&mut pending) => {
                pending = None;
                match done {
                    Done::Input(input) => call.handle(clock.now(), input),
                    Done::Connected(id, stream) => {
                        let addr = stream.peer_addr().unwrap_or_else(|_| SocketAddr::from(([0, 0, 0, 0], 0)));
                        conn = Some((id, addr, Conn::Tcp { stream, open: true }));
                        call.handle(clock.now(), Input::Opened { id });
                    }
                }
            }
            (id, read) = receive(&mut conn, &mut buf) => {
                let now = clock.now();
                let tcp = matches!(conn, Some((_, _, Conn::Tcp { .. })));
                match read {
                    Ok(0) if tcp => {
                        close_reading(&mut conn);
                        call.handle(now, Input::Closed { id });
                    }
                    Ok(n) => {
                        let addr = conn.as_ref().map_or_else(|| SocketAddr::from(([0, 0, 0, 0], 0)), |c| c.1);
                        trace(tracer, &clock, Direction::Receive, addr, &buf[..n]);
                        call.handle_received(now, id, &buf[..n]);
                    }
                    // An ICMP port unreachable, reported on the connected socket (as a
                    // reset on Windows).
                    Err(e) if !tcp && refused(&e) => call.handle(now, Input::Refused { id }),
                    Err(e) if !tcp => call.handle(now, Input::Failed { id, message: format!("receive: {e}") }),
                    Err(_) => {
                        close_reading(&mut conn);
                        call.handle(now, Input::Closed { id });
                    }
                }
            }
            _ = sleep(deadline) => call.handle_timeout(clock.now()),
        }
    }
}

async fn sleep(deadline: Option<tokio::time::Instant>) {
    match deadline {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

async fn wait(pending: &mut Option<(Option<u32>, Pending)>) -> Done {
    match pending {
        Some((_, f)) => f.await,
        None => std::future::pending().await,
    }
}

/// The next datagram or chunk on the open socket (never, when there is none).
async fn receive(conn: &mut Option<(u32, SocketAddr, Conn)>, buf: &mut [u8]) -> (u32, std::io::Result<usize>) {
    match conn {
        Some((id, _, Conn::Udp(socket))) => (*id, socket.recv(buf).await),
        Some((id, _, Conn::Tcp { stream, open: true })) => (*id, stream.read(buf).await),
        _ => std::future::pending().await,
    }
}

/// Nothing listens there: refused, or for UDP on Windows, reset by the ICMP reply.
fn refused(e: &std::io::Error) -> bool {
    matches!(e.kind(), ErrorKind::ConnectionRefused | ErrorKind::ConnectionReset)
}

fn close_reading(conn: &mut Option<(u32, SocketAddr, Conn)>) {
    if let Some((_, _, Conn::Tcp { open, .. })) = conn {
        *open = false;
    }
}

/// What is left of the call's budget, for the resolver's own timeout.
fn remaining(call: &Call, clock: &Clock) -> f64 {
    call.poll_timeout().map_or(1.0, |end| (end - clock.now()).max(1.0))
}

async fn srv(name: String, server: Option<SocketAddr>, budget: f64) -> Done {
    let records = match Dns::new(server, budget) {
        Ok(dns) => dns.srv(&name).await,
        Err(_) => vec![],
    };
    Done::Input(Input::Srv(records))
}

async fn lookup(host: String, family: u8, server: Option<SocketAddr>, budget: f64) -> Done {
    let found = match server {
        Some(_) => match Dns::new(server, budget) {
            Ok(dns) => dns.ips(&host, family).await,
            Err(e) => Err(e.message),
        },
        None => tokio::net::lookup_host((host.as_str(), 0))
            .await
            .map(|addrs| addrs.map(|a| a.ip()).collect())
            .map_err(|e| e.to_string()),
    };
    Done::Input(Input::Resolved(found))
}

/// A UDP socket connected to `addr`: the kernel drops datagrams from any other source,
/// and reports an ICMP "port unreachable" back to us.
async fn open_udp(addr: SocketAddr, local: Option<SocketAddr>) -> std::result::Result<UdpSocket, String> {
    let local = local.unwrap_or_else(|| any(addr));
    let socket = UdpSocket::bind(local).await.map_err(|e| format!("bind {local}: {e}"))?;
    socket.connect(addr).await.map_err(|e| format!("connect: {e}"))?;
    Ok(socket)
}

fn any(addr: SocketAddr) -> SocketAddr {
    match addr {
        SocketAddr::V4(_) => SocketAddr::new(IpAddr::V4(Ipv4Addr::UNSPECIFIED), 0),
        SocketAddr::V6(_) => SocketAddr::new(IpAddr::V6(Ipv6Addr::UNSPECIFIED), 0),
    }
}

async fn connect(id: u32, addr: SocketAddr, local: Option<SocketAddr>) -> Done {
    let socket = match addr {
        SocketAddr::V4(_) => TcpSocket::new_v4(),
        SocketAddr::V6(_) => TcpSocket::new_v6(),
    };
    let failed = |message: String| Done::Input(Input::Failed { id, message });
    let socket = match socket {
        Ok(s) => s,
        Err(e) => return failed(format!("socket: {e}")),
    };
    if let Some(local) = local {
        if let Err(e) = socket.bind(local) {
            return failed(format!("bind {local}: {e}"));
        }
    }
    match socket.connect(addr).await {
        Ok(stream) => {
            let _ = stream.set_nodelay(true);
            Done::Connected(id, stream)
        }
        Err(e) if e.kind() == ErrorKind::ConnectionRefused => Done::Input(Input::Refused { id }),
        Err(e) => failed(e.to_string()),
    }
}
