//! SCP: Secret Laboratory: a server is asked about through Northwood's server info API
//! (`GET https://api.scpslgame.com/serverinfo.php` with the account's id and API key, which
//! the game's central servers issue to verified servers), which answers about every server
//! of the account; the one asked for is found by its `ID` (the option `serverId`) or by the
//! port asked. Facts from gamedig 5's `protocols/scpsl.js` @8982c2b (the route, the
//! parameters it sends, the options `accountId`, `apiKey`, `serverId`, the mapping) and the
//! `scpsl-api` crate 0.1.0-alpha.10's `server_info/raw.rs` (the members of a reply:
//! `Success`, `Error`, `Cooldown`, `Servers`, and a server's `ID`, `Port`, `LastOnline`,
//! `Players`, `PlayersList`, `Info`, `FF`, `WL`, `Modded`, `Mods`, `Suppress`,
//! `AutoSuppress`); the machinery is `crate::http::vendor`.

pub mod gamedig;
pub mod query;
pub mod spec;
pub mod unified;

/// The game's port: the one a server is found by when no `serverId` is given.
pub const DEFAULT_PORT: u16 = 7777;
/// The API.
pub const PATH: &str = "/serverinfo.php";
/// What is asked besides the account (gamedig's set): last online, the counts, the list
/// with nicknames, the name (`Info`), its Pastebin, the version, the flags, whether online.
pub const WANTED: &str =
    "lo=true&players=true&list=true&info=true&pastebin=true&version=true&flags=true&nicknames=true&online=true";
/// A reply read at most: an account's servers, each with its player list.
pub const MAX_BODY: usize = 4 << 20;
