//! What the id Tech family's queries share, below the protocols that speak it: the
//! out-of-band prefix, the `\\key\\value` infostring, the player lines, the engines'
//! colour codes. Quake 3/2/QuakeWorld (`quake`) and FiveM/RedM (`fivem`, a Quake 3
//! descendant's `getinfo`) read and write through it; neither imports the other.

pub mod colours;
mod infostring;
mod players;

pub use infostring::{Info, MAX_PAIRS};
pub use players::{PlayerLine, WorldFields, MAX_PLAYERS};

/// What every packet of the family starts with (out-of-band, not a game message).
pub const OOB: [u8; 4] = [0xFF; 4];

/// Which engine's layout (and colour codes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Dialect {
    #[default]
    Quake3,
    Quake2,
    QuakeWorld,
}
