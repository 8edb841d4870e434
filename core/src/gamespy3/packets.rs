//! GameSpy 3's requests and reply datagrams as bytes, borrowed.
//!
//! Requests: the handshake `FE FD 09` + session (`crate::gamespy::challenge`), then the
//! query `FE FD 00` + session + the challenge (i32 BE; left out when the server's was
//! `"0"`) + three section bytes (`FF` asked: server keys, players, teams) + `01` (the
//! split reply) or JC2-MP's `02`. Each reply datagram (`crate::gamespy::split`) carries
//! sections: the server keys as NUL-ended key/value strings until an empty key; players
//! (object 1) and teams (object 2) as field blocks — `name\0`, a start-offset byte, values
//! each NUL-ended until an empty one — until an empty field name. The next section's
//! object byte follows; a datagram may end inside a section, the next one starting in it
//! again (its object id in the header), a field block resumed with its name repeated and
//! the offset it resumes at. JC2-MP's reply is one unflagged datagram: the keys, then a
//! u16 BE count of players, each `name\0 steamid\0` and a u16 BE ping. Facts from qstat's
//! `gs3.c`, gamedig's `gamespy3.js`/`jc2mp.js` and real BF2, PR:BF2, UT3, Crysis and JC2-MP
//! replies in GameQ's tests (docs/protocols/gamespy3.md).

use crate::error::{Error, ErrorCode, Result};
use crate::gamespy::challenge::{HANDSHAKE, MAGIC, QUERY};
use crate::gamespy::split::Header;
use crate::wire::Reader;

/// Keys, field blocks and values a datagram may hold (a 64 KiB datagram of the shortest is
/// under them).
pub const MAX_PAIRS: usize = 16_384;
pub const MAX_FIELDS: usize = 64;
/// The split reply's request tail, and JC2-MP's.
pub const SPLIT: u8 = 0x01;
pub const JC2MP: u8 = 0x02;

/// A client's datagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Request {
    Handshake {
        session: u32,
    },
    Query {
        session: u32,
        challenge: Option<i32>,
        /// Server keys, players, teams.
        sections: [bool; 3],
        /// `01` split, `02` JC2-MP; `None`: a request without it (one unsplit datagram).
        tail: Option<u8>,
    },
}

impl Request {
    pub fn encode(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        match *self {
            Request::Handshake { session } => {
                out.push(HANDSHAKE);
                out.extend_from_slice(&session.to_be_bytes());
            }
            Request::Query {
                session,
                challenge,
                sections,
                tail,
            } => {
                out.push(QUERY);
                out.extend_from_slice(&session.to_be_bytes());
                if let Some(c) = challenge.filter(|c| *c != 0) {
                    out.extend_from_slice(&c.to_be_bytes());
                }
                out.extend(sections.map(|on| if on { 0xFF } else { 0x00 }));
                out.extend(tail);
            }
        }
        out
    }

    /// A query is told by its length: 10 or 11 bytes without a challenge, 14 or 15 with.
    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let mut r = Reader::new(bytes);
        if r.array::<2>("magic")? != MAGIC {
            return Err(Error::at(ErrorCode::BadMagic, "magic", 0, "not FE FD"));
        }
        let kind = r.u8("type")?;
        let session = r.u32_be("session")?;
        match kind {
            // gamedig pads its handshake with four zeros.
            HANDSHAKE => Ok(Request::Handshake { session }),
            QUERY => {
                let challenge = match bytes.len() {
                    10 | 11 => None,
                    14 | 15 => Some(r.u32_be("challenge")? as i32),
                    n => {
                        return Err(Error::at(
                            ErrorCode::BadLength,
                            "request",
                            0,
                            format!("{n} bytes: a query is 10, 11, 14 or 15"),
                        ))
                    }
                };
                let flags = r.array::<3>("sections")?;
                let tail = (!r.is_empty()).then(|| r.u8("tail")).transpose()?;
                Ok(Request::Query {
                    session,
                    challenge,
                    sections: flags.map(|b| b != 0),
                    tail,
                })
            }
            other => Err(Error::at(
                ErrorCode::UnexpectedOpcode,
                "type",
                2,
                format!("{other} is neither a handshake (9) nor a query (0)"),
            )),
        }
    }
}

/// A field block: a column's values from `offset` on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field<'a> {
    pub name: &'a [u8],
    pub offset: u8,
    pub values: Vec<&'a [u8]>,
    /// Its empty value was sent; `false`: the datagram ended inside it.
    pub ended: bool,
}

/// A JC2-MP player: name, Steam id, ping.
pub type Jc2mpPlayer<'a> = (&'a [u8], &'a [u8], u16);

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Body<'a> {
    Keys(Vec<(&'a [u8], &'a [u8])>),
    /// Players (1) or teams (2).
    Table(u8, Vec<Field<'a>>),
    /// JC2-MP's players: name, Steam id, ping.
    Jc2mp(Vec<Jc2mpPlayer<'a>>),
}

/// One section's part in a datagram.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section<'a> {
    pub body: Body<'a>,
    /// Its end mark (an empty key, an empty field name) was sent.
    pub ended: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Datagram<'a> {
    pub header: Header,
    pub sections: Vec<Section<'a>>,
}

/// UT3 sends some `pNNN` keys without a value: the next key stands where it would.
fn property_key(s: &[u8]) -> bool {
    s.len() > 4 && s[0] == b'p' && s[1..].iter().all(u8::is_ascii_digit)
}

fn keys<'a>(r: &mut Reader<'a>) -> Result<Section<'a>> {
    let mut pairs: Vec<(&[u8], &[u8])> = Vec::new();
    let mut pending: Option<&[u8]> = None;
    loop {
        if r.is_empty() && pending.is_none() {
            return Ok(Section {
                body: Body::Keys(pairs),
                ended: false,
            });
        }
        let at = r.offset();
        let key = match pending.take() {
            Some(k) => k,
            None => r.cstr("key")?,
        };
        if key.is_empty() {
            return Ok(Section {
                body: Body::Keys(pairs),
                ended: true,
            });
        }
        if pairs.len() == MAX_PAIRS {
            return Err(Error::at(ErrorCode::BadLength, "keys", at, format!("over {MAX_PAIRS}")));
        }
        let value = r.cstr("value")?;
        if property_key(value) && property_key(key) {
            pending = Some(value);
            pairs.push((key, b""));
        } else {
            pairs.push((key, value));
        }
    }
}

fn table<'a>(r: &mut Reader<'a>, object: u8) -> Result<Section<'a>> {
    let mut fields = Vec::new();
    loop {
        match r.peek().first() {
            None => {
                return Ok(Section {
                    body: Body::Table(object, fields),
                    ended: false,
                })
            }
            // The section's end; UT3 writes more NULs after its fields, which gamedig and
            // qstat skip: the table goes on when a field name follows them.
            Some(0) => {
                let rest = r.peek();
                let nuls = rest.iter().take_while(|b| **b == 0).count();
                if rest.get(nuls).is_none_or(|b| *b <= 2) {
                    // One is the end mark; the others UT3's.
                    r.take(nuls, "end")?;
                    return Ok(Section {
                        body: Body::Table(object, fields),
                        ended: true,
                    });
                }
                r.take(nuls, "padding")?;
            }
            Some(_) => {
                let at = r.offset();
                if fields.len() == MAX_FIELDS {
                    return Err(Error::at(
                        ErrorCode::BadLength,
                        "fields",
                        at,
                        format!("over {MAX_FIELDS}"),
                    ));
                }
                let name = r.cstr("field name")?;
                let offset = r.u8("offset")?;
                let mut values = Vec::new();
                let mut ended = false;
                while !r.is_empty() {
                    let v = r.cstr("value")?;
                    if v.is_empty() {
                        ended = true;
                        break;
                    }
                    values.push(v);
                }
                fields.push(Field {
                    name,
                    offset,
                    values,
                    ended,
                });
            }
        }
    }
}

/// JC2-MP's players, if the rest of `r` is exactly a list of them.
fn jc2mp<'a>(r: &Reader<'a>) -> Option<Vec<Jc2mpPlayer<'a>>> {
    let mut r = r.clone();
    let count = r.u16_be("count").ok()?;
    let mut players = Vec::new();
    for _ in 0..count {
        let name = r.cstr("name").ok()?;
        let steam = r.cstr("steamid").ok()?;
        players.push((name, steam, r.u16_be("ping").ok()?));
    }
    r.is_empty().then_some(players)
}

impl<'a> Datagram<'a> {
    /// `jc2mp`: `Some(true)` JC2-MP's layout, `Some(false)` the split one, `None` told
    /// from the bytes (an unflagged first datagram whose keys a JC2-MP player list follows
    /// to its end).
    pub fn decode(bytes: &'a [u8], jc2mp_layout: Option<bool>) -> Result<Self> {
        let (header, mut r) = Header::read(bytes)?;
        let mut sections = Vec::new();
        let mut object = header.object;
        if object > 2 {
            return Err(Error::at(
                ErrorCode::Malformed,
                "object",
                15,
                format!("{object}: a section is 0 (keys), 1 (players) or 2 (teams)"),
            ));
        }
        let unflagged = header.packet == 0 && header.object == 0;
        while !r.is_empty() {
            let section = match object {
                0 => keys(&mut r)?,
                // 1 or 2: objects are checked as read.
                _ => table(&mut r, object)?,
            };
            let keys_ended = object == 0 && section.ended;
            sections.push(section);
            if keys_ended
                && sections.len() == 1
                && jc2mp_layout != Some(false)
                && (unflagged || jc2mp_layout == Some(true))
            {
                match jc2mp(&r) {
                    Some(players) => {
                        r.rest();
                        sections.push(Section {
                            body: Body::Jc2mp(players),
                            ended: true,
                        });
                        break;
                    }
                    None if jc2mp_layout == Some(true) => {
                        return Err(Error::at(
                            ErrorCode::Malformed,
                            "players",
                            r.offset(),
                            "not a JC2-MP player list",
                        ))
                    }
                    None => {}
                }
            }
            if r.is_empty() {
                break;
            }
            let at = r.offset();
            object = r.u8("object")?;
            if object > 2 {
                return Err(Error::at(
                    ErrorCode::Malformed,
                    "object",
                    at,
                    format!("{object}: a section is 0 (keys), 1 (players) or 2 (teams)"),
                ));
            }
        }
        Ok(Self { header, sections })
    }

    pub fn encode(&self) -> Result<Vec<u8>> {
        let mut out = Vec::new();
        self.header.write(&mut out);
        let put = crate::gamespy::put_cstr;
        let object = self.header.object;
        for (i, s) in self.sections.iter().enumerate() {
            let own = match &s.body {
                Body::Keys(_) | Body::Jc2mp(_) => 0,
                Body::Table(o, _) => *o,
            };
            match (&s.body, i) {
                (Body::Jc2mp(_), _) => {}
                (_, 0) if own != object => return Err(Error::invalid("the first section is the header's object")),
                (_, 0) => {}
                _ => out.push(own),
            }
            match &s.body {
                Body::Keys(pairs) => {
                    for (k, v) in pairs {
                        if k.is_empty() {
                            return Err(Error::invalid("a key is empty: the keys would end there"));
                        }
                        put(&mut out, k, "a key")?;
                        put(&mut out, v, "a value")?;
                    }
                }
                Body::Table(o, fields) => {
                    if !(1..=2).contains(o) {
                        return Err(Error::invalid("a table is object 1 (players) or 2 (teams)"));
                    }
                    for f in fields {
                        if f.name.is_empty() || f.name[0] <= 2 {
                            return Err(Error::invalid("a field's name is empty or starts with a section byte"));
                        }
                        put(&mut out, f.name, "a field name")?;
                        out.push(f.offset);
                        for v in &f.values {
                            if v.is_empty() {
                                return Err(Error::invalid(
                                    "an empty value ends its field: start the field again past it",
                                ));
                            }
                            put(&mut out, v, "a value")?;
                        }
                        if f.ended {
                            out.push(0);
                        }
                    }
                }
                Body::Jc2mp(players) => {
                    let count = u16::try_from(players.len())
                        .map_err(|_| Error::invalid("JC2-MP counts its players in 16 bits"))?;
                    out.extend_from_slice(&count.to_be_bytes());
                    for (name, steam, ping) in players {
                        put(&mut out, name, "a name")?;
                        put(&mut out, steam, "a Steam id")?;
                        out.extend_from_slice(&ping.to_be_bytes());
                    }
                    continue;
                }
            }
            if s.ended {
                out.push(0);
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_as_peers_send_them() {
        let qstat = Request::Query {
            session: 0x1020_3040,
            challenge: Some(-1_287_574_694),
            sections: [true; 3],
            tail: Some(SPLIT),
        };
        let bytes = qstat.encode();
        assert_eq!(bytes, b"\xfe\xfd\x00\x10\x20\x30\x40\xb3\x41\x2b\x5a\xff\xff\xff\x01");
        assert_eq!(Request::decode(&bytes).unwrap(), qstat);
        let bf2 = b"\xfe\xfd\x00\x00\x00\x00\x01\xff\xff\xff\x01";
        assert!(matches!(
            Request::decode(bf2).unwrap(),
            Request::Query { challenge: None, .. }
        ));
        let gamedig = b"\xfe\xfd\x09\x00\x00\x00\x01\x00\x00\x00\x00";
        assert_eq!(Request::decode(gamedig).unwrap(), Request::Handshake { session: 1 });
    }

    #[test]
    fn sections_across_a_datagram_and_back() {
        let bytes = b"\x00\x00\x00\x00\x07splitnum\x00\x80\x00hostname\x00X\x00\x00\x01player_\x00\x00A\x00B\x00\x00\x00\x02team_t\x00\x00Red\x00\x00\x00";
        let d = Datagram::decode(bytes, None).unwrap();
        assert_eq!(d.sections.len(), 3);
        assert_eq!(
            d.sections[1].body,
            Body::Table(
                1,
                vec![Field {
                    name: b"player_",
                    offset: 0,
                    values: vec![b"A", b"B"],
                    ended: true
                }]
            )
        );
        assert_eq!(d.encode().unwrap(), bytes);
        // UT3's NULs after a field: skipped, the table goes on.
        let ut3 =
            b"\x00\x00\x00\x00\x07splitnum\x00\x80\x01player_\x00\x00S\x00\x00\x00\x00score_\x00\x000\x00\x00\x00";
        let d = Datagram::decode(ut3, None).unwrap();
        let Body::Table(1, fields) = &d.sections[0].body else {
            panic!()
        };
        assert_eq!(fields.len(), 2);
        let e = Datagram::decode(b"\x00\x00\x00\x00\x07splitnum\x00\x80\x05", None).unwrap_err();
        assert_eq!((e.code, e.field), (ErrorCode::Malformed, Some("object")));
    }
}
