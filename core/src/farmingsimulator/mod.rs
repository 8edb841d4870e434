//! Farming Simulator (19, 22, 25) dedicated servers' stats feed: one `GET
//! /feed/dedicated-server-stats.xml?code=<the server's code>` to the web interface's port
//! (8080), answered with an XML document — the server's name, map and version as `<Server>`'s
//! attributes, `<Slots>` with a `<Player>` per slot, `<Mods>`, and the vehicles, farmlands
//! and fields. Facts from gamedig 5's `protocols/farmingsimulator.js` @8982c2b (the request,
//! the `token` option, the fields it maps) and qstat 2.17's `farmsim.c` (the attributes of
//! `<Server>` and `<Slots>`, one line each); the XML is read by `roxmltree`, the HTTP side is
//! `crate::http`.

pub mod gamedig;
pub mod query;
pub mod responder;
pub mod spec;
pub mod unified;

/// The web interface's port (gamedig's `farmingsimulator*` port).
pub const DEFAULT_PORT: u16 = 8080;
/// The feed's path; the code follows as `?code=`.
pub const PATH: &str = "/feed/dedicated-server-stats.xml";
/// The body read at most: the vehicles, farmlands and fields of a busy map are a few
/// hundred kilobytes.
pub const MAX_BODY: usize = 4 << 20;
/// XML nodes read at most (elements, attributes' owners and text): 4 MiB of the smallest
/// elements stays below it.
pub const MAX_NODES: u32 = 400_000;
