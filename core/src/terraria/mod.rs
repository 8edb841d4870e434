//! Terraria through TShock's REST API (`RestApiEnabled`, port 7878: the game port + 101):
//! `GET /v2/server/status?players=true&rules=true[&token=…]`. Facts from TShock's sources
//! (Pryaxis/TShock `TShockAPI/Rest/RestManager.cs` `ServerStatusV2` and `PlayerFilter`,
//! `SecureRest.cs`, `Rest.cs`) and gamedig 5's `protocols/terraria.js` (docs/research/
//! issue-50.md §2); the HTTP side is `crate::http`.

pub mod api;
pub mod gamedig;
pub mod query;
pub mod responder;
pub mod spec;
pub mod state;
pub mod unified;

/// TShock's `RestApiPort`'s default.
pub const DEFAULT_PORT: u16 = 7878;

pub use state::TerrariaState;
