//! TeamSpeak 3's ServerQuery: a text console over TCP (port 10011) beside the voice
//! servers of one host, selected by voice port. Facts from the ServerQuery manual (its
//! commands, escapes, errors, flood limit), real servers' conversations in
//! Austinb/GameQ's tests (tests/fixtures/teamspeak3/) and gamedig 5's
//! `protocols/teamspeak3.js` (docs/protocols/teamspeak3.md). With an API key the same
//! commands go over HTTP instead ([`webquery`]): TeamSpeak 6 has no raw console.

pub mod exchange;
pub mod gamedig;
pub mod query;
pub mod responder;
pub mod spec;
pub mod state;
pub mod text;
pub mod unified;
pub mod web_responder;
pub mod webquery;

pub use state::TeamSpeak3State;

/// The voice server's port: what players connect to, and the target's default.
pub const DEFAULT_VOICE_PORT: u16 = 9987;
/// The ServerQuery's (raw, the telnet-like one).
pub const DEFAULT_QUERY_PORT: u16 = 10011;
