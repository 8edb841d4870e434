//! GameSpy 1, the `\key\value` query of Unreal Tournament (UT99), Battlefield 1942, Medal
//! of Honor: Allied Assault, Deus Ex, Operation Flashpoint, Serious Sam and ~70 games of
//! 1998–2005 (gamedig's `gamespy1`): text pairs over one or more numbered datagrams.

pub mod codec;
pub mod describe;
pub mod exchange;
pub mod gamedig;
pub mod gather;
pub mod packets;
pub mod responder;
pub mod spec;
pub mod state;
pub mod unified;

pub use codec::{GameSpy1Request, GameSpy1Response};
pub use state::GameSpy1State;
