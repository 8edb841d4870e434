//! GameSpy 2, the binary query of Halo: Combat Evolved, Battlefield Vietnam, SWAT 4, Star
//! Wars: Battlefront, Neverwinter Nights, America's Army, ArmA and ~15 more games of
//! 2002–2006 (gamedig's `gamespy2`): one request naming the sections, one datagram of
//! settings and tables.

pub mod codec;
pub mod describe;
pub mod exchange;
pub mod gamedig;
pub mod packets;
pub mod responder;
pub mod spec;
pub mod state;
pub mod unified;

pub use codec::{GameSpy2Request, GameSpy2Response, GameSpy2Table};
pub use state::GameSpy2State;
