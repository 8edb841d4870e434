//! Geneshift and Mutant Factions (Nik Sudan's top-down shooters): their servers are not
//! asked; the game's lobby list is (`GET http://geneshift.net/game/receiveLobby.php`, plain
//! HTTP: one text record per server, records ended by `<br/>`, fields split by `::`), and the
//! server asked for is found in it by its address (looked up first) and port. Facts from
//! gamedig 5's `protocols/geneshift.js` @8982c2b (the list's address, the record's layout,
//! which field is which as far as it knows them); the machinery is `crate::http::vendor`.

pub mod gamedig;
pub mod query;
pub mod record;
pub mod spec;
pub mod unified;

/// The game's port (gamedig's for both games), what the list knows a server by.
pub const DEFAULT_PORT: u16 = 11235;
/// The list.
pub const PATH: &str = "/game/receiveLobby.php";
/// The list read at most: every server, a couple of hundred bytes each.
pub const MAX_BODY: usize = 4 << 20;
