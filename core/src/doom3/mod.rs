//! id Tech 4's query (UDP): Doom 3, Quake 4, Enemy Territory: Quake Wars, Prey and
//! Wolfenstein (2009) — one request, `getInfo`, and one binary reply whose client entries
//! differ by game (the `dialect`, told from the reply when not given). Colour codes are
//! Doom 3's (`^` and any character) or Raven's (Quake 4, Wolfenstein: `^cRGB`, icons);
//! names stay bytes until the status mapping decodes them with the code-page machinery
//! (Quake 4 sends Latin-1). Facts from dhewm3's `AsyncServer.cpp` and `BitMsg.cpp`, qstat's
//! `doom3.c` and GameQ's captured replies (docs/protocols/doom3.md); the code is ours.

pub mod codec;
pub mod describe;
pub mod exchange;
pub mod gamedig;
pub mod packets;
pub mod responder;
pub mod spec;
pub mod state;
pub mod unified;

pub use packets::{Dialect, Reply, Request};
pub use state::{Doom3Player, Doom3State};
