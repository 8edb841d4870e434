//! Minecraft: Java Edition's Server List Ping (1.7+), the legacy pings it replaced, and
//! Bedrock Edition's RakNet ping.
//! Layouts: `docs/protocols/minecraft-java.md`.

pub mod bedrock;
pub mod describe;
pub mod gamedig;
pub mod java;
pub mod legacy;
pub mod query;
pub mod spec;
