//! Hawakening (the 2024 revival of HAWKEN) lists its servers in its backend's API, to a
//! signed-in player only: an access grant for the player's e-mail address and password
//! (`POST users/{username}/accessGrant`), the player's own record (`GET users/{username}`,
//! for its `Guid`), the listings (`GET gameServerListings`), the one whose `Guid` is the
//! target read; then, unless it is full, a matchmaking advertisement for it (`POST
//! hawkenClientMatchmakingAdvertisements`, `GET …/{token}`) for the address it assigns; and
//! the grant revoked (`PUT users/{Guid}/accessGrant`) where the query took one. A grant the
//! user gives (`token`) is used as it is and kept. Facts from gamedig 5's
//! `protocols/hawakeningmaster.js` and `hawakening.js` @8982c2b (the routes, bodies,
//! messages, mapping and the listing's schema) and its GAMES_LIST notes; the sample follows
//! that schema (no captured reply is public).

pub mod gamedig;
pub mod query;
pub mod responder;
pub mod spec;
pub mod steps;
pub mod unified;

/// The game's port (gamedig's; the status names a server by its listing's `Guid`).
pub const DEFAULT_PORT: u16 = 7777;
/// The backend's API.
pub const API: &str = "https://hawakening.com/api";
/// A reply read at most: every listing, a kilobyte each.
pub const MAX_BODY: usize = 4 << 20;
