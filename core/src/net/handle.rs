//! A running responder, whatever its protocol: its address, a way to replace its state,
//! and `close()`.

use std::net::SocketAddr;
use std::sync::Mutex;

use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use crate::error::Result;

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
