//! SA:MP / open.mp query protocol (UDP). Layouts: `docs/protocols/samp.md`.
//!
//! Both directions of every opcode live here: clients encode [`Request`]s and decode
//! [`Response`]s; responders do the reverse. [`exchange`] and [`rcon`] drive whole client
//! flows; [`responder`] answers like open.mp.

pub mod describe;
pub mod exchange;
pub mod gamedig;
mod header;
mod info;
pub mod options;
mod players;
pub mod rcon;
mod reply_text;
mod request;
pub mod responder;
mod response;
mod response_ser;
mod rules;
pub mod spec;
mod state;
pub mod unified;

pub use crate::values::{Hex, RuleList};
pub use header::{Address, Dialect, Header, Opcode, DEFAULT_PORT, HEADER_LEN, MAGIC};
pub use info::{Info, OpenMpInfo};
pub use players::{Player, PlayerList};
pub use reply_text::ReplyText;
pub use request::{Request, RequestBody};
pub use response::{DecodeOptions, RconLine, Response, ResponseBody};
pub use rules::Rules;
pub use state::{LatencySource, PlayersMode, PlayersSource, RawStrings, ServerState};
