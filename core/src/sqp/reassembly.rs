//! Multi-packet replies: parts arrive in any order and may split anywhere (inside a
//! string too). Reassembled by packet number; all parts must agree on the challenge and
//! the last packet number; bounded in parts and bytes.

use super::packets::QueryHeader;
use crate::error::{Error, ErrorCode, Result};

pub const MAX_PARTS: usize = 32;
pub const MAX_BYTES: usize = 1 << 20;

#[derive(Debug, Default)]
pub struct Reassembly {
    first: Option<QueryHeader>,
    parts: Vec<Option<Vec<u8>>>,
    bytes: usize,
}

impl Reassembly {
    /// Adds a part; returns the whole payload once every part is in.
    pub fn push(&mut self, header: QueryHeader, payload: &[u8]) -> Result<Option<(u16, Vec<u8>)>> {
        let parts = usize::from(header.last) + 1;
        if parts > MAX_PARTS {
            return Err(Error::new(
                ErrorCode::Malformed,
                format!("a reply in {parts} packets (at most {MAX_PARTS})"),
            ));
        }
        match self.first {
            None => {
                self.first = Some(header);
                self.parts = vec![None; parts];
            }
            Some(first) if first.challenge != header.challenge || first.last != header.last => {
                return Err(Error::new(
                    ErrorCode::Malformed,
                    "the parts of a reply disagree on challenge or count",
                ));
            }
            Some(_) => {}
        }
        let slot = &mut self.parts[usize::from(header.current)];
        if slot.is_none() {
            self.bytes += payload.len();
            if self.bytes > MAX_BYTES {
                return Err(Error::new(
                    ErrorCode::Malformed,
                    format!("a reply over {MAX_BYTES} bytes"),
                ));
            }
            *slot = Some(payload.to_vec());
        }
        if self.parts.iter().all(Option::is_some) {
            let payload = self.parts.iter().flatten().flatten().copied().collect();
            return Ok(Some((header.version, payload)));
        }
        Ok(None)
    }
}
