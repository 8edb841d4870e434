//! RAGE Multiplayer (GTA V): its servers are not asked; RAGE MP's master list is
//! (`GET https://cdn.rage.mp/master/v2/`, one JSON array of projects, each with its
//! `servers`), and the server asked for is found in it by the `host:port` it is listed as,
//! as given (not looked up: RAGE MP asks servers with a name to be queried by it). Facts
//! from gamedig 5's `protocols/ragemp.js` @8982c2b (the list, a project's `id` and its
//! servers' `id`, `name`, `players.amount`, `players.max`); the machinery is
//! `crate::http::vendor`.

pub mod gamedig;
pub mod query;
pub mod spec;
pub mod unified;

/// The game's port (gamedig's), what the list knows a server by.
pub const DEFAULT_PORT: u16 = 22005;
/// The list.
pub const PATH: &str = "/master/v2/";
/// The list read at most: every public server, a few hundred bytes each.
pub const MAX_BODY: usize = 16 << 20;
