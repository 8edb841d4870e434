//! Minetest (Luanti): its servers are not asked; the public server list is
//! (`GET https://servers.minetest.net/list`: `{ total, total_max, list: [servers] }`), and
//! the server asked for is found in it by address and port. Facts from gamedig 5's
//! `protocols/minetest.js` @8982c2b (the list, the match, the mapping) and rust-gamedig's
//! `crates/lib/src/services/minetest_master_server/types.rs` @c836b15 (the members and
//! their types); the machinery is `crate::http::vendor`.

pub mod gamedig;
pub mod query;
pub mod spec;
pub mod unified;

/// The game's port, what the list knows a server by.
pub const DEFAULT_PORT: u16 = 30000;
/// The list.
pub const PATH: &str = "/list";
/// The list read at most: every public server, a kilobyte or so each with its players.
pub const MAX_BODY: usize = 32 << 20;
