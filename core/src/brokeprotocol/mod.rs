//! BROKE PROTOCOL: its servers are not asked; a list is. The community's server browser API
//! (`GET https://bp.userr00t.com/serverbrowser/api/server`, `{ servers: [...] }`, each with
//! its player-count snapshots; `/server/{id}` for one by its id) first, and where it does not
//! answer, the game's own list (`GET https://brokeprotocol.com/servers.json`, an array); the
//! server asked for is found by its address (looked up first) and port. Both lists' keys are
//! read in lower case (the two differ in letter case). Facts from gamedig 5's
//! `protocols/brokeprotocolmaster.js` and `brokeprotocol.js` @8982c2b (the addresses, the
//! fallback, the JSON schema of a server it writes out, the snapshot intervals, the name's
//! `&0`–`&f` codes, the mapping).

pub mod gamedig;
pub mod query;
pub mod spec;
pub mod unified;

/// The game's port when none is given (gamedig names none): 5557/udp, as CubeCoders'
/// AMPTemplates (`broke-protocolports.json` @04a8fa8) and gamedig PR #651's sample have it.
pub const DEFAULT_PORT: u16 = 5557;
/// The community API (its base).
pub const API: &str = "https://bp.userr00t.com/serverbrowser/api";
/// The game's own list (its host).
pub const FALLBACK: &str = "https://brokeprotocol.com";
/// The API's list, and a server by id under it.
pub const SERVERS: &str = "/server";
/// The game's own list.
pub const OFFICIAL: &str = "/servers.json";
/// The snapshot intervals the API takes (gamedig's list), the first the default.
pub const INTERVALS: &[&str] = &["1h", "6h", "12h", "1d", "3d", "1w", "2w", "4w"];
/// A list read at most: every server, with its snapshots, a few kilobytes each.
pub const MAX_BODY: usize = 32 << 20;
