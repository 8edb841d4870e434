//! Satisfactory's Lightweight Query (UDP, the game's port, 7777 by default): the state a
//! dedicated server is in (idle, loading, playing), its build (changelist), flags, the
//! versions of its sub-states and its name, little-endian throughout; then, beside it at
//! once, the HTTPS API on TCP at the same port (`api`): the session and the player counts.
//! Facts from the game's `DedicatedServerAPIDocs.md` (copied on satisfactory.wiki.gg's
//! "Dedicated servers/Lightweight Query API" and "HTTPS API").

pub mod api;
pub mod exchange;
pub mod gamedig;
pub mod packets;
pub mod query;
pub mod responder;
pub mod spec;
pub mod state;
pub mod unified;

pub use packets::{SatisfactoryRequest, SatisfactoryResponse, SatisfactoryState, SubState, DEFAULT_PORT};
