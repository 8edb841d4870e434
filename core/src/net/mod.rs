//! The tokio driver (feature `net`): sockets, DNS, timers and responders around the
//! sans-IO core. Each piece is a thin loop; all protocol logic stays in the codec modules.

mod options;
mod resolve;
mod samp;
mod serve;
mod udp;

pub use options::{QueryRequest, RconRequest};
pub use samp::{query, rcon};
pub use serve::{serve, RconHandler, ServeHandle};
pub use tokio_util::sync::CancellationToken;
