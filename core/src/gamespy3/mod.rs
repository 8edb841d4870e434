//! GameSpy 3, the query of Battlefield 2 and 2142, Project Reality, Crysis, S.T.A.L.K.E.R.,
//! Unreal Tournament 3 and JC2-MP (gamedig's `gamespy3`, `ut3`, `jc2mp`): a challenge
//! handshake, then server keys, players and teams over numbered `splitnum` datagrams.
//! Minecraft's Query is its one-datagram form; both stand on `crate::gamespy`.

pub mod codec;
pub mod describe;
pub mod exchange;
pub mod frames;
pub mod gamedig;
pub mod packets;
pub mod responder;
pub mod spec;
pub mod state;
pub mod unified;

pub use codec::{GameSpy3Request, GameSpy3Response};
pub use state::GameSpy3State;
