//! Client → server packets, both directions: clients encode them, responders decode them.
//! A responder accepts only the exact lengths open.mp accepts.

use serde::Serialize;

use super::header::{Address, Dialect, Header, Opcode, HEADER_LEN};
use crate::error::{Error, ErrorCode, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::text::{encode, encoding_name, resolve_writable_label, TextEncoding};
use crate::values::Hex;
use crate::wire::{Prefix, Reader, Writer};

/// RCON passwords and commands are u16-prefixed; nothing real comes close to this.
const RCON_FIELD_CAP: usize = 4096;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SampRequest"))]
pub struct Request {
    #[serde(flatten)]
    pub address: Address,
    #[serde(flatten)]
    pub body: RequestBody,
    /// `'vcmp'` for Vice City: Multiplayer's (`VCMP`); absent for SA:MP's.
    #[serde(default, skip_serializing_if = "Dialect::is_samp")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Dialect>", optional))]
    pub dialect: Dialect,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "opcode")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SampRequestBody"))]
pub enum RequestBody {
    #[serde(rename = "i")]
    Info,
    #[serde(rename = "r")]
    Rules,
    #[serde(rename = "c")]
    Clients,
    #[serde(rename = "d")]
    Players,
    #[serde(rename = "o")]
    OpenMp,
    /// Four bytes the server echoes back, as hex.
    #[serde(rename = "p")]
    Ping { payload: Hex<4> },
    #[serde(rename = "x", rename_all = "camelCase")]
    Rcon {
        password: String,
        command: String,
        /// The code page of password and command: a WHATWG label (default `utf-8`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        encoding: Option<String>,
    },
}

impl Input for Request {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let address = Address::take(&mut o)?;
        let dialect = o.or_default("dialect")?;
        let body = match o.tag("opcode")?.as_str() {
            "i" => RequestBody::Info,
            "r" => RequestBody::Rules,
            "c" => RequestBody::Clients,
            "d" => RequestBody::Players,
            "o" => RequestBody::OpenMp,
            "p" => RequestBody::Ping {
                payload: o.req("payload")?,
            },
            "x" => RequestBody::Rcon {
                password: o.req("password")?,
                command: o.req("command")?,
                encoding: o.or_default("encoding")?,
            },
            other => return Err(o.unknown("opcode", other, &["i", "r", "c", "d", "o", "p", "x"])),
        };
        Ok(Self { address, body, dialect })
    }
}

impl RequestBody {
    pub fn opcode(&self) -> Opcode {
        match self {
            Self::Info => Opcode::Info,
            Self::Rules => Opcode::Rules,
            Self::Clients => Opcode::Clients,
            Self::Players => Opcode::Players,
            Self::OpenMp => Opcode::OpenMp,
            Self::Ping { .. } => Opcode::Ping,
            Self::Rcon { .. } => Opcode::Rcon,
        }
    }
}

impl Request {
    pub fn new(address: Address, body: RequestBody) -> Self {
        Self {
            address,
            body,
            dialect: Dialect::Samp,
        }
    }

    pub fn in_dialect(self, dialect: Dialect) -> Self {
        Self { dialect, ..self }
    }

    pub fn header(&self) -> Header {
        Header {
            address: self.address,
            opcode: self.body.opcode(),
        }
    }

    pub fn encode(&self) -> Result<Vec<u8>> {
        let mut w = Writer::with_capacity(HEADER_LEN + 4);
        self.header().write_with(&mut w, self.dialect.request_magic());
        match &self.body {
            RequestBody::Ping { payload } => {
                w.bytes(&payload.0);
            }
            RequestBody::Rcon {
                password,
                command,
                encoding,
            } => {
                let enc = resolve_writable_label(encoding.as_deref().unwrap_or("utf-8"))?;
                let (password, command) = (encode(password, enc), encode(command, enc));
                for (field, bytes) in [("password", &password), ("command", &command)] {
                    if bytes.len() > RCON_FIELD_CAP {
                        return Err(Error::invalid(format!(
                            "RCON {field} is longer than {RCON_FIELD_CAP} bytes"
                        )));
                    }
                }
                w.str_u16(&password, RCON_FIELD_CAP).str_u16(&command, RCON_FIELD_CAP);
            }
            _ => {}
        }
        Ok(w.into_bytes())
    }

    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let mut r = Reader::new(bytes);
        let header = Header::read(&mut r)?;
        let body = match header.opcode {
            Opcode::Info => RequestBody::Info,
            Opcode::Rules => RequestBody::Rules,
            Opcode::Clients => RequestBody::Clients,
            Opcode::Players => RequestBody::Players,
            Opcode::OpenMp => RequestBody::OpenMp,
            Opcode::Ping => RequestBody::Ping {
                payload: Hex(r.array("ping payload")?),
            },
            Opcode::Rcon => {
                let password = r.prefixed(Prefix::U16Le, RCON_FIELD_CAP, "rcon password")?;
                let command = r.prefixed(Prefix::U16Le, RCON_FIELD_CAP, "rcon command")?;
                let decoded = TextEncoding::Auto.decode_all(&[password, command]);
                // Two strings in, two out.
                let mut texts = decoded.texts.into_iter();
                let (password, command) = (texts.next().unwrap_or_default(), texts.next().unwrap_or_default());
                RequestBody::Rcon {
                    password,
                    command,
                    encoding: Some(encoding_name(decoded.encoding)),
                }
            }
        };
        if !r.is_empty() {
            return Err(Error::at(
                ErrorCode::BadLength,
                "request length",
                r.offset(),
                format_args!(
                    "a '{}' request is exactly {} bytes, got {}",
                    header.opcode.byte() as char,
                    r.offset(),
                    bytes.len()
                ),
            ));
        }
        Ok(Self {
            address: header.address,
            body,
            dialect: Dialect::of_magic(&bytes[..4]).unwrap_or_default(),
        })
    }
}
