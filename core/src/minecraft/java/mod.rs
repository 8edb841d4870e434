//! Server List Ping (1.7+): framing, packets both directions, the status document with
//! its MOTD renderings and Forge data, the client exchange and the responder.

pub mod describe;
mod document;
pub mod exchange;
mod forge;
pub mod options;
pub mod packets;
pub mod plan;
pub mod responder;
mod result;
mod sample;
pub mod spec;
mod status;
pub mod unified;

pub use crate::wire::{FrameDecoder, DEFAULT_FRAME_CAP};
pub use document::Document;
pub use forge::{ForgeChannel, ForgeData, ForgeMod};
pub use packets::{Request, Response, DEFAULT_PORT, DEFAULT_PROTOCOL};
pub use result::{JavaQueryResult, LegacyQueryResult, SrvRecord};
pub use status::{Favicon, JavaStatus, Players, SamplePlayer, Version};
