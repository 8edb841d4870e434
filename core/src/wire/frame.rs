//! Splits a TCP byte stream into whole frames (`VarInt length · id · payload`, or Source
//! RCON's `i32 LE length · …`), however the stream is chunked. A declared length above the cap is refused before anything of
//! it is buffered, so a hostile peer cannot make us hold more than `cap` bytes.

use super::decode_varint;
use crate::error::{Error, ErrorCode, Result};

/// Default cap on one frame: a status with a favicon fits comfortably.
pub const DEFAULT_FRAME_CAP: usize = 256 * 1024;

#[derive(Debug)]
pub struct FrameDecoder {
    buf: Vec<u8>,
    cap: usize,
    /// Bytes consumed from the stream so far, for error offsets.
    consumed: usize,
    /// Source RCON's little-endian i32 length (at least 10) instead of a VarInt.
    rcon: bool,
}

impl Default for FrameDecoder {
    fn default() -> Self {
        Self::new(DEFAULT_FRAME_CAP)
    }
}

impl FrameDecoder {
    pub fn new(cap: usize) -> Self {
        Self {
            buf: Vec::new(),
            cap,
            consumed: 0,
            rcon: false,
        }
    }

    /// Frames of Source RCON packets.
    pub fn source_rcon(cap: usize) -> Self {
        Self {
            rcon: true,
            ..Self::new(cap)
        }
    }

    /// Bytes held waiting for the rest of a frame.
    pub fn buffered(&self) -> usize {
        self.buf.len()
    }

    /// Adds a chunk; returns every frame it completed, each whole (length prefix included).
    pub fn push(&mut self, chunk: &[u8]) -> Result<Vec<Vec<u8>>> {
        self.buf.extend_from_slice(chunk);
        let mut frames = Vec::new();
        let mut at = 0;
        while let Some(len) = self.next_frame(&self.buf, at).map_err(|e| self.fail(e))? {
            frames.push(self.buf[at..at + len].to_vec());
            at += len;
        }
        self.buf.drain(..at);
        self.consumed += at;
        Ok(frames)
    }

    /// The whole frames at the start of `bytes`, borrowed (none of it is buffered), and
    /// how many bytes after them start a frame that is not whole.
    pub fn split<'a>(&self, bytes: &'a [u8]) -> Result<(Vec<&'a [u8]>, usize)> {
        let mut frames = Vec::new();
        let mut at = 0;
        while let Some(len) = self.next_frame(bytes, at)? {
            frames.push(&bytes[at..at + len]);
            at += len;
        }
        Ok((frames, bytes.len() - at))
    }

    /// The length (prefix included) of the whole frame at `at` in `buf`, if it is there.
    fn next_frame(&self, buf: &[u8], at: usize) -> Result<Option<usize>> {
        let Some((len, prefix)) = self.length(buf, at)? else {
            return Ok(None);
        };
        // An RCON packet holds at least its id, type and two NULs.
        let least = if self.rcon { 10 } else { 1 };
        let Some(len) = usize::try_from(len).ok().filter(|&l| l >= least) else {
            return Err(Error::at(
                ErrorCode::BadLength,
                "frame length",
                self.consumed + at,
                format_args!("frame length {len}"),
            ));
        };
        if len > self.cap {
            return Err(Error::at(
                ErrorCode::FrameTooLarge,
                "frame length",
                self.consumed + at,
                format_args!("a frame of {len} bytes exceeds the cap of {} bytes", self.cap),
            ));
        }
        Ok((buf.len() - at >= prefix + len).then_some(prefix + len))
    }

    fn length(&self, buf: &[u8], at: usize) -> Result<Option<(i64, usize)>> {
        if !self.rcon {
            return Ok(decode_varint(buf, at, "frame length")?.map(|(l, p)| (i64::from(l), p)));
        }
        let Some(b) = buf.get(at..at + 4) else {
            return Ok(None);
        };
        let len = i64::from(i32::from_le_bytes([b[0], b[1], b[2], b[3]]));
        Ok(Some((len, 4)))
    }

    fn fail(&mut self, e: Error) -> Error {
        self.buf = Vec::new();
        e
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_borrows_the_whole_frames_and_counts_the_rest() {
        let stream = [vec![3, 0, 1, 2], vec![1, 9], vec![0x82, 0x01], vec![7; 130]].concat();
        for end in 0..=stream.len() {
            let (got, rest) = FrameDecoder::default().split(&stream[..end]).unwrap();
            let mut d = FrameDecoder::default();
            let want = d.push(&stream[..end]).unwrap();
            assert_eq!(got, want.iter().map(Vec::as_slice).collect::<Vec<_>>(), "end {end}");
            assert_eq!(rest, d.buffered(), "end {end}");
        }
        let e = FrameDecoder::new(16).split(&[3, 0, 1, 2, 17, 0]).unwrap_err();
        assert_eq!((e.code, e.offset), (ErrorCode::FrameTooLarge, Some(4)));
        let e = FrameDecoder::default().split(&[0]).unwrap_err();
        assert_eq!(e.code, ErrorCode::BadLength);
    }

    #[test]
    fn any_split_gives_the_same_frames() {
        let stream = [vec![3, 0, 1, 2], vec![1, 9], vec![0x82, 0x01], vec![7; 130]].concat();
        let want = vec![vec![3, 0, 1, 2], vec![1, 9], [vec![0x82, 0x01], vec![7; 130]].concat()];
        for split in 0..=stream.len() {
            let mut d = FrameDecoder::default();
            let mut got = d.push(&stream[..split]).unwrap();
            got.extend(d.push(&stream[split..]).unwrap());
            assert_eq!(got, want, "split at {split}");
        }
        let mut d = FrameDecoder::default();
        let got: Vec<_> = stream.iter().flat_map(|b| d.push(&[*b]).unwrap()).collect();
        assert_eq!(got, want);
        assert_eq!(d.buffered(), 0);
    }

    #[test]
    fn oversized_and_bad_lengths_are_refused_before_buffering() {
        let mut d = FrameDecoder::new(1024);
        let two_gib = [0x80, 0x80, 0x80, 0x80, 0x08];
        assert_eq!(d.push(&two_gib).unwrap_err().code, ErrorCode::BadLength);
        let e = d.push(&[0xff, 0xff, 0xff, 0xff, 0x07, 0]).unwrap_err();
        assert_eq!((e.code, e.offset), (ErrorCode::FrameTooLarge, Some(0)));
        assert_eq!(d.buffered(), 0);
        assert_eq!(d.push(&[0x81, 0x08]).unwrap_err().code, ErrorCode::FrameTooLarge);
        assert_eq!(
            FrameDecoder::default().push(&[0xff; 6]).unwrap_err().code,
            ErrorCode::Malformed
        );
        assert_eq!(
            FrameDecoder::default().push(&[0]).unwrap_err().code,
            ErrorCode::BadLength
        );
    }
}
