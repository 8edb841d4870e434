//! The Quake engine family's query (UDP): Quake 3 and the engines built on it (Call of
//! Duty 1–MW2, Urban Terror, Wolfenstein: ET, Jedi Academy, OpenArena, Warsow, Xonotic …),
//! with Quake 2's and QuakeWorld's older `status` as dialects.
//!
//! Every packet starts with four `FF` bytes (out-of-band). A client asks `getstatus` or
//! `getinfo` (Quake 3) or `status` (Quake 2, QuakeWorld); the server answers with one
//! datagram: a command line, an infostring (`\key\value…`) and, for a status, one line per
//! player. The codec here reads and writes those bytes; names and values stay bytes until
//! the status mapping decodes them with the code-page machinery (old games send Latin-1 or
//! CP1252, newer ones UTF-8). Facts from ioquake3's `sv_main.c` and peers' captures
//! (`docs` to come with the exchange); the code is ours.

pub mod codec;
pub use crate::idtech::colours;
pub mod describe;
pub mod exchange;
pub mod gamedig;
pub mod options;
mod packets;
pub mod responder;
pub mod spec;
mod state;
pub mod unified;

pub use crate::idtech::{Info, MAX_PAIRS};
pub use crate::idtech::{PlayerLine, WorldFields, MAX_PLAYERS};
pub use packets::{Command, Dialect, Reply, ReplyKind, Request, MAX_CHALLENGE, OOB};
pub use state::{QuakePlayer, QuakeState, QuakeWorldPlayer};
