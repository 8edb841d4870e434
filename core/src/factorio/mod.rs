//! Factorio: its servers are not asked; Factorio's matchmaking server is
//! (`GET https://multiplayer.factorio.com/get-game-details/{ip}:{port}`), which lists a game
//! while it is public, by the address and port it heartbeats from. Facts from the Factorio
//! wiki's "Matchmaking API" page (the server description object) and gamedig 5's
//! `protocols/factorio.js` @8982c2b (the address form of the path, its mapping); the
//! machinery is `crate::http::vendor`.

pub mod gamedig;
pub mod query;
pub mod spec;
pub mod unified;

/// The game's UDP port, what players connect to and what the list knows a game by.
pub const DEFAULT_PORT: u16 = 34197;
/// Where a game's details are, followed by its `ip:port`.
pub const PATH: &str = "/get-game-details/";
/// The details read at most: a server with hundreds of mods lists each (`name`, `version`).
pub const MAX_BODY: usize = 1 << 20;
