//! Runs any stream [`Exchange`] over a TCP connection, with a deadline on connecting.

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use super::udp::{aborted, network_error, now_ms};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::Exchange;

pub async fn connect(addr: SocketAddr, timeout_ms: u64, cancel: &CancellationToken) -> Result<TcpStream> {
    tokio::select! {
        _ = cancel.cancelled() => Err(aborted()),
        r = tokio::time::timeout(Duration::from_millis(timeout_ms), TcpStream::connect(addr)) => match r {
            Err(_) => Err(Error::new(ErrorCode::Timeout, format!("connecting to {addr} took longer than {timeout_ms} ms"))),
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
    ex: &mut E,
    start: Instant,
    cancel: &CancellationToken,
) -> Result<E::Output> {
    let mut buf = vec![0u8; 16 * 1024];
    let mut open = true;
    loop {
        while let Some(bytes) = ex.poll_transmit() {
            if open {
                stream.write_all(&bytes).await.map_err(|e| network_error("write", e))?;
            }
        }
        if let Some(result) = ex.poll_result() {
            return result;
        }
        let Some(deadline) = ex.poll_timeout() else {
            return Err(Error::new(ErrorCode::Network, "exchange stalled without a deadline"));
        };
        let sleep = tokio::time::sleep_until(start + Duration::from_millis(deadline));
        tokio::select! {
            _ = cancel.cancelled() => return Err(aborted()),
            read = stream.read(&mut buf), if open => match read {
                Ok(0) | Err(_) => {
                    open = false;
                    ex.handle_close(now_ms(start));
                }
                Ok(n) => ex.handle_input(now_ms(start), &buf[..n]),
            },
            _ = sleep => ex.handle_timeout(now_ms(start)),
        }
    }
}
