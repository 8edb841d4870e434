//! Minecraft: Java Edition's Server List Ping (1.7+) and the legacy pings it replaced.
//! Layouts: `shared/PROTOCOLS.md` § Minecraft Java.

pub mod java;
pub mod legacy;
