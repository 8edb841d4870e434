//! Text on the wire: legacy code pages (encoding_rs + chardetng).

mod codepage;

pub use codepage::{encode, encoding_name, resolve_label, Decoded, TextEncoding};
