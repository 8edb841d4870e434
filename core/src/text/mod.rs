//! Text on the wire: legacy code pages (encoding_rs, and our own guess for `auto`) and
//! Minecraft's formatted text.

mod codepage;
mod detect;
pub mod minecraft;

pub use codepage::{decode, detector_runs, encode, encoding_name, resolve_label, Decoded, TextEncoding};
pub use minecraft::Motd;
