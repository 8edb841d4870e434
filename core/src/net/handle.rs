//! A running responder, whatever its protocol: its address, a way to replace its state,
//! and `close()`.

use std::net::SocketAddr;
use std::sync::Mutex;

use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use crate::error::Result;

type Updater = Box<dyn Fn(&str) -> Result<()> + Send + Sync>;
type Dropped = Box<dyn Fn() -> String + Send + Sync>;

pub struct ServeHandle {
    local: SocketAddr,
    rcon: Option<SocketAddr>,
    update: Updater,
    dropped: Dropped,
    cancel: CancellationToken,
    tasks: Mutex<Vec<JoinHandle<()>>>,
}

impl ServeHandle {
    pub(crate) fn new(
        local: SocketAddr,
        rcon: Option<SocketAddr>,
        update: Updater,
        dropped: Dropped,
        cancel: CancellationToken,
        tasks: Vec<JoinHandle<()>>,
    ) -> Self {
        Self {
            local,
            rcon,
            update,
            dropped,
            cancel,
            tasks: Mutex::new(tasks),
        }
    }

    /// Where RCON listens (Minecraft with `rcon`).
    pub fn rcon_addr(&self) -> Option<SocketAddr> {
        self.rcon
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.local
    }

    /// Replaces the served state (JSON text of the protocol's state shape).
    pub fn update(&self, state: &str) -> Result<()> {
        (self.update)(state)
    }

    /// The requests its rate limit has dropped (JSON: `{ requests, source }`).
    pub fn dropped(&self) -> String {
        (self.dropped)()
    }

    /// Stops answering and releases the socket.
    pub async fn close(&self) {
        self.cancel.cancel();
        let tasks = std::mem::take(&mut *self.tasks.lock().expect("task lock"));
        for task in tasks {
            let _ = task.await;
        }
    }
}
