//! Unity / Multiplay SQP (UDP, big-endian): challenge, then a query for chunks
//! (ServerInfo, ServerRules, PlayerInfo, TeamInfo, Metrics). Layouts:
//! `docs/protocols/sqp.md`.

mod chunks;
pub mod describe;
pub mod exchange;
pub mod options;
mod packets;
pub mod reassembly;
pub mod responder;
pub mod spec;
pub mod unified;
mod value;

pub use chunks::{ChunkKind, Chunks, Field, Records, Rules, ServerInfo, MAX_METRICS};
pub use packets::{ChunkSet, QueryHeader, Request, Response, ALL_CHUNKS, VERSION};
pub use value::{Scalar, Typed, ValueType};
