//! Valve A2S (UDP): A2S_INFO with the 2020 challenge, A2S_PLAYER, A2S_RULES, Source and
//! GoldSrc split replies (bzip2 read by our own decoder, written by the `bzip2` crate's
//! pure-Rust backend), the client exchange and the responder. Layouts and quirks: `docs/protocols/a2s.md`.

pub mod apps;
pub mod bohemia;
pub mod describe;
pub mod exchange;
pub mod ffow;
pub mod gamedig;
pub mod info;
pub mod options;
pub mod packets;
pub mod players;
pub mod responder;
pub mod sdtd;
mod sdtd_console;
pub mod spec;
pub mod split;
mod text;
mod unbzip2;
pub mod unified;
mod variants;

pub use exchange::{A2sExchange, A2sQueryResult};
pub use info::{GoldSrcInfo, Info};
pub use packets::{Request, Response};
pub use players::Player;

/// The query port most Source servers use.
pub const DEFAULT_PORT: u16 = 27015;

#[cfg(test)]
mod bohemia_tests;
#[cfg(test)]
mod ffow_tests;
#[cfg(test)]
mod tests;
