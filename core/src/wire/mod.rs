//! Bounds-checked byte cursors: the only place in core that indexes packets.

mod frame;
mod hex;
pub mod reader;
mod varint;
mod writer;

pub use frame::{FrameDecoder, DEFAULT_FRAME_CAP};
pub use hex::{from_hex, to_hex};
pub use reader::{Prefix, Reader};
pub use varint::{decode_varint, varint_len, VARINT_MAX, VARLONG_MAX};
pub use writer::Writer;
