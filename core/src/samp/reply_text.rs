//! What every text-bearing reply reports besides its strings: the encoding used and the
//! raw bytes of each string (hex, in wire order), so a caller can re-decode them.

use encoding_rs::{Encoding, UTF_8};
use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::text::{encoding_name, resolve_label, TextEncoding};
use crate::wire::to_hex;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SampReplyText"))]
pub struct ReplyText {
    /// WHATWG name of the code page the strings were decoded with (`utf-8`,
    /// `windows-1251`, …). When encoding, the code page to write (default `utf-8`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub encoding: Option<String>,
    /// The undecoded bytes of every string of the reply, in wire order, as hex.
    /// Ignored when encoding.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<String>>", optional))]
    pub raw_strings: Vec<String>,
}

impl ReplyText {
    pub fn encoding(&self) -> Result<&'static Encoding> {
        self.encoding.as_deref().map_or(Ok(UTF_8), resolve_label)
    }
}

/// Collects a reply's raw strings so they can be decoded together.
#[derive(Default)]
pub(crate) struct StringsIn<'a>(Vec<&'a [u8]>);

impl<'a> StringsIn<'a> {
    pub fn push(&mut self, s: &'a [u8]) {
        self.0.push(s);
    }

    pub fn decode_vec(self, enc: TextEncoding) -> (ReplyText, Vec<String>) {
        let decoded = enc.decode_all(&self.0);
        let text = ReplyText {
            encoding: Some(encoding_name(decoded.encoding)),
            raw_strings: self.0.iter().map(|s| to_hex(s)).collect(),
        };
        (text, decoded.texts)
    }

    pub fn decode<const N: usize>(self, enc: TextEncoding) -> (ReplyText, [String; N]) {
        let (text, texts) = self.decode_vec(enc);
        let texts = texts.try_into().expect("caller pushed exactly N strings");
        (text, texts)
    }
}
