//! Vintage Story: its servers are not asked; its master server's public list is
//! (`GET https://masterserver.vintagestory.at/api/v1/servers/list`: `{ status, data:
//! [servers] }`), and the server asked for is found in it by `serverIP`, its `address:port`.
//! Facts from gamedig 5's `protocols/vintagestory.js` and `vintagestorymaster.js` @8982c2b
//! (the list, the match, the members it reads); the machinery is `crate::http::vendor`.

pub mod gamedig;
pub mod query;
pub mod spec;
pub mod unified;

/// The game's port, what the list knows a server by.
pub const DEFAULT_PORT: u16 = 42420;
/// The list.
pub const PATH: &str = "/api/v1/servers/list";
/// The list read at most: every public server, with its mods.
pub const MAX_BODY: usize = 32 << 20;
