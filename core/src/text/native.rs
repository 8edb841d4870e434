//! Text and bytes through encoding_rs: every build but the browser's (which reads code
//! pages through `host.rs` instead).

use encoding_rs::EncoderResult;
use encoding_rs::{Encoding, UTF_8};

/// One string in a known encoding (`U+FFFD` for malformed bytes).
pub fn decode(bytes: &[u8], encoding: &'static Encoding) -> String {
    encoding.decode_without_bom_handling(bytes).0.into_owned()
}

/// Encodes for the wire. Characters the code page cannot represent become `?`, as a
/// Windows server would send them (encoding_rs alone would write HTML `&#NNNN;`).
pub fn encode(text: &str, encoding: &'static Encoding) -> Vec<u8> {
    let encoding = encoding.output_encoding();
    if encoding == UTF_8 {
        return text.as_bytes().to_vec();
    }
    let mut encoder = encoding.new_encoder();
    let mut out = Vec::with_capacity(text.len());
    let mut rest = text;
    loop {
        let cap = encoder
            .max_buffer_length_from_utf8_without_replacement(rest.len())
            .unwrap_or(rest.len() * 4 + 16);
        out.reserve(cap);
        let (result, read) = encoder.encode_from_utf8_to_vec_without_replacement(rest, &mut out, true);
        rest = &rest[read..];
        match result {
            EncoderResult::InputEmpty => return out,
            EncoderResult::OutputFull => {}
            EncoderResult::Unmappable(_) => out.push(b'?'),
        }
    }
}
