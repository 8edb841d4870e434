//! alt:V (GTA V multiplayer): its servers are not asked; alt:V's master list API is
//! (`GET https://api.alt-mp.com/servers`, one JSON array; `/servers/{id}` for one server by
//! its public id), and the server asked for is found in the list by its `address`, the
//! `host:port` it is known by, as given (not looked up: a server on a CDN lists its name).
//! Facts from gamedig 5's `protocols/altvmp.js` @8982c2b (the API, the match, the mapping)
//! and alt:V's "Master list API" page (docs.altv.mp/articles/master_list_api.html: the
//! routes, and the older member names `players`, `maxPlayers`, `locked` read as fallbacks);
//! the machinery is `crate::http::vendor`.

pub mod gamedig;
pub mod query;
pub mod spec;
pub mod unified;

/// The game's port (gamedig's), what the list knows a server by.
pub const DEFAULT_PORT: u16 = 7788;
/// The list.
pub const PATH: &str = "/servers";
/// The list read at most: every public server, a kilobyte or so each.
pub const MAX_BODY: usize = 16 << 20;
