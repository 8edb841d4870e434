//! Minecraft's VarInt/VarLong: LEB128 over the two's-complement value, at most 5 / 10
//! bytes. A longer encoding is an error, never a wrap-around.

use super::{Reader, Writer};
use crate::error::{Error, ErrorCode, Result};

pub const VARINT_MAX: usize = 5;
pub const VARLONG_MAX: usize = 10;

pub fn varint_len(value: i32) -> usize {
    let v = value as u32;
    (1..VARINT_MAX).find(|&n| v >> (7 * n) == 0).unwrap_or(VARINT_MAX)
}

/// Decodes a VarInt at `bytes[offset..]`: `Ok(None)` when the bytes end before it does
/// (more may arrive on a stream), `(value, length)` when complete.
pub fn decode_varint(bytes: &[u8], offset: usize, field: &'static str) -> Result<Option<(i32, usize)>> {
    let mut value: u32 = 0;
    for i in 0..VARINT_MAX {
        let Some(&b) = bytes.get(offset + i) else {
            return Ok(None);
        };
        value |= u32::from(b & 0x7f) << (7 * i);
        if b & 0x80 == 0 {
            return Ok(Some((value as i32, i + 1)));
        }
    }
    Err(Error::at(
        ErrorCode::Malformed,
        field,
        offset,
        "VarInt longer than 5 bytes",
    ))
}

impl<'a> Reader<'a> {
    pub fn varint(&mut self, field: &'static str) -> Result<i32> {
        self.varnum(VARINT_MAX, field).map(|v| v as u32 as i32)
    }

    pub fn varlong(&mut self, field: &'static str) -> Result<i64> {
        self.varnum(VARLONG_MAX, field).map(|v| v as i64)
    }

    fn varnum(&mut self, max: usize, field: &'static str) -> Result<u64> {
        let start = self.offset();
        let mut value: u64 = 0;
        for i in 0..max {
            let b = self
                .u8(field)
                .map_err(|_| Error::at(ErrorCode::Truncated, field, start, "the input ends inside a VarInt"))?;
            value |= u64::from(b & 0x7f) << (7 * i);
            if b & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(Error::at(
            ErrorCode::Malformed,
            field,
            start,
            format_args!("variable-length number longer than {max} bytes"),
        ))
    }

    /// A Minecraft string: VarInt byte length + UTF-8, at most `max_chars` UTF-16 units.
    pub fn mc_string(&mut self, max_chars: usize, field: &'static str) -> Result<&'a str> {
        let start = self.offset();
        let len = self.varint(field)?;
        let len = usize::try_from(len)
            .map_err(|_| Error::at(ErrorCode::BadLength, field, start, "negative string length"))?;
        if len > max_chars * 3 {
            return Err(Error::at(
                ErrorCode::BadLength,
                field,
                start,
                format_args!("{len} bytes exceeds the cap of {max_chars} characters"),
            ));
        }
        let bytes = self.take(len, field)?;
        let text = std::str::from_utf8(bytes)
            .map_err(|e| Error::at(ErrorCode::Malformed, field, start, format_args!("invalid UTF-8: {e}")))?;
        // Every UTF-16 unit takes at least one byte: only a longer text needs counting.
        if text.len() > max_chars && text.encode_utf16().count() > max_chars {
            return Err(Error::at(
                ErrorCode::BadLength,
                field,
                start,
                format_args!("more than {max_chars} characters"),
            ));
        }
        Ok(text)
    }
}

impl Writer {
    pub fn varint(&mut self, value: i32) -> &mut Self {
        self.varnum(u64::from(value as u32))
    }

    pub fn varlong(&mut self, value: i64) -> &mut Self {
        self.varnum(value as u64)
    }

    fn varnum(&mut self, mut v: u64) -> &mut Self {
        loop {
            let byte = (v & 0x7f) as u8;
            v >>= 7;
            if v == 0 {
                return self.u8(byte);
            }
            self.u8(byte | 0x80);
        }
    }

    pub fn mc_string(&mut self, s: &str) -> &mut Self {
        self.varint(s.len() as i32).bytes(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CASES: &[(i32, &[u8])] = &[
        (0, &[0x00]),
        (1, &[0x01]),
        (127, &[0x7f]),
        (128, &[0x80, 0x01]),
        (255, &[0xff, 0x01]),
        (25565, &[0xdd, 0xc7, 0x01]),
        (2097151, &[0xff, 0xff, 0x7f]),
        (i32::MAX, &[0xff, 0xff, 0xff, 0xff, 0x07]),
        (-1, &[0xff, 0xff, 0xff, 0xff, 0x0f]),
        (i32::MIN, &[0x80, 0x80, 0x80, 0x80, 0x08]),
    ];

    #[test]
    fn varint_table_both_ways() {
        for &(value, bytes) in CASES {
            let mut w = Writer::new();
            w.varint(value);
            assert_eq!(w.into_bytes(), bytes, "{value}");
            assert_eq!(Reader::new(bytes).varint("v").unwrap(), value);
            assert_eq!(varint_len(value), bytes.len());
            assert_eq!(decode_varint(bytes, 0, "v").unwrap(), Some((value, bytes.len())));
        }
    }

    #[test]
    fn varlong_table_both_ways() {
        let cases: &[(i64, &[u8])] = &[
            (0, &[0]),
            (i64::MAX, &[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f]),
            (-1, &[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]),
            (i64::MIN, &[0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01]),
        ];
        for &(value, bytes) in cases {
            let mut w = Writer::new();
            w.varlong(value);
            assert_eq!(w.into_bytes(), bytes);
            assert_eq!(Reader::new(bytes).varlong("v").unwrap(), value);
        }
    }

    #[test]
    fn sixth_byte_is_an_error_not_a_wrap() {
        let six = [0xff, 0xff, 0xff, 0xff, 0xff, 0x01];
        assert_eq!(Reader::new(&six).varint("v").unwrap_err().code, ErrorCode::Malformed);
        assert_eq!(decode_varint(&six, 0, "v").unwrap_err().code, ErrorCode::Malformed);
        assert_eq!(decode_varint(&[0x80, 0x80], 0, "v").unwrap(), None);
        assert_eq!(Reader::new(&[0x80]).varint("v").unwrap_err().code, ErrorCode::Truncated);
        let eleven = [0xff; 11];
        assert_eq!(
            Reader::new(&eleven).varlong("v").unwrap_err().code,
            ErrorCode::Malformed
        );
    }

    #[test]
    fn strings_are_capped_and_utf8_checked() {
        let mut w = Writer::new();
        w.mc_string("héllo");
        let bytes = w.into_bytes();
        assert_eq!(Reader::new(&bytes).mc_string(5, "s").unwrap(), "héllo");
        assert_eq!(
            Reader::new(&bytes).mc_string(4, "s").unwrap_err().code,
            ErrorCode::BadLength
        );
        assert_eq!(
            Reader::new(&[2, 0xc3, 0x28]).mc_string(10, "s").unwrap_err().code,
            ErrorCode::Malformed
        );
        assert_eq!(
            Reader::new(&[0xff, 0xff, 0xff, 0xff, 0x07])
                .mc_string(32767, "s")
                .unwrap_err()
                .code,
            ErrorCode::BadLength
        );
    }
}
