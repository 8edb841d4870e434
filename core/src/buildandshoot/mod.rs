//! Build and Shoot / Ace of Spades classic servers' status through piqueserver's status
//! server: one `GET /json` to its port (32886: the game's UDP 32887 − 1), answered with a
//! JSON object — name, map, mode, version, players with team, kills and latency, slots,
//! scores. Facts from piqueserver's `piqueserver/statusserver.py` @020934d (1.4.2 on PyPI:
//! the fields, `[status_server]`'s port) and gamedig 5's `protocols/buildandshoot.js`
//! @8982c2b (its mapping, and the older `players: { blue, green }` form it reads); the HTTP
//! side is `crate::http`. piqueserver itself (PyPI) answers the tests on loopback.

pub mod gamedig;
pub mod query;
pub mod spec;
pub mod unified;

/// The status server's port (piqueserver's default; gamedig's `bas` port 32887 − 1).
pub const DEFAULT_PORT: u16 = 32886;
/// The path the status is at.
pub const PATH: &str = "/json";
/// The body read at most: 32 players' rows of ~100 bytes, scripts and the rest.
pub const MAX_BODY: usize = 64 << 10;
