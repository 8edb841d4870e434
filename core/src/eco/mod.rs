//! Eco (Strange Loop Games) servers' status: one `GET /frontpage` to the server's web port
//! (3001: the game's 3000 + 1), answered with a JSON object whose `Info` holds the name (in
//! Unity's rich text), counts, password, version and world. Facts from gamedig 5's
//! `protocols/eco.js` @8982c2b, rust-gamedig's `games/eco/types.rs` @c836b15 (the newer
//! fields: `OnlinePlayersNames`, `JoinUrl` …) and GameQ's captured replies
//! (`tests/Protocols/Providers/Eco/{1,2}_response.txt` @6bfed5d); the HTTP side is
//! `crate::http`.

pub mod gamedig;
pub mod query;
pub mod spec;
pub mod unified;

/// The web port (gamedig's `eco` query port: the game's 3000 + 1).
pub const DEFAULT_PORT: u16 = 3001;
/// The path the status is at.
pub const PATH: &str = "/frontpage";
/// The body read at most: `Info` is a few kilobytes, `Graphs` beside it (the world's
/// statistics, left out of the status) tens.
pub const MAX_BODY: usize = 1 << 20;
