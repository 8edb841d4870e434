//! Source RCON over TCP (Valve's wire format; Minecraft Java's `enable-rcon`, default port
//! 25575): the packet codec (`'source-rcon'`) and the client exchange. Layout and the
//! servers' differences: `docs/protocols/source-rcon.md`.

pub mod exchange;
pub mod options;
pub mod packet;
pub mod responder;
pub mod session;
pub mod spec;

pub use exchange::SourceRconExchange;
pub use packet::Packet;
pub use session::{RconFormat, Session};

pub const MINECRAFT_PORT: u16 = 25575;
/// Source servers take RCON on their game port (TCP).
pub const SOURCE_PORT: u16 = 27015;
