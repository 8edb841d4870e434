//! `FrameDecoder('gamespy3')`: a split reply's datagrams in (any order), each whole reply
//! out as one datagram — its keys, and every table's columns from row 0 — which
//! `decodeResponse` reads whole. Its strings are written back in the encoding they were
//! read with.

use super::state::joined;
use super::unified::read;
use crate::error::Result;
use crate::gamespy::split::{Gather, Header};
use crate::text::{resolve_writable_label, TextEncoding};

#[derive(Debug, Default)]
pub struct Frames {
    gather: Gather,
}

impl crate::spec::packets::Frames for Frames {
    fn push(&mut self, chunk: &[u8]) -> Result<Vec<Vec<u8>>> {
        let Some(parts) = self.gather.push(chunk)? else {
            return Ok(vec![]);
        };
        let (header, _) = Header::read(&parts[0])?;
        let (state, encoding) = read(&parts, Some(false), TextEncoding::Auto)?;
        let encoding = resolve_writable_label(&encoding)?;
        let whole = joined(&state, header.session)?;
        Ok(vec![whole.encode_with(|s| crate::text::encode(s, encoding))?])
    }
}
