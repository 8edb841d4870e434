//! Runs any stream [`Exchange`] over a TCP connection, with a deadline on connecting.

use std::io::ErrorKind;
use std::net::SocketAddr;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_util::sync::CancellationToken;

use super::options::Common;
use super::trace::{trace, Clock, Direction, Tracer};
use super::udp::{aborted, local_for, network_error, port_closed};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{Exchange, Millis};

/// A connection to `addr`, given up at `end` on the call's clock.
pub async fn connect(
    addr: SocketAddr,
    common: &Common,
    clock: &Clock,
    end: Millis,
    cancel: &CancellationToken,
) -> Result<TcpStream> {
    let local = local_for(addr, common)?;
    let socket = if addr.is_ipv4() {
        TcpSocket::new_v4()
    } else {
        TcpSocket::new_v6()
    }
    .map_err(|e| network_error("socket", e))?;
    if common.local_address.is_some() || common.local_port != 0 {
        socket
            .bind(local)
            .map_err(|e| network_error(&format!("bind {local}"), e))?;
    }
    tokio::select! {
        _ = cancel.cancelled() => Err(aborted()),
        r = tokio::time::timeout_at(clock.instant(end), socket.connect(addr)) => match r {
            Err(_) => Err(Error::timeout(format!("the connection to {addr}"), 1)),
            Ok(Err(e)) if e.kind() == ErrorKind::ConnectionRefused => Err(port_closed(addr, "tcp")),
            Ok(Err(e)) => Err(network_error(&format!("connect to {addr}"), e)),
            Ok(Ok(stream)) => {
                let _ = stream.set_nodelay(true);
                Ok(stream)
            }
        },
    }
}

pub async fn drive<E: Exchange>(
    stream: &mut TcpStream,
    addr: SocketAddr,
    ex: &mut E,
    clock: &Clock,
    cancel: &CancellationToken,
    tracer: Option<&Tracer>,
) -> Result<E::Output> {
    // What one read may hold; frames longer than this arrive over several reads.
    let mut buf = vec![0u8; 16 * 1024];
    let mut open = true;
    loop {
        while let Some(bytes) = ex.poll_transmit() {
            if open {
                trace(tracer, clock, Direction::Send, addr, &bytes);
                stream.write_all(&bytes).await.map_err(|e| network_error("write", e))?;
            }
        }
        if let Some(result) = ex.poll_result() {
            return result;
        }
        let Some(deadline) = ex.poll_timeout() else {
            return Err(Error::new(ErrorCode::Network, "exchange stalled without a deadline"));
        };
        let sleep = tokio::time::sleep_until(clock.instant(deadline));
        tokio::select! {
            _ = cancel.cancelled() => return Err(aborted()),
            read = stream.read(&mut buf), if open => match read {
                Ok(0) | Err(_) => {
                    open = false;
                    ex.handle_close(clock.now());
                }
                Ok(n) => {
                    trace(tracer, clock, Direction::Receive, addr, &buf[..n]);
                    ex.handle_input(clock.now(), &buf[..n]);
                }
            },
            _ = sleep => ex.handle_timeout(clock.now()),
        }
    }
}
