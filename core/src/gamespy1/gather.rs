//! A reply's datagrams gathered: numbered 1 to the part that says `\final\`, in any order,
//! duplicates dropped — or, for a server that numbers nothing (netPanzer), up to
//! `\final\`. Parts of each query number are kept apart, so an earlier attempt's late parts
//! neither mix with the latest's nor are wasted: whichever query completes first is the
//! reply. The exchange reads through it, and `FrameDecoder('gamespy1')` is it.

use super::packets::{Datagram, MAX_PARTS};
use crate::error::{Error, ErrorCode, Result};

/// Query numbers kept at once (one per attempt, and a spare).
const MAX_QUERIES: usize = 4;

/// One query number's parts so far.
#[derive(Debug, Default)]
struct Parts {
    query: Option<Vec<u8>>,
    /// (part number, datagram); unnumbered ones take the next free number.
    parts: Vec<(u32, Vec<u8>)>,
    /// The number of the part that carried `\final\`.
    last: Option<u32>,
}

#[derive(Debug, Default)]
pub struct Gather {
    queries: Vec<Parts>,
}

impl Gather {
    /// The reply's datagrams in part order, once `datagram` completes one.
    pub fn push(&mut self, datagram: &[u8]) -> Result<Option<Vec<Vec<u8>>>> {
        let marks = Datagram::decode(datagram)?.marks()?;
        let at = match self.queries.iter().position(|q| q.query.as_deref() == marks.query) {
            Some(at) => at,
            None => {
                if self.queries.len() == MAX_QUERIES {
                    self.queries.remove(0);
                }
                self.queries.push(Parts {
                    query: marks.query.map(<[u8]>::to_vec),
                    ..Parts::default()
                });
                self.queries.len() - 1
            }
        };
        let q = &mut self.queries[at];
        let number = match marks.part {
            Some(n) => n,
            None if q.parts.len() as u32 >= MAX_PARTS => {
                return Err(Error::new(
                    ErrorCode::BadLength,
                    format!("over {MAX_PARTS} datagrams without \\final\\"),
                ))
            }
            None => (1..)
                .find(|n| q.parts.iter().all(|(p, _)| p != n))
                .expect("a free number"),
        };
        if q.parts.iter().any(|(p, _)| *p == number) {
            return Ok(None); // a duplicate
        }
        q.parts.push((number, datagram.to_vec()));
        if marks.last {
            q.last = Some(number);
        }
        let Some(last) = q
            .last
            .filter(|l| (1..=*l).all(|n| q.parts.iter().any(|(p, _)| *p == n)))
        else {
            return Ok(None);
        };
        // In part order; parts numbered past the one that said `\final\` are none of the reply's.
        let mut parts = self.queries.remove(at).parts;
        let whole = (1..=last).filter_map(|n| {
            let i = parts.iter().position(|(p, _)| *p == n)?;
            Some(parts.swap_remove(i).1)
        });
        Ok(Some(whole.collect()))
    }
}

/// A reply's datagrams as one: their pairs in part order, the markers left out, then
/// `\final\` (what `decodeResponse` reads whole).
pub fn join(datagrams: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    for d in datagrams.iter().filter_map(|d| Datagram::decode(d).ok()) {
        let pairs = d
            .pairs
            .into_iter()
            .filter(|(k, _)| *k != b"queryid" && *k != b"final")
            .collect();
        let mut bytes = Datagram::new(pairs, false).encode();
        out.append(&mut bytes);
    }
    out.extend_from_slice(b"\\final\\");
    out
}

/// `FrameDecoder('gamespy1')`: datagrams in, each whole reply out, joined.
impl crate::spec::packets::Frames for Gather {
    fn push(&mut self, chunk: &[u8]) -> Result<Vec<Vec<u8>>> {
        Ok(Gather::push(self, chunk)?
            .map(|parts| join(&parts))
            .into_iter()
            .collect())
    }
}
