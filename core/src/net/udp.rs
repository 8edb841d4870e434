//! Runs any datagram [`Exchange`] over a connected UDP socket.

use std::io::ErrorKind;
use std::time::Duration;

use tokio::net::UdpSocket;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use crate::error::{Error, ErrorCode, Result};
use crate::exchange::Exchange;

pub fn network_error(what: &str, e: std::io::Error) -> Error {
    Error::new(ErrorCode::Network, format!("{what}: {e}"))
}

pub fn aborted() -> Error {
    Error::new(ErrorCode::Aborted, "the operation was aborted")
}

/// Milliseconds since `start`: the exchange's clock.
pub fn now_ms(start: Instant) -> u64 {
    u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX)
}

pub async fn drive<E: Exchange>(
    socket: &UdpSocket,
    ex: &mut E,
    start: Instant,
    cancel: &CancellationToken,
) -> Result<E::Output> {
    // Datagrams are at most 64 KiB: one buffer bounds everything a peer can make us hold.
    let mut buf = vec![0u8; 65_536];
    let mut refused = false;
    loop {
        while let Some(packet) = ex.poll_transmit() {
            if let Err(e) = socket.send(&packet).await {
                if e.kind() != ErrorKind::ConnectionRefused {
                    return Err(network_error("send", e));
                }
                refused = true;
            }
        }
        if let Some(result) = ex.poll_result() {
            return result.map_err(|mut e| {
                if refused && e.code == ErrorCode::Timeout {
                    e.message.push_str(" (the host reported the port closed)");
                }
                e
            });
        }
        let Some(deadline) = ex.poll_timeout() else {
            return Err(Error::new(ErrorCode::Network, "exchange stalled without a deadline"));
        };
        let sleep = tokio::time::sleep_until(start + Duration::from_millis(deadline));
        tokio::select! {
            _ = cancel.cancelled() => return Err(aborted()),
            received = socket.recv(&mut buf) => match received {
                Ok(n) => ex.handle_input(now_ms(start), &buf[..n]),
                // ICMP port unreachable surfaces on a connected socket; the deadline still rules.
                Err(e) if e.kind() == ErrorKind::ConnectionRefused => refused = true,
                Err(e) => return Err(network_error("receive", e)),
            },
            _ = sleep => ex.handle_timeout(now_ms(start)),
        }
    }
}
