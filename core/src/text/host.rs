//! Code pages in the browser build (feature `host-text` on wasm32), without encoding_rs's
//! decoders and CJK tables (~130 KB gzipped of the download):
//! - UTF-8 by the standard library (its lossy decoding replaces maximal subparts, as
//!   WHATWG's decoder does);
//! - single-byte pages by their high halves, generated from encoding_rs at build time
//!   (`build.rs`): 7 KB, exact, and the same on every host — hosts' own decoders are not
//!   (Node 20's TextDecoder reads windows-1252 as Latin-1);
//! - multi-byte pages (GBK, Big5, Shift_JIS, EUC-KR …, UTF-16) by the host's
//!   `TextDecoder`, installed by the binding at start. Browsers follow WHATWG; hosts built
//!   on ICU (Node, and so this build when loaded in Node) read some rarely used rows of
//!   Big5 (HKSCS) and EUC-KR (Windows 949's extra Hangul) otherwise, and malformed bytes
//!   are each host's call. GBK is read through the host's gb18030 decoder, which is
//!   WHATWG's GBK decoder and matches on every host tried. What the host cannot decode
//!   keeps its ASCII.
//!
//! Writing: UTF-8 and single-byte pages, as encoding_rs writes them. Multi-byte legacy
//! pages are read but not written in this build: [`writable`] says so by name.

use std::sync::OnceLock;

use encoding_rs::{Encoding, GB18030, GBK, REPLACEMENT, UTF_8};

use super::encoding_name;
use crate::error::{Error, ErrorCode, Result};

include!(concat!(env!("OUT_DIR"), "/single_byte.rs"));

/// Decodes `bytes` as the WHATWG encoding `label`, byte order marks kept as text; `None`
/// when the host has no decoder for it.
pub type HostDecoder = fn(bytes: &[u8], label: &'static str) -> Option<String>;

static HOST: OnceLock<HostDecoder> = OnceLock::new();

/// Called once by the binding before any decode.
pub fn install_decoder(decoder: HostDecoder) {
    let _ = HOST.set(decoder);
}

/// A single-byte page's high half.
fn page(encoding: &'static Encoding) -> Option<&'static [u16; 128]> {
    let name = encoding.name();
    SINGLE_BYTE.iter().find(|(page, _)| *page == name).map(|(_, high)| high)
}

pub fn decode(bytes: &[u8], encoding: &'static Encoding) -> String {
    if encoding == UTF_8 || encoding.is_ascii_compatible() && bytes.is_ascii() {
        return String::from_utf8_lossy(bytes).into_owned();
    }
    if let Some(page) = page(encoding) {
        return bytes
            .iter()
            .map(|&b| match b {
                0..=0x7F => char::from(b),
                _ => char::from_u32(page[usize::from(b - 0x80)].into()).unwrap_or('\u{FFFD}'),
            })
            .collect();
    }
    // WHATWG's "replacement" encoding, which no host decodes: all of it is one U+FFFD.
    if encoding == REPLACEMENT {
        return if bytes.is_empty() {
            String::new()
        } else {
            "\u{FFFD}".into()
        };
    }
    // WHATWG's GBK decoder is its gb18030 decoder; ICU hosts (Node) read their own "gbk"
    // table otherwise (A8BF is U+E7C8 there, ǹ in WHATWG) and refuse its four-byte forms.
    let label = if encoding == GBK {
        GB18030.name()
    } else {
        encoding.name()
    };
    HOST.get()
        .and_then(|host| host(bytes, label))
        // A host without this decoder: the ASCII survives.
        .unwrap_or_else(|| {
            bytes
                .iter()
                .map(|&b| if b < 0x80 { char::from(b) } else { '\u{FFFD}' })
                .collect()
        })
}

/// As the native `encode`: characters the page lacks become `?`.
pub fn encode(text: &str, encoding: &'static Encoding) -> Vec<u8> {
    let encoding = encoding.output_encoding();
    let Some(page) = page(encoding) else {
        // UTF-8; multi-byte pages are refused by `writable` before any text is written.
        return match encoding == UTF_8 {
            true => text.as_bytes().to_vec(),
            false => text
                .chars()
                .map(|c| if c.is_ascii() { c as u8 } else { b'?' })
                .collect(),
        };
    };
    // A linear search of 128 entries: writing is rare (a responder's strings), and a sorted
    // copy per page brought the standard library's sort into the download.
    text.chars()
        .map(|c| match c {
            '\0'..='\x7F' => c as u8,
            '\u{FFFD}' => b'?',
            _ => page
                .iter()
                .position(|&u| u32::from(u) == c as u32)
                .map_or(b'?', |i| 0x80 + i as u8),
        })
        .collect()
}

/// Whether this build can write text in `encoding`.
pub fn writable(encoding: &'static Encoding) -> Result<()> {
    let output = encoding.output_encoding();
    if output == UTF_8 || page(output).is_some() {
        return Ok(());
    }
    Err(Error::new(
        ErrorCode::BadEncoding,
        format!(
            "{} can be read but not written by gamequery-wasm's browser build (it writes UTF-8 and single-byte \
             code pages such as windows-1251); the Node package writes every WHATWG encoding",
            encoding_name(encoding)
        ),
    ))
}
