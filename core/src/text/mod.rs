//! Text on the wire: legacy code pages (encoding_rs, and our own guess for `auto`),
//! Minecraft's formatted text and the Quake engines' caret colour codes.

pub mod carets;
mod codepage;
mod detect;
#[cfg(host_text)]
mod host;
#[cfg(any(host_text, test))]
mod labels;
pub mod minecraft;
#[cfg(not(host_text))]
mod native;
mod options;
pub mod rich;
pub mod unreal;

// This build's way between bytes and text, which the code pages and their guess both use:
// encoding_rs, or in the browser build its own tables and the host's TextDecoder.
#[cfg(host_text)]
use host as backend;
#[cfg(not(host_text))]
use native as backend;

/// An encoding's WHATWG name in lower case (`windows-1251`), as results give it.
pub fn encoding_name(e: &'static encoding_rs::Encoding) -> String {
    e.name().to_ascii_lowercase()
}

pub(crate) use codepage::guess_not_utf8;
pub use codepage::{
    decode, detector_runs, encode, resolve_label, resolve_writable_label, writable, Decoded, TextEncoding,
};
#[cfg(host_text)]
pub use host::{install_decoder as install_host_decoder, HostDecoder};
pub use minecraft::Motd;
pub use options::EncodingOptions;
