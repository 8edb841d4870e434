//! `serve('minecraft-java')`: a TCP listener; each connection runs the sans-IO
//! [`Connection`] under a deadline, so a slow or silent client can't hold it.

use std::sync::{Arc, RwLock};
use std::time::Duration;

use serde::Deserialize;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;

use super::handle::{listen_address, ServeHandle};
use super::udp::network_error;
use crate::api::{from_json, from_options};
use crate::error::Result;
use crate::minecraft::java::responder::Connection;
use crate::minecraft::java::JavaStatus;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Options {
    host: Option<String>,
    port: Option<u16>,
    /// Per-connection deadline (default 5000 ms).
    connection_timeout: Option<u64>,
    /// Connections served at once (default 256); more wait for a slot.
    max_connections: Option<usize>,
}

pub async fn serve(state: &str, options: Value) -> Result<ServeHandle> {
    let status: JavaStatus = from_json("Minecraft state", state)?;
    let options: Options = from_options("serve options", options)?;
    let addr = listen_address(options.host.as_deref(), options.port, 25565)?;
    let listener = TcpListener::bind(addr).await.map_err(|e| network_error("bind", e))?;
    let local = listener.local_addr().map_err(|e| network_error("local address", e))?;
    let state = Arc::new(RwLock::new(Arc::new(status)));
    let cancel = CancellationToken::new();
    let deadline = Duration::from_millis(options.connection_timeout.unwrap_or(5000));
    let slots = Arc::new(Semaphore::new(options.max_connections.unwrap_or(256).clamp(1, 65_536)));
    let task = tokio::spawn(accept(listener, state.clone(), deadline, slots, cancel.clone()));
    let update = Box::new(move |json: &str| {
        let next: JavaStatus = from_json("Minecraft state", json)?;
        *state.write().expect("state lock") = Arc::new(next);
        Ok(())
    });
    Ok(ServeHandle::new(local, update, cancel, task))
}

async fn accept(
    listener: TcpListener,
    state: Arc<RwLock<Arc<JavaStatus>>>,
    deadline: Duration,
    slots: Arc<Semaphore>,
    cancel: CancellationToken,
) {
    loop {
        let permit = tokio::select! {
            _ = cancel.cancelled() => return,
            p = slots.clone().acquire_owned() => match p { Ok(p) => p, Err(_) => return },
        };
        let stream = tokio::select! {
            _ = cancel.cancelled() => return,
            r = listener.accept() => match r { Ok((s, _)) => s, Err(_) => continue },
        };
        let (state, cancel) = (state.clone(), cancel.clone());
        tokio::spawn(async move {
            tokio::select! {
                _ = cancel.cancelled() => {}
                _ = tokio::time::timeout(deadline, connection(stream, state)) => {}
            }
            drop(permit);
        });
    }
}

async fn connection(mut stream: TcpStream, state: Arc<RwLock<Arc<JavaStatus>>>) {
    let _ = stream.set_nodelay(true);
    let mut conn = Connection::default();
    let mut buf = vec![0u8; 4096];
    loop {
        let n = match stream.read(&mut buf).await {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        let current = state.read().expect("state lock").clone();
        let out = conn.handle_input(&buf[..n], &current);
        if !out.write.is_empty() && stream.write_all(&out.write).await.is_err() {
            return;
        }
        if out.close {
            let _ = stream.shutdown().await;
            return;
        }
    }
}
