//! Assetto Corsa servers' status over their HTTP port (acServer's `HTTP_PORT`, 8081 by
//! default): `GET /INFO` — name, track, counts, password, cars, sessions — and, beside it,
//! `GET /JSON|<guid>`, the entry list: each slot's car and skin, and the driver in it where
//! one is connected. Facts from gamedig 5's `protocols/assettocorsa.js` @8982c2b (the two
//! requests, the fields it maps) and AssettoServer @6ce86ad (`HttpController.cs`,
//! `InfoResponse.cs`, `EntryListResponse.cs`, `HttpInfoCache.cs`: an independent server's
//! fields, the ` ℹ<port>` suffix of the name); the HTTP side is `crate::http`.

pub mod gamedig;
pub mod query;
pub mod responder;
pub mod spec;
pub mod unified;

/// acServer's default `HTTP_PORT` (gamedig's `assettocorsa` game entry says 9610).
pub const DEFAULT_PORT: u16 = 8081;
/// The server's status.
pub const INFO: &str = "/INFO";
/// The entry list, asked as a client with no Steam id: the GUID after the `|` only marks
/// the slots booked for that player.
pub const ENTRY_LIST: &str = "/JSON|0";
/// `/INFO`'s body read at most: the cars' names are most of it (a few hundred of 40 bytes).
pub const MAX_INFO: usize = 64 << 10;
/// `/JSON|…`'s body read at most: a slot is ~200 bytes, servers have up to a few hundred.
pub const MAX_ENTRY_LIST: usize = 256 << 10;
