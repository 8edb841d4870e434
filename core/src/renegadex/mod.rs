//! Renegade X: its servers are not asked; Totem Arts' master server list is
//! (`GET https://serverlist-rx.totemarts.services/servers.jsp`, one JSON array), and the
//! server asked for is found in it by `IP` and `Port`. Facts from gamedig 5's
//! `protocols/renegadex.js` @8982c2b (the list's address, the JSON schema of an entry it
//! writes out, the match and the mapping); the machinery is `crate::http::vendor`.

pub mod gamedig;
pub mod query;
pub mod spec;
pub mod unified;

/// The game's port when none is given: Unreal Engine 3's, which Renegade X keeps (gamedig
/// names none: its users give one).
pub const DEFAULT_PORT: u16 = 7777;
/// The list.
pub const PATH: &str = "/servers.jsp";
/// The list read at most: every server, a kilobyte or so each.
pub const MAX_BODY: usize = 16 << 20;
