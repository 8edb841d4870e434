//! What the responders' UDP and TCP listeners share (the status responder in
//! `serve.rs`, Minecraft RCON beside it in `serve_rcon.rs`): the served state behind a
//! lock, the RCON handler, bounded accepting, and the error for a listener not had.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};

use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;

use crate::call::Transport;
use crate::serve::Server;

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

/// Accepts connections until cancelled, `max` served at once (more wait), each by `serve`.
pub(super) async fn accept_each<F, Fut>(listener: TcpListener, max: usize, cancel: CancellationToken, serve: F)
where
    F: Fn(TcpStream) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let slots = Arc::new(Semaphore::new(max));
    loop {
        let permit = tokio::select! {
            _ = cancel.cancelled() => return,
            p = slots.clone().acquire_owned() => match p { Ok(p) => p, Err(_) => return },
        };
        let stream = tokio::select! {
            _ = cancel.cancelled() => return,
            r = listener.accept() => match r { Ok((s, _)) => s, Err(_) => continue },
        };
        let (job, cancel) = (serve(stream), cancel.clone());
        tokio::spawn(async move {
            tokio::select! {
                _ = cancel.cancelled() => {}
                _ = job => {}
            }
            drop(permit);
        });
    }
}
