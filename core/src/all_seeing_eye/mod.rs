//! All-Seeing Eye, the query of Multi Theft Auto (MTA:SA, MTA:VC), Far Cry, Chrome,
//! Painkiller and other games of 2002–2008 (gamedig's `ase`): one request byte, one reply
//! datagram of self-counting strings. Its query port is the game port + 123 for most
//! games (the games table has each).

pub mod codec;
pub mod describe;
pub mod exchange;
pub mod gamedig;
pub mod packets;
pub mod responder;
pub mod spec;
pub mod unified;

pub use codec::{AllSeeingEyePlayer, AllSeeingEyeRequest, AllSeeingEyeResponse, AllSeeingEyeState};
