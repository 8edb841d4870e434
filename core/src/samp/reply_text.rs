//! What every text-bearing reply reports besides its strings: the encoding used and, when
//! asked for, the raw bytes of each string (hex, in wire order) so a caller can re-decode
//! them. [`Texts`] decodes a reply's strings with one encoding in one pass.

use encoding_rs::{Encoding, UTF_8};
use serde::Serialize;

use crate::error::Result;
use crate::input::Obj;
use crate::text::{decode, encoding_name, guess_not_utf8, resolve_writable_label, TextEncoding};
use crate::wire::{to_hex, Reader};

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SampReplyText"))]
pub struct ReplyText {
    /// WHATWG name of the code page the strings were decoded with (`utf-8`,
    /// `windows-1251`, …). When encoding, the code page to write (default `utf-8`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub encoding: Option<String>,
    /// The undecoded bytes of every string of the reply, in wire order, as hex — only
    /// with the `rawStrings: true` option. Ignored when encoding.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<String>>", optional))]
    pub raw_strings: Vec<String>,
}

impl ReplyText {
    /// `encoding` and `rawStrings`, out of a reply's object.
    pub fn take(o: &mut Obj<'_>) -> Result<Self> {
        Ok(Self {
            encoding: o.or_default("encoding")?,
            raw_strings: o.or_default("rawStrings")?,
        })
    }

    pub fn encoding(&self) -> Result<&'static Encoding> {
        self.encoding.as_deref().map_or(Ok(UTF_8), resolve_writable_label)
    }
}

/// Decodes the strings of one or more replies with one encoding. With `Auto` it decodes
/// optimistically as UTF-8 and remembers every string; when one is not UTF-8, those that
/// hold non-ASCII bytes are decoded again with [`Texts::guessed`]'s encoding (the only
/// time the detector runs; ASCII reads the same in every candidate).
pub(crate) struct Texts<'a> {
    encoding: TextEncoding,
    seen: Vec<&'a [u8]>,
    utf8: bool,
    keep_raw: bool,
}

impl<'a> Texts<'a> {
    pub fn new(encoding: TextEncoding, keep_raw: bool) -> Self {
        Self {
            encoding,
            seen: Vec::new(),
            utf8: true,
            keep_raw,
        }
    }

    /// Reads `bytes` as text; under `Auto`, an empty string for non-ASCII bytes once UTF-8
    /// has failed.
    pub fn text(&mut self, bytes: &'a [u8]) -> String {
        match self.encoding {
            TextEncoding::Fixed(e) => {
                if self.keep_raw {
                    self.seen.push(bytes);
                }
                decode(bytes, e)
            }
            TextEncoding::Auto => {
                self.seen.push(bytes);
                match std::str::from_utf8(bytes) {
                    Ok(s) if self.utf8 || s.is_ascii() => s.to_owned(),
                    _ => {
                        self.utf8 = false;
                        String::new()
                    }
                }
            }
        }
    }

    /// Every string so far read as the encoding says: always for a fixed code page; under
    /// `Auto`, while every string was UTF-8.
    pub fn all_utf8(&self) -> bool {
        self.utf8
    }

    /// The code page to decode the non-ASCII strings again with, when `Auto` met a string
    /// that is not UTF-8.
    pub fn guessed(&self) -> Option<&'static Encoding> {
        (self.encoding == TextEncoding::Auto && !self.utf8).then(|| guess_not_utf8(&self.seen))
    }

    pub fn reply_text(&self) -> ReplyText {
        let encoding = match self.encoding {
            TextEncoding::Fixed(e) => e,
            TextEncoding::Auto => UTF_8,
        };
        ReplyText {
            encoding: Some(encoding_name(encoding)),
            raw_strings: if self.keep_raw {
                self.seen.iter().map(|s| to_hex(s)).collect()
            } else {
                Vec::new()
            },
        }
    }
}

/// The strings of a decoded value, in the order its read met them on the wire.
pub(crate) trait WireStrings {
    fn each_string(&mut self, f: &mut dyn FnMut(&mut String));
}

/// Runs `read` over `r` with one encoding for all its strings. When `Auto` met text that
/// is not UTF-8, its non-ASCII strings are decoded again with the guessed code page.
/// Returns the value and its [`ReplyText`].
pub(crate) fn read_texts<'a, T: WireStrings>(
    r: &mut Reader<'a>,
    encoding: TextEncoding,
    keep_raw: bool,
    read: impl Fn(&mut Reader<'a>, &mut Texts<'a>) -> Result<T>,
) -> Result<(T, ReplyText)> {
    let mut texts = Texts::new(encoding, keep_raw);
    let mut value = read(r, &mut texts)?;
    if let Some(e) = texts.guessed() {
        let mut seen = texts.seen.iter();
        value.each_string(&mut |s| match seen.next() {
            Some(bytes) if !bytes.is_ascii() => *s = decode(bytes, e),
            _ => {}
        });
        debug_assert!(seen.next().is_none(), "each_string visits every string read");
        texts.encoding = TextEncoding::Fixed(e);
    }
    Ok((value, texts.reply_text()))
}
