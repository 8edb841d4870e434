//! What the responders' UDP and TCP listeners share (the status responder in
//! `serve.rs`, Minecraft RCON beside it in `serve_rcon.rs`): the served state behind a
//! lock, the RCON handler, bounded accepting, and the error for a listener not had.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};

use tokio::net::{TcpListener, TcpStream};
use tokio_util::sync::CancellationToken;

use crate::call::Transport;
use crate::serve::Server;
use crate::slots::Slots;

/// Runs an RCON command: the console lines, or an error text sent back as one line.
pub type RconHandler =
    Arc<dyn Fn(String) -> Pin<Box<dyn Future<Output = std::result::Result<Vec<String>, String>> + Send>> + Send + Sync>;

pub(super) type Shared = Arc<Mutex<Server>>;

pub(super) fn lock(server: &Shared) -> std::sync::MutexGuard<'_, Server> {
    server.lock().unwrap_or_else(|e| e.into_inner())
}

/// [`crate::serve::bind_error`] for an OS error.
pub(super) fn bind_failed(addr: std::net::SocketAddr, transport: Transport, e: std::io::Error) -> crate::error::Error {
    let code = match e.kind() {
        std::io::ErrorKind::AddrInUse => "EADDRINUSE",
        std::io::ErrorKind::AddrNotAvailable => "EADDRNOTAVAIL",
        std::io::ErrorKind::PermissionDenied => "EACCES",
        _ => "",
    };
    crate::serve::bind_error(&addr.ip().to_string(), addr.port(), transport, code, &e.to_string())
}

/// A connection's place in its listener's [`Slots`]: told when the connection has been
/// answered; freed when dropped.
pub(super) struct Slot {
    id: u64,
    slots: Arc<Mutex<Table>>,
}

impl Slot {
    /// The connection has been sent an answer: it is evicted only after every unanswered one.
    pub(super) fn answered(&self) {
        lock_table(&self.slots).slots.answered(self.id);
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut table = lock_table(&self.slots);
        table.slots.closed(self.id);
        table.close.remove(&self.id);
    }
}

struct Table {
    slots: Slots,
    /// How to close each open connection early.
    close: HashMap<u64, CancellationToken>,
}

fn lock_table(table: &Mutex<Table>) -> std::sync::MutexGuard<'_, Table> {
    table.lock().unwrap_or_else(|e| e.into_inner())
}

/// Accepts connections until cancelled, each served by `serve`; past `max` open at once
/// the one waiting longest without an answer is closed ([`Slots`]).
pub(super) async fn accept_each<F, Fut>(listener: TcpListener, max: usize, cancel: CancellationToken, serve: F)
where
    F: Fn(TcpStream, Slot) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let table = Arc::new(Mutex::new(Table {
        slots: Slots::new(max),
        close: HashMap::new(),
    }));
    loop {
        let stream = tokio::select! {
            _ = cancel.cancelled() => return,
            r = listener.accept() => r,
        };
        let stream = match stream {
            Ok((s, _)) => s,
            // Out of descriptors (EMFILE) stays so until something closes: a pause, not a spin.
            Err(_) => {
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
                continue;
            }
        };
        let closed = cancel.child_token();
        let id = {
            let mut t = lock_table(&table);
            let (id, evict) = t.slots.open();
            if let Some(token) = evict.and_then(|e| t.close.remove(&e)) {
                token.cancel();
            }
            t.close.insert(id, closed.clone());
            id
        };
        let job = serve(
            stream,
            Slot {
                id,
                slots: table.clone(),
            },
        );
        tokio::spawn(async move {
            tokio::select! {
                _ = closed.cancelled() => {}
                _ = job => {}
            }
        });
    }
}
