//! GameSpy 3's reply datagrams (Minecraft's full stat is one): `00`, the session, the
//! nine bytes `splitnum\0`, a packet byte — bits 0–6 its index from 0, bit 7 set on the
//! last — and the object id of the section it starts in (0 server keys, 1 players, 2
//! teams), then the body. [`Gather`] keeps a reply's datagrams until the last and every
//! one before it are in, in any order, duplicates dropped.

use crate::error::{Error, ErrorCode, Result};
use crate::wire::Reader;

pub const SPLITNUM: &[u8; 9] = b"splitnum\0";
pub const HEADER_LEN: usize = 16;
/// The packet byte's flag on the last datagram.
pub const LAST: u8 = 0x80;
/// Datagrams a reply may span (BF2's 64 players take 3 of 1,400 bytes).
pub const MAX_PARTS: usize = 64;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    pub session: u32,
    /// Index and last flag as sent.
    pub packet: u8,
    pub object: u8,
}

impl Header {
    pub fn index(&self) -> usize {
        usize::from(self.packet & !LAST)
    }

    pub fn last(&self) -> bool {
        self.packet & LAST != 0
    }

    /// The header, and the reader at the body.
    pub fn read(bytes: &[u8]) -> Result<(Self, Reader<'_>)> {
        let mut r = Reader::new(bytes);
        if r.u8("type")? != 0 {
            return Err(Error::at(ErrorCode::BadMagic, "type", 0, "a reply starts with 00"));
        }
        let session = r.u32_be("session")?;
        // What fills the nine bytes is not read: servers agree on `splitnum\0`, GeyserMC
        // and others write their own.
        r.take(SPLITNUM.len(), "splitnum")?;
        let packet = r.u8("packet")?;
        let object = r.u8("object")?;
        Ok((
            Self {
                session,
                packet,
                object,
            },
            r,
        ))
    }

    pub fn write(&self, out: &mut Vec<u8>) {
        out.push(0);
        out.extend_from_slice(&self.session.to_be_bytes());
        out.extend_from_slice(SPLITNUM);
        out.extend_from_slice(&[self.packet, self.object]);
    }
}

/// A reply's datagrams so far.
#[derive(Debug, Default)]
pub struct Gather {
    parts: Vec<(usize, Vec<u8>)>,
    last: Option<usize>,
    /// JC2-MP's: one datagram, never flagged last, is the reply.
    single: bool,
}

impl Gather {
    pub fn single() -> Self {
        Self {
            single: true,
            ..Self::default()
        }
    }

    pub fn clear(&mut self) {
        self.parts.clear();
        self.last = None;
    }

    /// The reply's datagrams in index order, once `datagram` completes it.
    pub fn push(&mut self, datagram: &[u8]) -> Result<Option<Vec<Vec<u8>>>> {
        let (header, _) = Header::read(datagram)?;
        if self.single {
            return Ok(Some(vec![datagram.to_vec()]));
        }
        let index = header.index();
        if index >= MAX_PARTS {
            return Err(Error::at(
                ErrorCode::BadLength,
                "packet",
                14,
                format!("part {index}: a reply spans at most {MAX_PARTS} datagrams"),
            ));
        }
        if self.parts.iter().any(|(i, _)| *i == index) {
            return Ok(None); // a duplicate
        }
        self.parts.push((index, datagram.to_vec()));
        if header.last() {
            self.last = Some(index);
        }
        let Some(last) = self
            .last
            .filter(|l| (0..=*l).all(|n| self.parts.iter().any(|(i, _)| *i == n)))
        else {
            return Ok(None);
        };
        // In index order (a sort's code would cost the browser's download more than this).
        let mut slots: Vec<Option<Vec<u8>>> = vec![None; last + 1];
        for (i, d) in std::mem::take(&mut self.parts) {
            if let Some(slot) = slots.get_mut(i) {
                *slot = Some(d);
            }
        }
        self.last = None;
        Ok(Some(slots.into_iter().flatten().collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(packet: u8) -> Vec<u8> {
        let mut out = Vec::new();
        Header {
            session: 7,
            packet,
            object: 0,
        }
        .write(&mut out);
        out.push(packet);
        out
    }

    #[test]
    fn parts_in_any_order_duplicates_dropped() {
        let mut g = Gather::default();
        assert_eq!(g.push(&part(0x82)).unwrap(), None);
        assert_eq!(g.push(&part(0)).unwrap(), None);
        assert_eq!(g.push(&part(0)).unwrap(), None);
        let whole = g.push(&part(1)).unwrap().unwrap();
        assert_eq!(whole, vec![part(0), part(1), part(0x82)]);
        let e = g.push(&part(64)).unwrap_err();
        assert_eq!((e.code, e.field), (ErrorCode::BadLength, Some("packet")));
        assert_eq!(Gather::single().push(&part(0)).unwrap(), Some(vec![part(0)]));
    }
}
