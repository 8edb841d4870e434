//! ElDewrito (Halo Online) dedicated servers' status: one `GET /` to the server's HTTP port
//! (11775; the game's is 11774), answered with a JSON object — name, map, variant, counts,
//! players with their scores, versions. Facts from gamedig 5's `protocols/eldewrito.js`
//! @8982c2b and opengsq's `protocols/eldewrito.py` (3.7.0: the field names it reads);
//! the HTTP side is `crate::http`.

pub mod gamedig;
pub mod query;
pub mod spec;
pub mod unified;

/// The status's HTTP port (gamedig's `eldewrito` port; the game's own is 11774).
pub const DEFAULT_PORT: u16 = 11775;
/// The path the status is at.
pub const PATH: &str = "/";
/// The body read at most: 16 players' rows of ~250 bytes and the server's fields.
pub const MAX_BODY: usize = 64 << 10;
