//! Appends wire fields to a caller-owned buffer. Writing is infallible: lengths are capped
//! by the caller (each protocol knows its caps), and prefixes saturate rather than wrap.

#[derive(Debug, Default)]
pub struct Writer {
    buf: Vec<u8>,
}

impl Writer {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with_capacity(cap: usize) -> Self {
        Self {
            buf: Vec::with_capacity(cap),
        }
    }

    pub fn into_bytes(self) -> Vec<u8> {
        self.buf
    }

    pub fn bytes(&mut self, b: &[u8]) -> &mut Self {
        self.buf.extend_from_slice(b);
        self
    }

    pub fn u8(&mut self, v: u8) -> &mut Self {
        self.bytes(&[v])
    }

    pub fn u16_le(&mut self, v: u16) -> &mut Self {
        self.bytes(&v.to_le_bytes())
    }

    pub fn u16_be(&mut self, v: u16) -> &mut Self {
        self.bytes(&v.to_be_bytes())
    }

    pub fn u32_le(&mut self, v: u32) -> &mut Self {
        self.bytes(&v.to_le_bytes())
    }

    pub fn i32_le(&mut self, v: i32) -> &mut Self {
        self.bytes(&v.to_le_bytes())
    }

    pub fn u32_be(&mut self, v: u32) -> &mut Self {
        self.bytes(&v.to_be_bytes())
    }

    /// u8 length + bytes, cut at `cap` (and at 255).
    pub fn str_u8(&mut self, s: &[u8], cap: usize) -> &mut Self {
        let s = &s[..s.len().min(cap).min(255)];
        self.u8(s.len() as u8).bytes(s)
    }

    /// u16 LE length + bytes, cut at `cap`.
    pub fn str_u16(&mut self, s: &[u8], cap: usize) -> &mut Self {
        let s = &s[..s.len().min(cap).min(usize::from(u16::MAX))];
        self.u16_le(s.len() as u16).bytes(s)
    }

    /// u32 LE length + bytes, cut at `cap`.
    pub fn str_u32(&mut self, s: &[u8], cap: usize) -> &mut Self {
        let s = &s[..s.len().min(cap)];
        self.u32_le(s.len() as u32).bytes(s)
    }
}
