//! Satisfactory's Lightweight Query (UDP, the game's port, 7777 by default): the state a
//! dedicated server is in (idle, loading, playing), its build (changelist), flags, the
//! versions of its sub-states and its name, little-endian throughout. Facts from the
//! game's `DedicatedServerAPIDocs.md` (copied on satisfactory.wiki.gg's "Dedicated
//! servers/Lightweight Query API"); player counts are in the HTTPS API on the same port,
//! which needs TLS (issue #50).

pub mod exchange;
pub mod gamedig;
pub mod packets;
pub mod responder;
pub mod spec;
pub mod unified;

pub use packets::{SatisfactoryRequest, SatisfactoryResponse, SatisfactoryState, SubState, DEFAULT_PORT};
