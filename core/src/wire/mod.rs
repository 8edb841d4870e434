//! Bounds-checked byte cursors: the only place in core that indexes packets.

mod hex;
pub mod reader;
mod varint;
mod writer;

pub use hex::{from_hex, to_hex};
pub use reader::{Prefix, Reader};
pub use varint::{decode_varint, varint_len, VARINT_MAX, VARLONG_MAX};
pub use writer::Writer;
