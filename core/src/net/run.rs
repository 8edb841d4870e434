//! Runs a [`Call`] on tokio: the host half of the sans-IO call. It looks names up, opens
//! sockets, moves bytes and keeps the call's timer; the call decides everything else.

use std::collections::HashMap;
use std::io::ErrorKind;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt, WriteHalf};
use tokio::net::tcp::OwnedWriteHalf;
use tokio::net::{TcpSocket, TcpStream, UdpSocket};
use tokio::sync::mpsc;
use tokio::task::{AbortHandle, JoinSet};
use tokio_rustls::client::TlsStream;
use tokio_util::sync::CancellationToken;

use super::srv::Dns;
use super::trace::{trace, Clock, Direction, Tracer};
use crate::call::{Call, Input, Io, Outcome, Transport};
use crate::error::Result;
use crate::tls::Tls;

/// An open socket's sending side; a task of its own reads it.
enum Writer {
    Udp(Arc<UdpSocket>),
    Tcp(OwnedWriteHalf),
    Tls(WriteHalf<TlsStream<TcpStream>>),
}

struct Link {
    addr: SocketAddr,
    writer: Writer,
    reader: AbortHandle,
}

impl Link {
    /// Stops its reader, which holds the socket's last reference: closing it sends the
    /// FIN. Not the write half's drop, a `shutdown` syscall per connection for nothing.
    fn close(self) {
        self.reader.abort();
        if let Writer::Tcp(half) = self.writer {
            half.forget();
        }
    }
}

/// What a pending lookup or connection ends with.
enum Done {
    Input(Input),
    /// The connection, and the address it went to (known: no `getpeername` per query).
    Connected(u32, Stream, SocketAddr),
}

/// A connection, its TLS handshake done when the call asked for TLS.
enum Stream {
    Plain(TcpStream),
    Tls(Box<TlsStream<TcpStream>>),
}

/// What a socket's reader saw.
enum Read {
    Data(u32, Vec<u8>),
    /// TCP: end of stream, or a reset while reading.
    Closed(u32),
    /// UDP: an ICMP port unreachable (a reset on Windows).
    Refused(u32),
    Failed(u32, String),
}

/// Drives `call` to its result, within its own deadlines; `cancel` aborts it. A call may
/// hold several sockets at once (`query('minecraft')` races two editions): each gets a
/// reader task, and everything comes back through one channel to this loop.
pub async fn run(mut call: Call, cancel: &CancellationToken, tracer: Option<&Tracer>) -> Result<Outcome> {
    let clock = Clock::start();
    let mut links: HashMap<u32, Link> = HashMap::new();
    let mut pending: JoinSet<Done> = JoinSet::new();
    let mut connecting: HashMap<u32, AbortHandle> = HashMap::new();
    // Bounded: a flooding peer waits on its reader instead of growing this queue.
    let (reads_tx, mut reads) = mpsc::channel::<Read>(64);
    let result = loop {
        while let Some(io) = call.poll_io() {
            match io {
                Io::Srv { name, server } => {
                    let budget = remaining(&call, &clock);
                    pending.spawn(srv(name, server, budget));
                }
                Io::Resolve { host, family, server } => {
                    let budget = remaining(&call, &clock);
                    pending.spawn(lookup(host, family, server, budget));
                }
                Io::Open {
                    id,
                    transport,
                    host,
                    port,
                    local,
                    tls,
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
                                let socket = Arc::new(socket);
                                let reader =
                                    tokio::spawn(read_udp(id, socket.clone(), reads_tx.clone())).abort_handle();
                                links.insert(
                                    id,
                                    Link {
                                        addr,
                                        writer: Writer::Udp(socket),
                                        reader,
                                    },
                                );
                                call.handle(clock.now(), Input::Opened { id });
                            }
                            Err(message) => call.handle(clock.now(), Input::Failed { id, message }),
                        },
                        Transport::Tcp => {
                            connecting.insert(id, pending.spawn(connect(id, addr, local, tls)));
                        }
                    }
                }
                Io::Send { id, bytes } => {
                    let Some(link) = links.get_mut(&id) else { continue };
                    trace(tracer, &clock, Direction::Send, link.addr, &bytes);
                    let sent = match &mut link.writer {
                        Writer::Udp(socket) => socket.send(&bytes).await.map(|_| ()),
                        Writer::Tcp(stream) => stream.write_all(&bytes).await,
                        Writer::Tls(stream) => stream.write_all(&bytes).await,
                    };
                    if let Err(e) = sent {
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
                    if let Some(link) = links.remove(&id) {
                        link.close();
                    }
                    if let Some(connect) = connecting.remove(&id) {
                        connect.abort();
                    }
                }
            }
        }
        if let Some(result) = call.poll_result() {
            break result;
        }
        let deadline = call.poll_timeout().map(|t| clock.instant(t));
        tokio::select! {
            _ = cancel.cancelled() => {
                call.abort();
            }
            Some(done) = pending.join_next(), if !pending.is_empty() => {
                match done {
                    Ok(Done::Input(input)) => {
                        if let Input::Opened { id } | Input::Refused { id } | Input::Failed { id, .. } | Input::TlsFailed { id, .. } = &input {
                            connecting.remove(id);
                        }
                        call.handle(clock.now(), input)
                    }
                    Ok(Done::Connected(id, stream, addr)) => {
                        connecting.remove(&id);
                        let (writer, reader) = match stream {
                            Stream::Plain(stream) => {
                                let (read_half, write_half) = stream.into_split();
                                (Writer::Tcp(write_half), tokio::spawn(read_tcp(id, read_half, reads_tx.clone())))
                            }
                            Stream::Tls(stream) => {
                                let (read_half, write_half) = tokio::io::split(*stream);
                                (Writer::Tls(write_half), tokio::spawn(read_tcp(id, read_half, reads_tx.clone())))
                            }
                        };
                        links.insert(id, Link { addr, writer, reader: reader.abort_handle() });
                        call.handle(clock.now(), Input::Opened { id });
                    }
                    // Aborted: given up on by the call already.
                    Err(_) => {}
                }
            }
            Some(read) = reads.recv() => {
                let now = clock.now();
                match read {
                    Read::Data(id, bytes) => {
                        if let Some(link) = links.get(&id) {
                            trace(tracer, &clock, Direction::Receive, link.addr, &bytes);
                            call.handle_received(now, id, &bytes);
                        }
                    }
                    Read::Closed(id) if links.contains_key(&id) => call.handle(now, Input::Closed { id }),
                    Read::Refused(id) if links.contains_key(&id) => call.handle(now, Input::Refused { id }),
                    Read::Failed(id, message) if links.contains_key(&id) => call.handle(now, Input::Failed { id, message }),
                    _ => {}
                }
            }
            _ = sleep(deadline) => call.handle_timeout(clock.now()),
        }
    };
    for link in links.into_values() {
        link.close();
    }
    pending.abort_all();
    result
}

/// Datagrams are at most 64 KiB: one buffer per socket bounds what a peer can make us hold.
/// It is never zeroed: only the pages a datagram fills are touched (see `read_tcp`).
async fn read_udp(id: u32, socket: Arc<UdpSocket>, out: mpsc::Sender<Read>) {
    let mut buf = Vec::with_capacity(65_536);
    loop {
        buf.clear();
        let read = match socket.recv_buf(&mut buf).await {
            Ok(_) => Read::Data(id, buf.clone()),
            Err(e) if refused(&e) => Read::Refused(id),
            Err(e) => Read::Failed(id, format!("receive: {e}")),
        };
        let stop = !matches!(read, Read::Data(..));
        if out.send(read).await.is_err() || stop {
            return;
        }
    }
}

/// Reads up to 16 KiB at a time (a status is a few KiB; more takes more reads) into a
/// buffer never zeroed: a zeroed 64 KiB one per connection cost a bulk Minecraft query
/// a memset and, as the allocator returns freed pages at once, page faults.
async fn read_tcp(id: u32, mut stream: impl AsyncRead + Unpin, out: mpsc::Sender<Read>) {
    let mut buf = Vec::with_capacity(16_384);
    loop {
        buf.clear();
        let read = match stream.read_buf(&mut buf).await {
            Ok(0) | Err(_) => Read::Closed(id),
            Ok(_) => Read::Data(id, buf.clone()),
        };
        let stop = matches!(read, Read::Closed(_));
        if out.send(read).await.is_err() || stop {
            return;
        }
    }
}

async fn sleep(deadline: Option<tokio::time::Instant>) {
    match deadline {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// Nothing listens there: refused, or for UDP on Windows, reset by the ICMP reply.
fn refused(e: &std::io::Error) -> bool {
    matches!(e.kind(), ErrorKind::ConnectionRefused | ErrorKind::ConnectionReset)
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

async fn connect(id: u32, addr: SocketAddr, local: Option<SocketAddr>, tls: Option<Tls>) -> Done {
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
            let Some(tls) = tls else {
                return Done::Connected(id, Stream::Plain(stream), addr);
            };
            match super::tls::handshake(stream, &tls).await {
                Ok(stream) => Done::Connected(id, Stream::Tls(Box::new(stream)), addr),
                Err((why, message)) => Done::Input(Input::TlsFailed { id, why, message }),
            }
        }
        Err(e) if e.kind() == ErrorKind::ConnectionRefused => Done::Input(Input::Refused { id }),
        Err(e) => failed(e.to_string()),
    }
}
