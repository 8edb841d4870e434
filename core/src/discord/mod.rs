//! Discord: a guild (a "server") is asked about through its widget, which Discord serves
//! when the guild's owners enable it (`GET https://discord.com/api/guilds/{id}/widget.json`):
//! its name, an invite, the voice channels and up to 100 members online (their names and
//! statuses as the widget shows them), and how many are online in all. The target is the
//! guild's id. Facts from gamedig 5's `protocols/discord.js` @8982c2b (the route, the
//! option `guildId`, the mapping) and Discord's API reference ("Get Guild Widget": the
//! members, the error codes 10004 Unknown Guild and 50004 Widget Disabled); the machinery
//! is `crate::http::vendor`.

pub mod gamedig;
pub mod query;
pub mod spec;
pub mod unified;

/// The API's port: a guild has none (a query's `port` is this unless given).
pub const DEFAULT_PORT: u16 = 443;
/// The widget's route, around the guild's id.
pub const PATH: (&str, &str) = ("/api/guilds/", "/widget.json");
/// A widget read at most: 100 members and the channels.
pub const MAX_BODY: usize = 1 << 20;
