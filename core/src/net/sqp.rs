//! `serve('sqp')` on a UDP socket.

use std::sync::{Arc, Mutex};

use serde::Deserialize;
use serde_json::Value;
use tokio::net::UdpSocket;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use super::handle::{listen_address, ServeHandle};
use super::udp::{network_error, now_ms};
use crate::api::{from_json, from_options};
use crate::error::Result;
use crate::sqp::responder::{Responder, ResponderOptions};
use crate::sqp::Chunks;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ServeOptions {
    host: Option<String>,
    port: Option<u16>,
    /// How long an issued challenge stays valid (default 5000 ms).
    challenge_ttl: Option<u64>,
    /// Bound on outstanding challenges (default 4096).
    max_challenges: Option<usize>,
    /// Split replies above this many bytes into several packets.
    max_packet_size: Option<usize>,
}

pub async fn serve(state: &str, options: Value) -> Result<ServeHandle> {
    let state: Chunks = from_json("SQP state", state)?;
    let options: ServeOptions = from_options("serve options", options)?;
    let defaults = ResponderOptions::default();
    let responder_options = ResponderOptions {
        challenge_ttl_ms: options.challenge_ttl.unwrap_or(defaults.challenge_ttl_ms),
        max_challenges: options.max_challenges.unwrap_or(defaults.max_challenges).max(1),
        max_packet_size: options.max_packet_size,
    };
    let addr = listen_address(options.host.as_deref(), options.port, 0)?;
    let socket = UdpSocket::bind(addr).await.map_err(|e| network_error("bind", e))?;
    let local = socket.local_addr().map_err(|e| network_error("local address", e))?;
    let responder = Arc::new(Mutex::new(Responder::new(state, responder_options, super::seed())));
    let cancel = CancellationToken::new();
    let task = tokio::spawn(run(socket, responder.clone(), cancel.clone()));
    let update = Box::new(move |json: &str| {
        let state: Chunks = from_json("SQP state", json)?;
        responder.lock().expect("responder lock").update(state);
        Ok(())
    });
    Ok(ServeHandle::new(local, update, cancel, task))
}

async fn run(socket: UdpSocket, responder: Arc<Mutex<Responder>>, cancel: CancellationToken) {
    let start = Instant::now();
    let mut buf = vec![0u8; 2048];
    loop {
        let (n, from) = tokio::select! {
            _ = cancel.cancelled() => return,
            r = socket.recv_from(&mut buf) => match r { Ok(x) => x, Err(_) => continue },
        };
        let replies = responder
            .lock()
            .expect("responder lock")
            .handle(now_ms(start), from, &buf[..n])
            .unwrap_or_default();
        for reply in replies {
            let _ = socket.send_to(&reply, from).await;
        }
    }
}
