//! A bzip2 decoder for A2S's compressed split replies (the only bzip2 the protocols use).
//!
//! Why not the `bzip2` crate here: its decoder (libbz2-rs-sys's state machine, behind
//! `std::io`) was 13 KB of the browser's 175 KB gzipped codec module, for replies that a
//! few old engines send; this one is ~3 KB. The crate still compresses for responders, and
//! the tests decode its output and compare this decoder with it on hostile input.
//!
//! The format (as libbzip2 1.0.8 reads it): `BZh` and the block size; blocks of Huffman-
//! coded move-to-front symbols with zero runs, a Burrows–Wheeler transform and a run-length
//! step, each with its CRC; then the stream's combined CRC. Randomised blocks (written only
//! by bzip2 0.9.0, before 2000) are refused. Everything read is checked against what is
//! left and against the block size the header declares.

use crate::error::{Error, ErrorCode, Result};

const BLOCK_MAGIC: u64 = 0x3141_5926_5359;
const END_MAGIC: u64 = 0x1772_4538_5090;
/// Symbols a Huffman group codes before the next selector (the format's `BZ_G_SIZE`).
const GROUP_SIZE: usize = 50;
/// The most selectors libbzip2 keeps: more are read and ignored, as it does.
const MAX_SELECTORS: usize = 2 + 900_000 / GROUP_SIZE;
const MAX_CODE_LEN: u32 = 20;
const CRC: crc::Crc<u32, crc::NoTable> = crc::Crc::<u32, crc::NoTable>::new(&crc::CRC_32_BZIP2);

/// Decodes one bzip2 stream, stopping as soon as the output holds more than `max_out`
/// bytes (the caller's cap: it sees the excess and refuses it). Bytes after the stream's
/// end are ignored. Offsets in errors count from `data`'s start plus `base`.
pub(crate) fn decode(data: &[u8], max_out: usize, base: usize) -> Result<Vec<u8>> {
    let mut bits = Bits {
        data,
        next: 0,
        acc: 0,
        have: 0,
        base,
    };
    if bits.read(24)? != u32::from_be_bytes([0, b'B', b'Z', b'h']) {
        return Err(bits.error("bzip2 header", "no BZh signature"));
    }
    let level = bits.read(8)?.wrapping_sub(u32::from(b'0'));
    if !(1..=9).contains(&level) {
        return Err(bits.error("bzip2 header", "the block size is not 1-9"));
    }
    let max_block = level as usize * 100_000;
    let mut out = Vec::new();
    let mut combined = 0u32;
    loop {
        let magic = u64::from(bits.read(24)?) << 24 | u64::from(bits.read(24)?);
        if magic == END_MAGIC {
            if bits.read(32)? != combined {
                return Err(bits.error("bzip2 stream CRC", "the stream fails its CRC"));
            }
            return Ok(out);
        }
        if magic != BLOCK_MAGIC {
            return Err(bits.error("bzip2 block", "no block signature"));
        }
        let expected = bits.read(32)?;
        let start = out.len();
        let symbols = read_block(&mut bits, max_block)?;
        if !unrle(&symbols, &mut out, max_out) {
            return Ok(out);
        }
        if CRC.checksum(&out[start..]) != expected {
            return Err(bits.error("bzip2 block CRC", "a block fails its CRC"));
        }
        combined = combined.rotate_left(1) ^ expected;
    }
}

/// One block's bytes after the Burrows–Wheeler transform is undone (still run-length coded).
fn read_block(bits: &mut Bits, max_block: usize) -> Result<Vec<u8>> {
    if bits.read(1)? == 1 {
        return Err(bits.error("bzip2 block", "randomised blocks (bzip2 0.9.0) are not supported"));
    }
    let orig_ptr = bits.read(24)? as usize;
    let used = symbol_map(bits)?;
    let alpha = used.len() + 2;
    let groups = bits.read(3)? as usize;
    if !(2..=6).contains(&groups) {
        return Err(bits.error("bzip2 Huffman groups", "not 2-6"));
    }
    let selectors = selectors(bits, groups)?;
    let tables = (0..groups)
        .map(|_| Table::read(bits, alpha))
        .collect::<Result<Vec<_>>>()?;

    // Move-to-front symbols, with runs of the front symbol as RUNA/RUNB digits.
    let mut mtf: Vec<u8> = (0..=255).collect();
    let mut block: Vec<u8> = Vec::new();
    let end = alpha - 1;
    let (mut run, mut weight) = (0usize, 1usize);
    for &table in selectors.iter().flat_map(|s| std::iter::repeat_n(s, GROUP_SIZE)) {
        let symbol = tables[table as usize].decode(bits)?;
        if symbol <= 1 {
            run += weight << symbol;
            weight <<= 1;
            if run > max_block {
                return Err(bits.error("bzip2 block", "more symbols than the block size"));
            }
            continue;
        }
        if run > 0 {
            if block.len() + run > max_block {
                return Err(bits.error("bzip2 block", "more symbols than the block size"));
            }
            block.resize(block.len() + run, used[mtf[0] as usize]);
            (run, weight) = (0, 1);
        }
        if symbol == end {
            return unbwt(bits, block, orig_ptr);
        }
        if block.len() == max_block {
            return Err(bits.error("bzip2 block", "more symbols than the block size"));
        }
        let index = symbol - 1;
        let front = mtf[index];
        mtf.copy_within(0..index, 1);
        mtf[0] = front;
        block.push(used[front as usize]);
    }
    Err(bits.error("bzip2 selectors", "the block outlasts its selectors"))
}

/// The bytes the block uses, in order: a 16-bit map of 16-byte ranges, then each range's.
fn symbol_map(bits: &mut Bits) -> Result<Vec<u8>> {
    let ranges = bits.read(16)?;
    let mut used = Vec::new();
    for range in (0..16).filter(|r| ranges & (0x8000 >> r) != 0) {
        let members = bits.read(16)?;
        used.extend(
            (0..16)
                .filter(|m| members & (0x8000 >> m) != 0)
                .map(|m| (range * 16 + m) as u8),
        );
    }
    if used.is_empty() {
        return Err(bits.error("bzip2 symbol map", "no byte is used"));
    }
    Ok(used)
}

/// Which Huffman table codes each group of 50 symbols (move-to-front, unary coded).
fn selectors(bits: &mut Bits, groups: usize) -> Result<Vec<u8>> {
    let count = bits.read(15)? as usize;
    if count == 0 {
        return Err(bits.error("bzip2 selectors", "none"));
    }
    let mut order: Vec<u8> = (0..groups as u8).collect();
    let mut selectors = Vec::with_capacity(count.min(MAX_SELECTORS));
    for _ in 0..count {
        let mut j = 0;
        while bits.read(1)? == 1 {
            j += 1;
            if j >= groups {
                return Err(bits.error("bzip2 selectors", "a selector past the last table"));
            }
        }
        let table = order[j];
        order.copy_within(0..j, 1);
        order[0] = table;
        if selectors.len() < MAX_SELECTORS {
            selectors.push(table);
        }
    }
    Ok(selectors)
}

/// A canonical Huffman code in libbzip2's decoding tables (`hbCreateDecodeTables`): with
/// them a damaged code (over-subscribed, incomplete) reads as libbzip2 reads it.
struct Table {
    /// Symbols by code length.
    perm: Vec<u16>,
    /// The largest code of each length.
    limit: [i32; TABLE_LEN],
    /// What a code of each length minus this is the index in `perm` of.
    base: [i32; TABLE_LEN],
    min_len: u32,
}

const TABLE_LEN: usize = MAX_CODE_LEN as usize + 3;

impl Table {
    /// Code lengths, delta coded: a 5-bit start, then per symbol `1x` steps up or down.
    fn read(bits: &mut Bits, alpha: usize) -> Result<Self> {
        let mut lengths = Vec::with_capacity(alpha);
        let mut len = bits.read(5)?;
        for _ in 0..alpha {
            loop {
                if !(1..=MAX_CODE_LEN).contains(&len) {
                    return Err(bits.error("bzip2 code lengths", "a length outside 1-20"));
                }
                if bits.read(1)? == 0 {
                    break;
                }
                len = if bits.read(1)? == 0 { len + 1 } else { len - 1 };
            }
            lengths.push(len as usize);
        }
        let min_len = *lengths.iter().min().expect("at least two symbols");
        let max_len = *lengths.iter().max().expect("at least two symbols");
        let lengths = &lengths;
        let perm = (min_len..=max_len)
            .flat_map(|l| (0..alpha as u16).filter(move |&s| lengths[s as usize] == l))
            .collect();
        let mut base = [0i32; TABLE_LEN];
        let mut limit = [0i32; TABLE_LEN];
        lengths.iter().for_each(|&l| base[l + 1] += 1);
        for i in 1..TABLE_LEN {
            base[i] += base[i - 1];
        }
        let mut code = 0;
        for i in min_len..=max_len {
            code += base[i + 1] - base[i];
            limit[i] = code - 1;
            code <<= 1;
        }
        for i in min_len + 1..=max_len {
            base[i] = ((limit[i - 1] + 1) << 1) - base[i];
        }
        Ok(Self {
            perm,
            limit,
            base,
            min_len: min_len as u32,
        })
    }

    fn decode(&self, bits: &mut Bits) -> Result<usize> {
        let mut len = self.min_len as usize;
        let mut code = bits.read(self.min_len)? as i32;
        while code > self.limit[len] {
            len += 1;
            if len > MAX_CODE_LEN as usize {
                return Err(bits.error("bzip2 Huffman code", "a code no symbol has"));
            }
            code = code << 1 | bits.read(1)? as i32;
        }
        match usize::try_from(code - self.base[len])
            .ok()
            .and_then(|i| self.perm.get(i))
        {
            Some(&symbol) => Ok(symbol as usize),
            None => Err(bits.error("bzip2 Huffman code", "a code no symbol has")),
        }
    }
}

/// Undoes the Burrows–Wheeler transform: each link's low byte is the block's byte there,
/// the rest the index of the next link.
fn unbwt(bits: &Bits, block: Vec<u8>, orig_ptr: usize) -> Result<Vec<u8>> {
    if orig_ptr >= block.len() {
        return Err(bits.error("bzip2 origin pointer", "past the block's end"));
    }
    let mut next = [0usize; 256];
    block.iter().for_each(|&b| next[b as usize] += 1);
    let mut sum = 0;
    for slot in next.iter_mut() {
        (*slot, sum) = (sum, sum + *slot);
    }
    let mut links: Vec<u32> = block.iter().map(|&b| u32::from(b)).collect();
    for (i, &b) in block.iter().enumerate() {
        links[next[b as usize]] |= (i as u32) << 8;
        next[b as usize] += 1;
    }
    let mut at = links[orig_ptr] >> 8;
    Ok((0..block.len())
        .map(|_| {
            let link = links[at as usize];
            at = link >> 8;
            link as u8
        })
        .collect())
}

/// The first step's run-length coding: four equal bytes, then a count of more. False when
/// `out` went past `max_out` (it stops there).
fn unrle(bytes: &[u8], out: &mut Vec<u8>, max_out: usize) -> bool {
    let (mut last, mut same) = (None, 0);
    for &b in bytes {
        if same == 4 {
            let byte = last.unwrap_or_default();
            out.extend(std::iter::repeat_n(byte, b as usize));
            same = 0;
        } else {
            same = if last == Some(b) { same + 1 } else { 1 };
            last = Some(b);
            out.push(b);
        }
        if out.len() > max_out {
            return false;
        }
    }
    true
}

/// Bits, most significant first.
struct Bits<'a> {
    data: &'a [u8],
    next: usize,
    acc: u64,
    have: u32,
    base: usize,
}

impl Bits<'_> {
    /// Up to 32 bits.
    fn read(&mut self, n: u32) -> Result<u32> {
        while self.have < n {
            // Malformed, not truncated: every part of the reply has arrived.
            let Some(&byte) = self.data.get(self.next) else {
                return Err(Error::at(
                    ErrorCode::Malformed,
                    "bzip2 stream",
                    self.base + self.next,
                    "the stream ends early",
                ));
            };
            self.acc = self.acc << 8 | u64::from(byte);
            self.next += 1;
            self.have += 8;
        }
        self.have -= n;
        Ok(((self.acc >> self.have) & ((1 << n) - 1)) as u32)
    }

    fn error(&self, field: &'static str, detail: &'static str) -> Error {
        Error::at(
            ErrorCode::Malformed,
            field,
            self.base + self.next.saturating_sub(1),
            detail,
        )
    }
}

#[cfg(test)]
mod tests;
