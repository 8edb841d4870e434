//! GameSpy 1's datagrams as bytes, borrowed: text of `\key\value` pairs.
//!
//! Request: `\status\` (or `\basic\`, `\info\`, `\rules\`, `\players\`, several chained,
//! `\status\xserverquery` for UT99's XServerQuery). Reply: pairs over one or more
//! datagrams, each numbered `\queryid\<query>.<part>`, the last carrying `\final\` before
//! its queryid (BF1942, MOHAA: `\final\\queryid\1142.3`) or after it (Unreal engines:
//! `\queryid\20.3\final\`); netPanzer sends one datagram, no queryid, no leading `\`.
//! Facts from Unreal Engine 2's `UdpGamespyQuery.uc`, qstat's `gps.c` and real BF1942,
//! MOHAA and UT99 replies in GameQ's tests.

use crate::error::{Error, ErrorCode, Result};

/// Pairs one datagram may hold (a 64 KiB datagram of the shortest pairs is under this).
pub const MAX_PAIRS: usize = 16_384;
/// Parts one reply may have: UE2 starts a new one every ~1,000 bytes, so a server of 64
/// players with every field fills fewer than 20.
pub const MAX_PARTS: u32 = 64;

/// One datagram: its pairs in order (the markers among them) and whether it began with `\`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Datagram<'a> {
    pub pairs: Vec<(&'a [u8], &'a [u8])>,
    /// netPanzer's reply starts with its first key.
    pub bare: bool,
    /// The datagram read, for offsets in errors.
    bytes: &'a [u8],
}

/// Where a datagram falls in its reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Marks<'a> {
    /// `\queryid\`'s query number (the text before its `.`).
    pub query: Option<&'a [u8]>,
    /// Its part number (after the `.`), from 1.
    pub part: Option<u32>,
    pub last: bool,
}

impl<'a> Datagram<'a> {
    pub fn decode(bytes: &'a [u8]) -> Result<Self> {
        if !bytes.contains(&b'\\') {
            return Err(Error::at(ErrorCode::BadMagic, "reply", 0, "no \\key\\value pairs"));
        }
        let bare = bytes[0] != b'\\';
        let text = if bare { bytes } else { &bytes[1..] };
        let mut fields = text.split(|b| *b == b'\\');
        let mut pairs = Vec::new();
        while let Some(key) = fields.next() {
            // `\final\` ends the text with a separator: an empty key with no value.
            let value = fields.next();
            if key.is_empty() && value.is_none() {
                break;
            }
            if pairs.len() == MAX_PAIRS {
                return Err(Error::at(ErrorCode::BadLength, "pairs", 0, format!("over {MAX_PAIRS}")));
            }
            pairs.push((key, value.unwrap_or_default()));
        }
        Ok(Self { pairs, bare, bytes })
    }

    /// A datagram to write.
    pub fn new(pairs: Vec<(&'a [u8], &'a [u8])>, bare: bool) -> Self {
        Self {
            pairs,
            bare,
            bytes: &[],
        }
    }

    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for (i, (k, v)) in self.pairs.iter().enumerate() {
            if i > 0 || !self.bare {
                out.push(b'\\');
            }
            out.extend_from_slice(k);
            out.push(b'\\');
            out.extend_from_slice(v);
        }
        out
    }

    /// Its queryid and final markers; a part number past [`MAX_PARTS`] is refused.
    pub fn marks(&self) -> Result<Marks<'a>> {
        let mut marks = Marks {
            query: None,
            part: None,
            last: false,
        };
        for (k, v) in &self.pairs {
            match *k {
                b"final" => marks.last = true,
                b"queryid" => {
                    let (query, part) = match v.iter().position(|b| *b == b'.') {
                        Some(dot) => (&v[..dot], Some(&v[dot + 1..])),
                        None => (*v, None),
                    };
                    marks.query = Some(query);
                    marks.part = match part.map(|p| std::str::from_utf8(p).ok().and_then(|p| p.parse::<u32>().ok())) {
                        None => None,
                        Some(Some(n)) if (1..=MAX_PARTS).contains(&n) => Some(n),
                        Some(_) => {
                            let offset = (v.as_ptr() as usize).saturating_sub(self.bytes.as_ptr() as usize);
                            return Err(Error::at(
                                ErrorCode::BadLength,
                                "queryid",
                                offset,
                                format_args!(
                                    "{}: its part is not 1 to {MAX_PARTS}",
                                    crate::error::quoted(&String::from_utf8_lossy(v))
                                ),
                            ));
                        }
                    };
                }
                _ => {}
            }
        }
        Ok(marks)
    }
}

/// A request: its `\word\value` pairs (`\status\` is `[("status", "")]`).
pub fn decode_request(bytes: &[u8]) -> Result<Vec<(&[u8], &[u8])>> {
    if bytes.first() != Some(&b'\\') || bytes.len() > 256 {
        return Err(Error::at(
            ErrorCode::BadMagic,
            "request",
            0,
            "not a \\query\\ of GameSpy's",
        ));
    }
    let d = Datagram::decode(bytes)?;
    if d.pairs.is_empty() || d.pairs.iter().any(|(k, _)| k.is_empty()) {
        return Err(Error::at(ErrorCode::Malformed, "request", 0, "an empty query word"));
    }
    Ok(d.pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_orders_of_the_markers_and_a_bare_reply() {
        let bf = Datagram::decode(b"\\hostname\\x\\final\\\\queryid\\542.3").unwrap();
        assert_eq!(
            bf.pairs,
            vec![(&b"hostname"[..], &b"x"[..]), (b"final", b""), (b"queryid", b"542.3")]
        );
        let m = bf.marks().unwrap();
        assert_eq!((m.query, m.part, m.last), (Some(&b"542"[..]), Some(3), true));
        assert_eq!(bf.encode(), b"\\hostname\\x\\final\\\\queryid\\542.3");
        let ut = Datagram::decode(b"\\player_0\\A\\queryid\\20.1\\final\\").unwrap();
        assert_eq!(ut.encode(), b"\\player_0\\A\\queryid\\20.1\\final\\");
        assert!(ut.marks().unwrap().last);
        let np = Datagram::decode(b"gamename\\netpanzer\\final\\").unwrap();
        assert!(np.bare);
        assert_eq!(np.encode(), b"gamename\\netpanzer\\final\\");
        assert_eq!(np.marks().unwrap().query, None);
    }

    #[test]
    fn parts_out_of_range_and_other_bytes_are_refused() {
        let e = Datagram::decode(b"\\queryid\\1.10000").unwrap().marks().unwrap_err();
        assert_eq!((e.code, e.field), (ErrorCode::BadLength, Some("queryid")));
        assert_eq!(
            Datagram::decode(b"\xff\xff\xff\xffinfo").unwrap_err().code,
            ErrorCode::BadMagic
        );
        assert_eq!(decode_request(b"\\status\\").unwrap(), vec![(&b"status"[..], &b""[..])]);
        assert_eq!(decode_request(b"\\\\").unwrap_err().code, ErrorCode::Malformed);
    }
}
