//! Minecraft: Bedrock Edition's server list ping: RakNet's unconnected ping (`01`) and
//! pong (`1c`) over UDP, default port 19132. The pong carries the server's advertisement,
//! a `;`-separated text whose field count differs by server software. Layouts and the
//! servers' quirks: `docs/protocols/minecraft-bedrock.md`.

pub mod advertisement;
pub mod describe;
pub mod exchange;
pub mod options;
pub mod packets;
pub mod responder;
pub mod spec;
pub mod unified;

pub use advertisement::Advertisement;
pub use exchange::{BedrockOutcome, BedrockQueryResult, PingExchange};
pub use packets::{Ping, Pong};

pub const DEFAULT_PORT: u16 = 19132;
