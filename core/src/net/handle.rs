//! A running responder, whatever its protocol: its address, a way to replace its state,
//! and `close()`.

use std::net::SocketAddr;
use std::sync::Mutex;

use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use crate::error::{Error, Result};

type Updater = Box<dyn Fn(&str) -> Result<()> + Send + Sync>;

pub struct ServeHandle {
    local: SocketAddr,
    update: Updater,
    cancel: CancellationToken,
    task: Mutex<Option<JoinHandle<()>>>,
}

impl ServeHandle {
    pub(crate) fn new(local: SocketAddr, update: Updater, cancel: CancellationToken, task: JoinHandle<()>) -> Self {
        Self {
            local,
            update,
            cancel,
            task: Mutex::new(Some(task)),
        }
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.local
    }

    /// Replaces the served state (JSON text of the protocol's state shape).
    pub fn update(&self, state: &str) -> Result<()> {
        (self.update)(state)
    }

    /// Stops answering and releases the socket.
    pub async fn close(&self) {
        self.cancel.cancel();
        let task = self.task.lock().expect("task lock").take();
        if let Some(task) = task {
            let _ = task.await;
        }
    }
}

/// Where a responder listens: `host` must be an IP address (`'0.0.0.0'` by default,
/// `'::1'` or `'[::1]'` for IPv6).
pub fn listen_address(host: Option<&str>, port: Option<u16>, default_port: u16) -> Result<SocketAddr> {
    let host = host.unwrap_or("0.0.0.0");
    let ip = host
        .trim_start_matches('[')
        .trim_end_matches(']')
        .parse()
        .map_err(|_| Error::invalid(format!("host must be an IP address, got {host:?}")))?;
    Ok(SocketAddr::new(ip, port.unwrap_or(default_port)))
}
