//! Unreal Engine 2's own query: Unreal Tournament 2003 and 2004, Killing Floor, Red
//! Orchestra, Unreal 2 XMP's engine and others (gamedig's `unreal2`): binary replies, the
//! rules and players over as many datagrams as they fill, on the game port + 1.

pub mod codec;
pub mod describe;
pub mod exchange;
pub mod gamedig;
pub mod packets;
pub mod responder;
pub mod spec;
pub mod unified;

pub use codec::{Unreal2Info, Unreal2Player, Unreal2Request, Unreal2Response, Unreal2State};
