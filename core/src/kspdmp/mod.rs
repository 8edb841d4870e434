//! Kerbal Space Program servers running DarkMultiPlayer (DMP): one `GET /` to the server's
//! status port (off unless `httpPort` is set; gamedig's `kspd` asks the game port + 1,
//! 6703), answered with a JSON object — name, version, counts, the players' names as one
//! `", "`-joined string, game and warp modes. Facts from DarkMultiPlayer's
//! `Server/ServerInfo.cs`, `Server/Main.cs` and `Server/ClientHandler.cs` @dfb2bef (the
//! server that writes it) and gamedig 5's `protocols/kspdmp.js` @8982c2b (the port rule);
//! the HTTP side is `crate::http`.

pub mod gamedig;
pub mod query;
pub mod spec;
pub mod unified;

/// The status port (gamedig's `kspd` query port: DMP's game port 6702 + 1).
pub const DEFAULT_PORT: u16 = 6703;
/// The path the status is at (DMP answers it at every path but `/modcontrol`).
pub const PATH: &str = "/";
/// The body read at most: the players' names and a dozen fields; a server of a few hundred
/// players stays below 16 KiB.
pub const MAX_BODY: usize = 64 << 10;
