//! `serve('samp')`: a responder on a UDP socket. The responder decides everything; this
//! loop only moves datagrams and runs the caller's RCON handler off the receive path.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};

use serde::Deserialize;
use serde_json::Value;
use tokio::net::UdpSocket;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use super::handle::{listen_address, ServeHandle};
use super::udp::{network_error, now_ms};
use crate::api::{from_json, from_options};
use crate::error::{Error, Result};
use crate::samp::responder::{Reply, Responder, ResponderOptions};
use crate::samp::ServerState;

/// Runs an RCON command: the console lines, or an error text sent back as one line.
pub type RconHandler =
    Arc<dyn Fn(String) -> Pin<Box<dyn Future<Output = std::result::Result<Vec<String>, String>> + Send>> + Send + Sync>;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ServeOptions {
    host: Option<String>,
    port: Option<u16>,
    /// Answer like SA:MP 0.3.7; by default, when the state's `version` rule says SA:MP.
    legacy: Option<bool>,
    rcon: Option<RconOptions>,
    rate_limit: Option<RateLimit>,
}

#[derive(Debug, Deserialize)]
struct RconOptions {
    password: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RateLimit {
    burst: u32,
    per_second: u32,
}

pub async fn serve_samp(state: &str, options: Value, handler: Option<RconHandler>) -> Result<ServeHandle> {
    let state: ServerState = from_json("SA:MP state", state)?;
    let options: ServeOptions = from_options("serve options", options)?;
    if options.rcon.is_some() && handler.is_none() {
        return Err(Error::invalid(
            "rcon needs a handler(command) that returns the console lines",
        ));
    }
    let says_sa_mp = state.rules.get("version").is_some_and(|v| v.starts_with("0."));
    let mut responder_options = ResponderOptions {
        legacy: options.legacy.unwrap_or(says_sa_mp),
        rcon_password: options.rcon.map(|r| r.password),
        ..Default::default()
    };
    if let Some(limit) = options.rate_limit {
        responder_options.burst = limit.burst;
        responder_options.per_second = limit.per_second;
    }
    let responder = Arc::new(Mutex::new(Responder::new(state, responder_options)?));
    let addr = listen_address(options.host.as_deref(), options.port, 7777)?;
    let socket = UdpSocket::bind(addr).await.map_err(|e| network_error("bind", e))?;
    let local = socket.local_addr().map_err(|e| network_error("local address", e))?;
    let cancel = CancellationToken::new();
    let task = tokio::spawn(run(Arc::new(socket), responder.clone(), handler, cancel.clone()));
    let update = Box::new(move |state: &str| {
        let state: ServerState = from_json("SA:MP state", state)?;
        responder.lock().expect("responder lock").update(state)
    });
    Ok(ServeHandle::new(local, update, cancel, task))
}

async fn run(
    socket: Arc<UdpSocket>,
    responder: Arc<Mutex<Responder>>,
    handler: Option<RconHandler>,
    cancel: CancellationToken,
) {
    let start = Instant::now();
    let mut buf = vec![0u8; 16_384]; // the largest valid request (RCON) is 8 KiB
    loop {
        let (n, from) = tokio::select! {
            _ = cancel.cancelled() => return,
            r = socket.recv_from(&mut buf) => match r {
                Ok(x) => x,
                // ICMP errors from earlier sends surface here; keep serving.
                Err(_) => continue,
            },
        };
        let reply = responder
            .lock()
            .expect("responder lock")
            .handle(now_ms(start), from.ip(), &buf[..n]);
        match reply {
            Reply::Ignore => {}
            Reply::Send(bytes) => {
                let _ = socket.send_to(&bytes, from).await;
            }
            Reply::Rcon { header, command } => {
                let Some(handler) = handler.clone() else {
                    continue;
                };
                let (socket, responder, cancel) = (socket.clone(), responder.clone(), cancel.clone());
                tokio::spawn(async move {
                    let lines = tokio::select! {
                        _ = cancel.cancelled() => return,
                        lines = handler(command) => lines.unwrap_or_else(|e| vec![e]),
                    };
                    let datagrams = responder.lock().expect("responder lock").rcon_lines(&header, &lines);
                    for d in datagrams {
                        let _ = socket.send_to(&d, from).await;
                    }
                });
            }
        }
    }
}
