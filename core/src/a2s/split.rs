//! Split replies. Source: `FE FF FF FF` · id u32 · total u8 · number u8 · [size u16] ·
//! payload, the size field absent in older engines (told apart on part 0, whose payload
//! starts with `FF FF FF FF`, or with the bzip2 header when compressed); id bit 31 set
//! means the joined payload is bzip2 with its size and CRC32 first. GoldSrc: `FE FF FF FF`
//! · id · number << 4 | total · payload. Parts arrive in any order; duplicates are
//! ignored; parts, bytes and the declared decompressed size are bounded.

use std::io::Read;

use crate::error::{Error, ErrorCode, Result};
use crate::wire::{Reader, Writer};

pub const SPLIT: [u8; 4] = [0xfe, 0xff, 0xff, 0xff];
pub const SINGLE: [u8; 4] = [0xff; 4];
/// Source caps a reply at 255 parts of at most ~1.4 KB; GoldSrc at 15.
pub const MAX_BYTES: usize = 1 << 20;
const COMPRESSED: u32 = 1 << 31;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    Source,
    GoldSrc,
}

/// One answer id's parts, as they come.
#[derive(Debug)]
pub struct Reassembly {
    layout: Layout,
    id: Option<u32>,
    total: usize,
    /// Whole packets by number (the payload's start is known once part 0 is in).
    parts: Vec<Option<Vec<u8>>>,
    bytes: usize,
}

fn malformed(message: impl Into<String>) -> Error {
    Error::new(ErrorCode::Malformed, message)
}

impl Reassembly {
    pub fn new(layout: Layout) -> Self {
        Self {
            layout,
            id: None,
            total: 0,
            parts: vec![],
            bytes: 0,
        }
    }

    /// A whole split packet (header included); the joined payload (starting `FF FF FF FF`)
    /// once every part is in. Parts of another answer id than the first are ignored.
    pub fn push(&mut self, packet: &[u8]) -> Result<Option<Vec<u8>>> {
        let min = if self.layout == Layout::Source { 10 } else { 9 };
        if packet.len() < min || packet[..4] != SPLIT {
            return Err(Error::at(
                ErrorCode::Truncated,
                "split header",
                0,
                "shorter than a split header",
            ));
        }
        let id = Reader::new(&packet[4..]).u32_le("split id")?;
        let (total, number) = match self.layout {
            Layout::Source => (usize::from(packet[8]), usize::from(packet[9])),
            Layout::GoldSrc => (usize::from(packet[8] & 0x0f), usize::from(packet[8] >> 4)),
        };
        match self.id {
            Some(first) if first != id => return Ok(None),
            Some(_) if total != self.total => return Err(malformed("the parts of a reply disagree on their count")),
            Some(_) => {}
            None => {
                if total == 0 {
                    return Err(Error::at(ErrorCode::Malformed, "split total", 8, "a reply in 0 parts"));
                }
                self.id = Some(id);
                self.total = total;
                self.parts = vec![None; total];
            }
        }
        if number >= total {
            return Err(Error::at(
                ErrorCode::Malformed,
                "split number",
                if self.layout == Layout::Source { 9 } else { 8 },
                format_args!("part {number} of {total}"),
            ));
        }
        if self.parts[number].is_none() {
            self.bytes += packet.len();
            if self.bytes > MAX_BYTES {
                return Err(malformed(format!("a split reply over {MAX_BYTES} bytes")));
            }
            self.parts[number] = Some(packet.to_vec());
        }
        if self.parts.iter().any(Option::is_none) {
            return Ok(None);
        }
        self.join(id).map(Some)
    }

    fn join(&self, id: u32) -> Result<Vec<u8>> {
        let compressed = self.layout == Layout::Source && id & COMPRESSED != 0;
        let start = match self.layout {
            Layout::GoldSrc => 9,
            Layout::Source => {
                let first = self.parts[0].as_deref().expect("all parts in");
                // Part 0's payload starts with FF FF FF FF, or when compressed with size,
                // CRC and then "BZh": wherever it does tells whether the size field is there.
                let at = |o: usize| {
                    if compressed {
                        first.get(o + 8..o + 11) == Some(b"BZh")
                    } else {
                        first.get(o..o + 4) == Some(&SINGLE)
                    }
                };
                if at(12) {
                    12
                } else if at(10) {
                    10
                } else {
                    return Err(Error::at(
                        ErrorCode::Malformed,
                        "split payload",
                        10,
                        "part 0 does not start a reply",
                    ));
                }
            }
        };
        let mut joined = Vec::with_capacity(self.bytes);
        for part in self.parts.iter().flatten() {
            joined.extend_from_slice(part.get(start..).unwrap_or_default());
        }
        if compressed {
            return decompress(&joined);
        }
        Ok(joined)
    }
}

/// Split replies being joined at once (a stray part of a lost reply must not block the
/// next one); the oldest is dropped past this.
const MAX_PENDING: usize = 4;

/// Datagrams in, whole replies out: a single-packet reply as it is, split parts joined per
/// answer id (a few at once). What `FrameDecoder('a2s')` and the client exchange run.
#[derive(Debug)]
pub struct Joiner {
    layout: Layout,
    pending: Vec<(u32, Reassembly)>,
}

impl Joiner {
    pub fn new(layout: Layout) -> Self {
        Self {
            layout,
            pending: vec![],
        }
    }

    /// Replies split later are joined the GoldSrc way (an info reply said GoldSrc).
    pub fn set_layout(&mut self, layout: Layout) {
        self.layout = layout;
    }

    /// Forgets parts of replies not yet whole (a request is sent again).
    pub fn clear(&mut self) {
        self.pending.clear();
    }

    /// The whole reply this datagram completes, if any. A broken part ends its reply only.
    pub fn push(&mut self, datagram: &[u8]) -> Result<Option<Vec<u8>>> {
        match datagram.get(..4) {
            Some(h) if h == SINGLE => return Ok(Some(datagram.to_vec())),
            Some(h) if h == SPLIT && datagram.len() >= 8 => {}
            _ => {
                return Err(Error::at(
                    ErrorCode::BadMagic,
                    "header",
                    0,
                    "expected FF FF FF FF or FE FF FF FF",
                ))
            }
        }
        let id = Reader::new(&datagram[4..]).u32_le("split id")?;
        let at = match self.pending.iter().position(|(i, _)| *i == id) {
            Some(at) => at,
            None => {
                if self.pending.len() == MAX_PENDING {
                    self.pending.remove(0);
                }
                self.pending.push((id, Reassembly::new(self.layout)));
                self.pending.len() - 1
            }
        };
        let joined = self.pending[at].1.push(datagram);
        if !matches!(joined, Ok(None)) {
            self.pending.remove(at);
        }
        joined
    }
}

/// `size i32 · crc32 u32 · bzip2 stream`: the declared size is capped before anything is
/// inflated, and the output must match both.
fn decompress(data: &[u8]) -> Result<Vec<u8>> {
    if data.len() < 8 {
        return Err(Error::at(ErrorCode::Truncated, "compressed size", 0, "no size and CRC"));
    }
    let mut r = Reader::new(data);
    let (size, crc) = (r.i32_le("compressed size")?, r.u32_le("crc")?);
    if size < 0 || size as usize > MAX_BYTES {
        return Err(Error::at(
            ErrorCode::BadLength,
            "compressed size",
            0,
            format_args!("{size} bytes declared (at most {MAX_BYTES})"),
        ));
    }
    let out = super::unbzip2::decode(&data[8..], size as usize, 8)?;
    let read = out.len();
    if read != size as usize {
        return Err(Error::at(
            ErrorCode::BadLength,
            "compressed size",
            0,
            format_args!("{size} bytes declared, {read} inflated"),
        ));
    }
    if crc32(&out) != crc {
        return Err(Error::at(
            ErrorCode::Malformed,
            "crc32",
            4,
            "the inflated reply fails its CRC32",
        ));
    }
    Ok(out)
}

/// A reply (starting `FF FF FF FF`) as it goes out: whole when it fits `max_packet`,
/// otherwise Source split packets of at most `max_packet` bytes, bzip2-compressed first
/// when `compress`. `id` keeps bits 15 and 31 clear (python-a2s reads bit 15 as the flag).
pub fn split(reply: &[u8], id: u32, max_packet: usize, compress: bool) -> Vec<Vec<u8>> {
    if reply.len() <= max_packet {
        return vec![reply.to_vec()];
    }
    let id = id & 0x7fff_7fff;
    let (id, payload) = if compress {
        let mut body = Writer::new();
        body.i32_le(reply.len() as i32).u32_le(crc32(reply));
        let mut bz = Vec::new();
        let mut encoder = bzip2::read::BzEncoder::new(reply, bzip2::Compression::best());
        encoder.read_to_end(&mut bz).expect("in-memory bzip2");
        body.bytes(&bz);
        (id | COMPRESSED, body.into_bytes())
    } else {
        (id, reply.to_vec())
    };
    let room = max_packet.saturating_sub(12).max(1);
    let total = payload.len().div_ceil(room).min(255);
    payload
        .chunks(room)
        .take(total)
        .enumerate()
        .map(|(n, chunk)| {
            let mut w = Writer::with_capacity(12 + chunk.len());
            w.bytes(&SPLIT)
                .u32_le(id)
                .u8(total as u8)
                .u8(n as u8)
                .u16_le(max_packet.min(usize::from(u16::MAX)) as u16)
                .bytes(chunk);
            w.into_bytes()
        })
        .collect()
}

/// CRC-32 (IEEE), as bzip2-compressed Source replies carry it.
fn crc32(bytes: &[u8]) -> u32 {
    const CRC32: crc::Crc<u32, crc::Table<1>> = crc::Crc::<u32, crc::Table<1>>::new(&crc::CRC_32_ISO_HDLC);
    CRC32.checksum(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reply(n: usize) -> Vec<u8> {
        let mut r = SINGLE.to_vec();
        r.push(b'E');
        r.extend((0..n).map(|i| (i % 251) as u8));
        r
    }

    #[test]
    fn source_parts_in_any_order_duplicates_ignored_compressed_or_not() {
        for compress in [false, true] {
            let whole = reply(5000);
            let mut parts = split(&whole, 0x84ff, 1248, compress);
            assert!(parts.len() > 1 || compress);
            parts.reverse();
            let mut r = Reassembly::new(Layout::Source);
            let mut out = None;
            for p in parts.iter().chain(parts.iter()) {
                if let Some(done) = r.push(p).unwrap() {
                    out.get_or_insert(done);
                }
            }
            assert_eq!(out.unwrap(), whole, "compress {compress}");
        }
    }

    #[test]
    fn older_source_without_size_field_and_goldsrc() {
        let whole = reply(100);
        let (a, b) = whole.split_at(60);
        let no_size = |n: u8, chunk: &[u8]| [&SPLIT[..], &7u32.to_le_bytes(), &[2, n], chunk].concat();
        let mut r = Reassembly::new(Layout::Source);
        assert_eq!(r.push(&no_size(1, b)).unwrap(), None);
        assert_eq!(r.push(&no_size(0, a)).unwrap().unwrap(), whole);
        let gold = |n: u8, chunk: &[u8]| [&SPLIT[..], &7u32.to_le_bytes(), &[(n << 4) | 2], chunk].concat();
        let mut r = Reassembly::new(Layout::GoldSrc);
        assert_eq!(r.push(&gold(1, b)).unwrap(), None);
        assert_eq!(r.push(&gold(0, a)).unwrap().unwrap(), whole);
    }

    #[test]
    fn bombs_and_lies_are_typed_errors() {
        // One compressed part: the declared size, a zero CRC, the stream.
        let compressed = |declared: i32, stream: &[u8]| {
            let mut body = Writer::new();
            body.i32_le(declared).u32_le(0).bytes(stream);
            [
                &SPLIT[..],
                &(COMPRESSED | 1).to_le_bytes(),
                &[1, 0],
                &1248u16.to_le_bytes(),
                &body.into_bytes(),
            ]
            .concat()
        };
        // A declared size above the cap is refused before inflating.
        let bomb = compressed(64 << 20, b"BZh9");
        assert_eq!(
            Reassembly::new(Layout::Source).push(&bomb).unwrap_err().code,
            ErrorCode::BadLength
        );
        // 2 MB of zeros compressed small, declared as 1 KB: stops at the declared size.
        let zeros = vec![0u8; 2 << 20];
        let mut bz = Vec::new();
        bzip2::read::BzEncoder::new(&zeros[..], bzip2::Compression::best())
            .read_to_end(&mut bz)
            .unwrap();
        let lie = compressed(1024, &bz);
        assert_eq!(
            Reassembly::new(Layout::Source).push(&lie).unwrap_err().code,
            ErrorCode::BadLength
        );
        let zero_parts = [&SPLIT[..], &1u32.to_le_bytes(), &[0, 0]].concat();
        assert_eq!(
            Reassembly::new(Layout::Source).push(&zero_parts).unwrap_err().code,
            ErrorCode::Malformed
        );
        let out_of_range = [&SPLIT[..], &1u32.to_le_bytes(), &[2, 5]].concat();
        assert_eq!(
            Reassembly::new(Layout::Source).push(&out_of_range).unwrap_err().code,
            ErrorCode::Malformed
        );
    }
}
