//! Text on the wire: legacy code pages (encoding_rs + chardetng) and Minecraft's
//! formatted text.

mod codepage;
pub mod minecraft;

pub use codepage::{decode, detector_runs, encode, encoding_name, resolve_label, Decoded, TextEncoding};
pub use minecraft::Motd;
