//! BeamMP (BeamNG.drive multiplayer): its servers are not asked; BeamMP's backend lists every
//! public server (`GET https://backend.beammp.com/servers-info`, one JSON array), and the
//! server asked for is found in it by its address (looked up first) and port. Facts from
//! gamedig 5's `protocols/beammp.js` and `beammpmaster.js` @8982c2b (the list's address,
//! its members, the match and the mapping); the machinery is `crate::http::vendor`.

pub mod gamedig;
pub mod query;
pub mod spec;
pub mod unified;

/// The game's port, what the list knows a server by.
pub const DEFAULT_PORT: u16 = 30814;
/// The list.
pub const PATH: &str = "/servers-info";
/// The list read at most: every public server, a kilobyte or so each with its mod list.
pub const MAX_BODY: usize = 32 << 20;
