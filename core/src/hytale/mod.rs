//! Hytale servers' status through Nitrado's query plugin (nitrado/hytale-plugin-query, on
//! their WebServer plugin): one `GET /Nitrado/Query` to the web server's port (5523, the
//! game's 5520 + 3), over TLS with a self-signed certificate unless its admin turned TLS
//! off, answered with a JSON object whose sections — `Basic`, `Server`, `Universe`,
//! `Players`, `Plugins` — each appear when the caller may read them (without credentials,
//! the `ANONYMOUS` group's `nitrado.query.web.read.*` permissions). Facts from the
//! plugins' sources (query @92e265d: `QueryResponseV1`; webserver @2264de3: ports, TLS,
//! 401/403/406) and gamedig 5's `protocols/hytale.js` @8982c2b; the HTTP side is
//! `crate::http`.

pub mod gamedig;
pub mod query;
pub mod spec;
pub mod unified;

/// The web server's port (gamedig's `hytale` port; the game's own QUIC port is 5520).
pub const DEFAULT_PORT: u16 = 5523;
/// Where the query plugin answers.
pub const PATH: &str = "/Nitrado/Query";
/// The body read at most: a full server's rows (name, UUID, world: ~120 bytes each) and
/// its plugins.
pub const MAX_BODY: usize = 256 << 10;
