//! Minecraft RCON beside a status responder: a second TCP listener whose connections
//! run commands through the host's handler, in the order the client sent them.

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio_util::sync::CancellationToken;

use super::listen::{accept_each, lock, RconHandler, Shared, Slot};
use crate::source_rcon::responder::{output, Action};

const IDLE: Duration = Duration::from_millis(crate::source_rcon::responder::IDLE_MS);

pub(super) async fn accept(
    listener: TcpListener,
    server: Shared,
    handler: RconHandler,
    max_connections: usize,
    cancel: CancellationToken,
) {
    accept_each(listener, max_connections, cancel, move |stream, slot| {
        connection(stream, server.clone(), handler.clone(), slot)
    })
    .await;
}

async fn connection(mut stream: TcpStream, server: Shared, handler: RconHandler, slot: Slot) {
    let _ = stream.set_nodelay(true);
    let Some(mut conn) = lock(&server).rcon_connection() else {
        return;
    };
    let mut buf = vec![0u8; 4096];
    loop {
        let n = match tokio::time::timeout(IDLE, stream.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) | Err(_) => return,
            Ok(Ok(n)) => n,
        };
        for action in conn.handle_input(&buf[..n]) {
            let bytes = match action {
                Action::Write(bytes) => bytes,
                Action::Run { id, command } => {
                    let lines = handler(command).await.unwrap_or_else(|e| vec![e]);
                    output(id, &lines)
                }
                Action::Close => {
                    let _ = stream.shutdown().await;
                    return;
                }
            };
            if stream.write_all(&bytes).await.is_err() {
                return;
            }
        }
        // A logged-in console keeps its slot while strangers' connections wait to be closed.
        if conn.authenticated() {
            slot.answered();
        }
    }
}
