//! FiveM and RedM (CitizenFX's FXServer, port 30120): `getinfo` over UDP for the status, and
//! on the same port over HTTP `/players.json`, `/info.json` and `/dynamic.json`. Facts from
//! FXServer's sources (citizenfx/fivem: `GetInfoOutOfBand.h`, `GetStatusOutOfBand.h`,
//! `InfoHttpHandler.cpp`), real replies from GameQ's and opengsq's tests (cited where
//! used); the HTTP side is `crate::http`.

pub mod cache;
pub mod endpoints;
pub mod exchange;
pub mod gamedig;
pub mod packets;
pub mod query;
pub mod responder;
pub mod spec;
pub mod state;
pub mod unified;

/// FXServer's port, the same for UDP and HTTP.
pub const DEFAULT_PORT: u16 = 30120;

pub use packets::{FivemRequest, FivemResponse};
pub use state::FivemState;
