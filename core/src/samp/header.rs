//! The 11-byte header every SA:MP query packet starts with: `"SAMP"`, the server's IPv4
//! octets, its port (LE) and the opcode. Servers echo bytes 0..10 so clients can match.

use std::net::{IpAddr, Ipv4Addr};

use serde::Serialize;

use crate::error::{Error, ErrorCode, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::wire::{Reader, Writer};

pub const MAGIC: &[u8; 4] = b"SAMP";
/// Vice City: Multiplayer 0.4's magic: requests start with it, replies with [`VCMP_REPLY`].
pub const VCMP_MAGIC: &[u8; 4] = b"VCMP";
pub const VCMP_REPLY: &[u8; 4] = b"MP04";
/// VC:MP's info reply starts with the server's version in this many bytes, NUL-padded.
pub const VCMP_VERSION_LEN: usize = 12;
/// What a VC:MP responder reports when its state names no version (0.4's release tag).
pub const VCMP_VERSION: &str = "04rel006";
pub const HEADER_LEN: usize = 11;
pub const DEFAULT_PORT: u16 = 7777;

/// Which server a packet is addressed to, as written in the header. open.mp ignores it,
/// so for IPv6 targets the address is `0.0.0.0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SampAddress"))]
pub struct Address {
    #[serde(default = "unspecified")]
    #[cfg_attr(feature = "ts", ts(as = "Option<String>", optional))]
    pub ip: Ipv4Addr,
    #[serde(default = "default_port")]
    #[cfg_attr(feature = "ts", ts(as = "Option<u16>", optional))]
    pub port: u16,
}

impl Address {
    /// The header for a server at `ip`: its IPv4 octets; zeros for IPv6 or an address the
    /// host resolves (`None`; servers ignore them).
    pub fn of(ip: Option<IpAddr>, port: u16) -> Self {
        let ip = match ip {
            Some(IpAddr::V4(ip)) => ip,
            Some(IpAddr::V6(ip)) => ip.to_ipv4_mapped().unwrap_or(Ipv4Addr::UNSPECIFIED),
            None => Ipv4Addr::UNSPECIFIED,
        };
        Self { ip, port }
    }

    /// `ip` and `port`, out of a packet's object.
    pub fn take(o: &mut Obj<'_>) -> Result<Self> {
        let ip = match o.take("ip") {
            None => unspecified(),
            Some(v) => {
                let at = o.at();
                let at = at.key("ip");
                let text = String::read(v, at)?;
                dotted_quad(&text).ok_or_else(|| {
                    at.error(format_args!(
                        "expected an IPv4 address, got {}",
                        crate::error::quoted(&text)
                    ))
                })?
            }
        };
        Ok(Self {
            ip,
            port: o.or_else("port", default_port)?,
        })
    }
}

/// `a.b.c.d`, each a decimal octet without leading zeros, as std's parser reads it (whose
/// general parser is a kilobyte of the browser's download).
fn dotted_quad(text: &str) -> Option<Ipv4Addr> {
    let mut octets = [0u8; 4];
    let mut parts = text.split('.');
    for octet in &mut octets {
        let part = parts.next()?;
        let digits = part.bytes().all(|b| b.is_ascii_digit());
        if !digits || part.is_empty() || part.len() > 3 || (part.len() > 1 && part.starts_with('0')) {
            return None;
        }
        *octet = part.parse().ok()?;
    }
    parts.next().is_none().then_some(Ipv4Addr::from(octets))
}

fn unspecified() -> Ipv4Addr {
    Ipv4Addr::UNSPECIFIED
}

fn default_port() -> u16 {
    DEFAULT_PORT
}

impl Default for Address {
    fn default() -> Self {
        Self {
            ip: unspecified(),
            port: DEFAULT_PORT,
        }
    }
}

/// Who speaks the query: SA:MP and open.mp, or Vice City: Multiplayer 0.4, whose packets
/// carry their own magic (`VCMP` out, `MP04` back), whose info reply starts with the
/// server's version, which answers no rules, and whose client list holds names only (an
/// opengsq capture of a live 0.4 server: two players, names and nothing else).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SampDialect"))]
pub enum Dialect {
    #[default]
    Samp,
    Vcmp,
}

impl Dialect {
    pub fn is_samp(&self) -> bool {
        *self == Self::Samp
    }

    pub const fn request_magic(self) -> &'static [u8; 4] {
        match self {
            Self::Samp => MAGIC,
            Self::Vcmp => VCMP_MAGIC,
        }
    }

    pub const fn reply_magic(self) -> &'static [u8; 4] {
        match self {
            Self::Samp => MAGIC,
            Self::Vcmp => VCMP_REPLY,
        }
    }

    /// The dialect an option names (`'samp'`, `'vcmp'`).
    pub fn named(name: &str) -> Option<Self> {
        match name {
            "samp" => Some(Self::Samp),
            "vcmp" => Some(Self::Vcmp),
            _ => None,
        }
    }

    /// The dialect a packet's magic names (`VCMP` and `MP04` both VC:MP's).
    pub fn of_magic(magic: &[u8]) -> Option<Self> {
        match magic {
            m if m == MAGIC => Some(Self::Samp),
            m if m == VCMP_MAGIC || m == VCMP_REPLY => Some(Self::Vcmp),
            _ => None,
        }
    }
}

impl Input for Dialect {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let name = String::read(value, at)?;
        Self::named(&name).ok_or_else(|| {
            at.error(format_args!(
                "expected 'samp' or 'vcmp', got {}",
                crate::error::quoted(&name)
            ))
        })
    }
}

/// The query opcodes, by their ASCII letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Opcode {
    Info,
    Rules,
    Clients,
    Players,
    Ping,
    OpenMp,
    Rcon,
}

impl Opcode {
    pub const fn byte(self) -> u8 {
        match self {
            Self::Info => b'i',
            Self::Rules => b'r',
            Self::Clients => b'c',
            Self::Players => b'd',
            Self::Ping => b'p',
            Self::OpenMp => b'o',
            Self::Rcon => b'x',
        }
    }

    pub fn from_byte(b: u8) -> Option<Self> {
        Some(match b {
            b'i' => Self::Info,
            b'r' => Self::Rules,
            b'c' => Self::Clients,
            b'd' => Self::Players,
            b'p' => Self::Ping,
            b'o' => Self::OpenMp,
            b'x' => Self::Rcon,
            _ => return None,
        })
    }
}

/// The first 11 bytes, decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    pub address: Address,
    pub opcode: Opcode,
}

impl Header {
    pub fn write(&self, w: &mut Writer) {
        self.write_with(w, MAGIC);
    }

    /// With another magic (VC:MP's).
    pub fn write_with(&self, w: &mut Writer, magic: &[u8; 4]) {
        w.bytes(magic)
            .bytes(&self.address.ip.octets())
            .u16_le(self.address.port)
            .u8(self.opcode.byte());
    }

    pub fn to_bytes(&self) -> [u8; HEADER_LEN] {
        let mut w = Writer::with_capacity(HEADER_LEN);
        self.write(&mut w);
        let mut out = [0; HEADER_LEN];
        out.copy_from_slice(&w.into_bytes());
        out
    }

    /// Any dialect's header: `SAMP`, or VC:MP's `VCMP` or `MP04`.
    pub fn read(r: &mut Reader<'_>) -> Result<Self> {
        let magic = r.take(4, "magic")?;
        if Dialect::of_magic(magic).is_none() {
            return Err(Error::at(
                ErrorCode::BadMagic,
                "magic",
                0,
                "packet does not start with \"SAMP\" (nor VC:MP's \"VCMP\" or \"MP04\")",
            ));
        }
        let ip = Ipv4Addr::from(r.array::<4>("ip")?);
        let port = r.u16_le("port")?;
        let at = r.offset();
        let op = r.u8("opcode")?;
        let opcode = Opcode::from_byte(op).ok_or_else(|| {
            Error::at(
                ErrorCode::UnexpectedOpcode,
                "opcode",
                at,
                format_args!("unknown opcode 0x{op:02x}"),
            )
        })?;
        Ok(Self {
            address: Address { ip, port },
            opcode,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_header() {
        let h = Header {
            address: Address {
                ip: Ipv4Addr::new(51, 254, 130, 14),
                port: 7777,
            },
            opcode: Opcode::Info,
        };
        assert_eq!(h.to_bytes(), *b"SAMP3\xfe\x82\x0e\x61\x1ei");
        assert_eq!(Header::read(&mut Reader::new(&h.to_bytes())).unwrap(), h);
    }

    #[test]
    fn dotted_quads_read_as_std_reads_them() {
        for text in [
            "1.2.3.4",
            "0.0.0.0",
            "255.255.255.255",
            "127.0.0.1",
            "10.0.0.256",
            "01.2.3.4",
            "1.2.3",
            "1.2.3.4.5",
            "",
            "a.b.c.d",
            "1..2.3",
            " 1.2.3.4",
            "+1.2.3.4",
            "1.2.3.0004",
        ] {
            assert_eq!(dotted_quad(text), text.parse::<Ipv4Addr>().ok(), "{text:?}");
        }
    }

    #[test]
    fn bad_magic_and_opcode() {
        let e = Header::read(&mut Reader::new(b"SAMQ\0\0\0\0\0\0i")).unwrap_err();
        assert_eq!(e.code, ErrorCode::BadMagic);
        let e = Header::read(&mut Reader::new(b"SAMP\0\0\0\0\0\0z")).unwrap_err();
        assert_eq!((e.code, e.offset), (ErrorCode::UnexpectedOpcode, Some(10)));
    }
}
