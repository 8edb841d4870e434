//! Palworld's REST API (Pocketpair's dedicated server with `RESTAPIEnabled=True`, port
//! 8212): `GET /v1/api/info`, `/players`, `/metrics` and `/settings`, each with HTTP Basic
//! auth — the user `admin` and the server's `AdminPassword`. Facts from Pocketpair's REST
//! API document (docs.palworldgame.com/api/rest-api), the community OpenAPI description
//! (fa0311/palworld-openapi `src/openapi/openapi-3.0.yaml` @0405fe6) and gamedig 5's
//! `palworld.js` (docs/research/issue-50.md §1); the HTTP side is `crate::http`.

pub mod api;
pub mod gamedig;
pub mod query;
pub mod responder;
pub mod spec;
pub mod state;
pub mod unified;

/// `RESTAPIPort`'s default.
pub const DEFAULT_PORT: u16 = 8212;

pub use state::PalworldState;
