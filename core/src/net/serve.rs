//! `serve()` on tokio: binds, moves datagrams and connections, runs RCON handlers off the
//! receive path and enforces connection limits. What to answer is the sans-IO
//! [`Server`]'s decision.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::{TcpListener, UdpSocket};
use tokio::time::Instant;
use tokio_rustls::TlsAcceptor;
use tokio_util::sync::CancellationToken;

use super::handle::ServeHandle;
use super::listen::{accept_each, bind_failed, lock, RconHandler, Shared, Slot};
use super::serve_rcon as rcon;
use super::util::{network_error, now_ms};
use crate::call::Transport;
use crate::error::Result;
use crate::serve::{Listen, Reply, Server};

pub async fn serve(protocol: &str, state: &str, options: Value, handler: Option<RconHandler>) -> Result<ServeHandle> {
    let (server, listen) = Server::new(
        protocol,
        state,
        options,
        handler.is_some(),
        super::seed(),
        super::tls::secret(),
    )?;
    // Built once, before binding: a bad identity fails serve() instead of each handshake.
    let acceptor = server.identity().map(super::tls::acceptor).transpose()?;
    let server: Shared = Arc::new(Mutex::new(server));
    let cancel = CancellationToken::new();
    let mut stream_task = None;
    let (local, task) = match listen.transport {
        Transport::Udp => {
            let (socket, streams) = bind_udp(&listen).await?;
            let local = socket.local_addr().map_err(|e| network_error("local address", e))?;
            lock(&server).bound(local);
            let task = tokio::spawn(datagrams(
                Arc::new(socket),
                server.clone(),
                handler.clone(),
                cancel.clone(),
            ));
            if let Some(listener) = streams {
                stream_task = Some(tokio::spawn(accept(
                    listener,
                    server.clone(),
                    listen,
                    acceptor.clone(),
                    cancel.clone(),
                )));
            }
            (local, task)
        }
        Transport::Tcp => {
            let listener = TcpListener::bind(listen.addr)
                .await
                .map_err(|e| bind_failed(listen.addr, Transport::Tcp, e))?;
            let local = listener.local_addr().map_err(|e| network_error("local address", e))?;
            let task = tokio::spawn(accept(
                listener,
                server.clone(),
                listen,
                acceptor.clone(),
                cancel.clone(),
            ));
            (local, task)
        }
    };
    let mut handle_rcon = None;
    let mut tasks = vec![task];
    tasks.extend(stream_task);
    if let (Some(addr), Some(handler)) = (listen.rcon, handler) {
        let bound = TcpListener::bind(addr)
            .await
            .map_err(|e| bind_failed(addr, Transport::Tcp, e));
        let listener = match bound {
            Ok(l) => l,
            Err(e) => {
                cancel.cancel();
                return Err(e);
            }
        };
        handle_rcon = listener.local_addr().ok();
        let rcon = rcon::accept(
            listener,
            server.clone(),
            handler,
            listen.max_connections,
            cancel.clone(),
        );
        tasks.push(tokio::spawn(rcon));
    }
    let counted = server.clone();
    let dropped = Box::new(move || lock(&counted).dropped());
    let update = Box::new(move |state: &str| lock(&server).update(state));
    Ok(ServeHandle::new(local, handle_rcon, update, dropped, cancel, tasks))
}

/// The datagram socket, and with `listen.stream` a TCP listener on the same port number
/// (FXServer's HTTP). With port 0 the port UDP got may be taken for TCP (by a connection's
/// local end): another is tried.
async fn bind_udp(listen: &Listen) -> Result<(UdpSocket, Option<TcpListener>)> {
    let mut tries = 0;
    loop {
        let socket = UdpSocket::bind(listen.addr)
            .await
            .map_err(|e| bind_failed(listen.addr, Transport::Udp, e))?;
        if !listen.stream {
            return Ok((socket, None));
        }
        let local = socket.local_addr().map_err(|e| network_error("local address", e))?;
        match TcpListener::bind(local).await {
            Ok(listener) => return Ok((socket, Some(listener))),
            Err(e) if listen.addr.port() == 0 && tries < 16 && e.kind() == std::io::ErrorKind::AddrInUse => tries += 1,
            Err(e) => return Err(bind_failed(local, Transport::Tcp, e)),
        }
    }
}

async fn datagrams(socket: Arc<UdpSocket>, server: Shared, handler: Option<RconHandler>, cancel: CancellationToken) {
    let start = Instant::now();
    let mut buf = vec![0u8; 16_384]; // the largest valid request (SA:MP RCON) is 8 KiB
    loop {
        let (n, from) = tokio::select! {
            _ = cancel.cancelled() => return,
            r = socket.recv_from(&mut buf) => match r {
                Ok(x) => x,
                // ICMP errors from earlier sends surface here; keep serving.
                Err(_) => continue,
            },
        };
        let reply = lock(&server).handle_datagram(now_ms(start), from, &buf[..n]);
        match reply {
            Reply::Send(datagrams) => {
                for d in datagrams {
                    let _ = socket.send_to(&d, from).await;
                }
            }
            Reply::Rcon { reply_to, command } => {
                let Some(handler) = handler.clone() else { continue };
                let (socket, server, cancel) = (socket.clone(), server.clone(), cancel.clone());
                tokio::spawn(async move {
                    let lines = tokio::select! {
                        _ = cancel.cancelled() => return,
                        lines = handler(command) => lines.unwrap_or_else(|e| vec![e]),
                    };
                    let datagrams = lock(&server).rcon_lines(&reply_to, &lines);
                    for d in datagrams {
                        let _ = socket.send_to(&d, from).await;
                    }
                });
            }
        }
    }
}

/// Each connection within the listener's deadline, its TLS handshake first when the
/// responder speaks TLS (`acceptor`).
async fn accept(
    listener: TcpListener,
    server: Shared,
    listen: Listen,
    acceptor: Option<TlsAcceptor>,
    cancel: CancellationToken,
) {
    let deadline = Duration::from_millis(listen.connection_timeout);
    accept_each(listener, listen.max_connections, cancel, move |stream, slot| {
        let server = server.clone();
        let acceptor = acceptor.clone();
        async move {
            let _ = stream.set_nodelay(true);
            let _ = tokio::time::timeout(deadline, async move {
                match acceptor {
                    Some(acceptor) => {
                        if let Ok(stream) = acceptor.accept(stream).await {
                            connection(stream, server, slot).await
                        }
                    }
                    None => connection(stream, server, slot).await,
                }
            })
            .await;
        }
    })
    .await;
}

async fn connection(mut stream: impl AsyncRead + AsyncWrite + Unpin, server: Shared, slot: Slot) {
    let Some(mut conn) = lock(&server).open_stream() else {
        return;
    };
    let greeting = lock(&server).greet(&mut conn);
    if !greeting.is_empty() && stream.write_all(&greeting).await.is_err() {
        return;
    }
    let mut buf = vec![0u8; 4096];
    loop {
        let n = match stream.read(&mut buf).await {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        let out = lock(&server).handle_stream(&mut conn, &buf[..n]);
        if !out.write.is_empty() {
            if stream.write_all(&out.write).await.is_err() {
                return;
            }
            slot.answered();
        }
        if out.close {
            let _ = stream.shutdown().await;
            return;
        }
    }
}
