//! A cursor over untrusted bytes. Every read checks what remains first and reports the
//! field name and offset, so a decoder never indexes a slice itself.

use crate::error::{Error, ErrorCode, Result};

#[derive(Debug, Clone)]
pub struct Reader<'a> {
    bytes: &'a [u8],
    offset: usize,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        Self { bytes, offset: 0 }
    }

    pub fn offset(&self) -> usize {
        self.offset
    }

    pub fn remaining(&self) -> usize {
        self.bytes.len() - self.offset
    }

    pub fn is_empty(&self) -> bool {
        self.remaining() == 0
    }

    /// The next `len` bytes, or `GQ_TRUNCATED` naming `field`.
    pub fn take(&mut self, len: usize, field: &'static str) -> Result<&'a [u8]> {
        if len > self.remaining() {
            return Err(Error::at(
                ErrorCode::Truncated,
                field,
                self.offset,
                format_args!("needs {len} bytes, {} remain", self.remaining()),
            ));
        }
        let out = &self.bytes[self.offset..self.offset + len];
        self.offset += len;
        Ok(out)
    }

    pub fn array<const N: usize>(&mut self, field: &'static str) -> Result<[u8; N]> {
        let mut out = [0; N];
        out.copy_from_slice(self.take(N, field)?);
        Ok(out)
    }

    /// The bytes left, not consumed.
    pub fn peek(&self) -> &'a [u8] {
        &self.bytes[self.offset..]
    }

    /// The bytes before the next NUL, consumed with it; `GQ_TRUNCATED` when none comes.
    pub fn cstr(&mut self, field: &'static str) -> Result<&'a [u8]> {
        let Some(end) = self.peek().iter().position(|&b| b == 0) else {
            return Err(Error::at(ErrorCode::Truncated, field, self.offset, "no NUL ends it"));
        };
        let out = self.take(end, field)?;
        self.offset += 1;
        Ok(out)
    }

    pub fn rest(&mut self) -> &'a [u8] {
        let out = &self.bytes[self.offset..];
        self.offset = self.bytes.len();
        out
    }

    pub fn u8(&mut self, field: &'static str) -> Result<u8> {
        Ok(self.array::<1>(field)?[0])
    }

    pub fn u16_le(&mut self, field: &'static str) -> Result<u16> {
        self.array(field).map(u16::from_le_bytes)
    }

    pub fn u16_be(&mut self, field: &'static str) -> Result<u16> {
        self.array(field).map(u16::from_be_bytes)
    }

    pub fn u32_le(&mut self, field: &'static str) -> Result<u32> {
        self.array(field).map(u32::from_le_bytes)
    }

    pub fn i32_le(&mut self, field: &'static str) -> Result<i32> {
        self.array(field).map(i32::from_le_bytes)
    }

    pub fn u32_be(&mut self, field: &'static str) -> Result<u32> {
        self.array(field).map(u32::from_be_bytes)
    }

    /// A length-prefixed byte string. The declared length is checked against what remains
    /// *and* against `cap` before anything is sliced, so a hostile prefix costs nothing.
    pub fn prefixed(&mut self, prefix: Prefix, cap: usize, field: &'static str) -> Result<&'a [u8]> {
        let start = self.offset;
        let len = match prefix {
            Prefix::U8 => usize::from(self.u8(field)?),
            Prefix::U16Le => usize::from(self.u16_le(field)?),
            Prefix::U32Le => self.u32_le(field)? as usize,
        };
        if len > cap {
            return Err(Error::at(
                ErrorCode::BadLength,
                field,
                start,
                format_args!("declared length {len} exceeds the cap of {cap}"),
            ));
        }
        if len > self.remaining() {
            return Err(Error::at(
                ErrorCode::Truncated,
                field,
                start,
                format_args!("declared length {len}, {} bytes remain", self.remaining()),
            ));
        }
        self.take(len, field)
    }

    /// Fails with `GQ_TRAILING_BYTES` unless the input is used up.
    pub fn expect_end(&self, what: &'static str) -> Result<()> {
        if self.is_empty() {
            Ok(())
        } else {
            Err(Error::at(
                ErrorCode::TrailingBytes,
                what,
                self.offset,
                format_args!("{} unexpected bytes after the end", self.remaining()),
            ))
        }
    }
}

/// How a string's length is written on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Prefix {
    U8,
    U16Le,
    U32Le,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncation_names_field_and_offset() {
        let mut r = Reader::new(&[1, 2, 3]);
        assert_eq!(r.u16_le("a").unwrap(), 0x0201);
        let e = r.u16_le("b").unwrap_err();
        assert_eq!((e.code, e.field, e.offset), (ErrorCode::Truncated, Some("b"), Some(2)));
    }

    #[test]
    fn hostile_length_prefix_is_rejected_before_slicing() {
        let mut r = Reader::new(&[0xff, 0xff, 0xff, 0x7f, b'x']);
        let e = r.prefixed(Prefix::U32Le, 63, "hostname").unwrap_err();
        assert_eq!((e.code, e.offset), (ErrorCode::BadLength, Some(0)));
        let mut r = Reader::new(&[5, 0, 0, 0, b'x']);
        let e = r.prefixed(Prefix::U32Le, 63, "hostname").unwrap_err();
        assert_eq!(e.code, ErrorCode::Truncated);
    }
}
