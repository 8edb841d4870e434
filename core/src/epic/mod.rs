//! Epic Online Services: a game server that registers a session with EOS (ARK: Survival
//! Ascended, Squad, The Isle Evrima, Renown) is asked about through Epic's matchmaking API,
//! not itself: a token for the game's OAuth client (`POST /auth/v1/oauth/token`; for some
//! deployments a device id first, swapped for the token by external auth), then `POST
//! /matchmaking/v1/{deployment}/filter` (ARK's under `/wildcard`) for the sessions whose
//! `ADDRESS_s` is the target's address, the one at its port read. The client id, secret and
//! deployment are the user's: gamedig ships ones extracted from the games' files, which we do
//! not. Facts from gamedig 5's `protocols/epic.js`, `asa.js`, `squad.js`,
//! `theisleevrima.js`, `renown.js` @8982c2b (the routes, bodies and mappings) and a real ARK
//! session in opengsq-python's docs (tests/protocols/test_eos/test_get_info.rst @4ce2261)
//! (the sample follows it).

pub mod ark;
pub mod dialect;
pub mod gamedig;
pub mod query;
pub mod responder;
pub mod spec;
pub mod steps;
pub mod unified;

/// The game's port when none is given (ARK's, The Isle's).
pub const DEFAULT_PORT: u16 = 7777;
/// Epic's API.
pub const API: &str = "https://api.epicgames.dev";
/// The token, for the client's credentials or by external auth.
pub const TOKEN: &str = "/auth/v1/oauth/token";
/// A device id's token (the first step of external auth).
pub const DEVICE_ID: &str = "/auth/v1/accounts/deviceid";
/// A reply read at most: the sessions at one address, a few kilobytes each.
pub const MAX_BODY: usize = 4 << 20;
