//! Text on the wire: legacy code pages (encoding_rs, and our own guess for `auto`) and
//! Minecraft's formatted text.

mod codepage;
mod detect;
#[cfg(host_text)]
mod host;
#[cfg(any(host_text, test))]
mod labels;
pub mod minecraft;

pub(crate) use codepage::guess_not_utf8;
pub use codepage::{
    decode, detector_runs, encode, encoding_name, resolve_label, resolve_writable_label, writable, Decoded,
    TextEncoding,
};
#[cfg(host_text)]
pub use host::{install_decoder as install_host_decoder, HostDecoder};
pub use minecraft::Motd;
