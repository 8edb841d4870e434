//! Minecraft's UDP Query (GameSpy4; `enable-query` in server.properties, default port =
//! the game port): a handshake for a challenge token, then a basic or full stat. Layouts
//! and the servers' quirks: `docs/protocols/minecraft-query.md`.

pub mod describe;
pub mod exchange;
pub mod options;
pub mod packets;
pub mod responder;
pub mod spec;
pub mod stat;
pub mod unified;

pub use exchange::{QueryResult, StatExchange, StatOutcome};
pub use packets::{Request, RequestKind, Response, ResponseKind};
pub use stat::Stat;

pub const DEFAULT_PORT: u16 = 25565;
/// Vanilla masks session ids so its Java string round trip cannot mangle them.
pub const SESSION_MASK: u32 = 0x0F0F_0F0F;
