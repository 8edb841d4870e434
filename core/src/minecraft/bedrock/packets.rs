//! The two packets: the unconnected ping `01` (or `02`, "open connections only") · time ·
//! offline magic · client GUID, and the pong `1c` · time · server GUID · magic · u16 BE
//! length · advertisement. GUIDs (unsigned) and times (signed) are 64-bit and cross to JS
//! as decimal strings: a double would round them (gamedig's ping time is
//! `0x1122334455667788`). A time may be given as a number too.

use serde::Serialize;

use super::advertisement::Advertisement;
use crate::error::{Error, ErrorCode, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::wire::{Reader, Writer};

pub const PING: u8 = 0x01;
pub const PING_OPEN_CONNECTIONS: u8 = 0x02;
pub const PONG: u8 = 0x1c;
/// RakNet's offline-message magic.
pub const MAGIC: [u8; 16] = [
    0x00, 0xff, 0xff, 0x00, 0xfe, 0xfe, 0xfe, 0xfe, 0xfd, 0xfd, 0xfd, 0xfd, 0x12, 0x34, 0x56, 0x78,
];
pub const PING_LEN: usize = 33;
/// The pong before its text.
pub const PONG_HEADER_LEN: usize = 35;
/// A pong must fit one datagram; the u16 length field bounds the text anyway.
pub const MAX_TEXT: usize = u16::MAX as usize;

/// Client → server. PocketMine blocks an address for 600 s after a ping without the GUID,
/// so one is always sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "BedrockRequest"))]
pub struct Ping {
    /// The client's clock, echoed by most servers (ms; any 64-bit value on the wire).
    #[serde(with = "time_text")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub time: i64,
    /// Unsigned 64-bit, as a decimal string.
    pub client_guid: String,
    /// `02`: only servers with open slots answer.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub open_connections: bool,
}

/// Server → client.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "BedrockResponse"))]
pub struct Pong {
    /// The ping's time as echoed (some servers send their own clock).
    #[serde(default, with = "time_text")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub time: i64,
    /// Unsigned 64-bit, as a decimal string.
    #[serde(default)]
    pub server_guid: String,
    pub advertisement: Advertisement,
    /// The advertisement as received (ignored when encoding).
    #[serde(default)]
    pub text: String,
}

impl Input for Ping {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            time: time(&mut o)?,
            client_guid: o.req("clientGuid")?,
            open_connections: o.or_default("openConnections")?,
        })
    }
}

impl Input for Pong {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            time: if o.has("time") { time(&mut o)? } else { 0 },
            server_guid: o.or_default("serverGuid")?,
            advertisement: o.req("advertisement")?,
            text: o.or_default("text")?,
        })
    }
}

/// `time`: a signed 64-bit integer, as a decimal string or an integral number.
fn time(o: &mut Obj<'_>) -> Result<i64> {
    let value: Json = o.req("time")?;
    let at = o.at();
    let at = at.key("time");
    match &value {
        Json::String(s) => s.trim_ascii().parse().map_err(|_| {
            at.error(format_args!(
                "must be a decimal integer, got {}",
                crate::error::quoted(s)
            ))
        }),
        Json::Number(n) => n
            .as_i64()
            .or_else(|| {
                n.as_f64()
                    .filter(|v| v.fract() == 0.0 && v.abs() < 9.2e18)
                    .map(|v| v as i64)
            })
            .ok_or_else(|| at.expected("a signed 64-bit integer", &value)),
        _ => Err(at.expected("a 64-bit integer, as a decimal string or a number", &value)),
    }
}

/// Written as a decimal string: JavaScript numbers lose 64-bit precision.
mod time_text {
    use serde::Serializer;

    pub fn serialize<S: Serializer>(time: &i64, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(time)
    }
}

fn guid(text: &str, what: &str) -> Result<u64> {
    let t = text.trim_ascii();
    t.parse::<u64>()
        .or_else(|_| t.parse::<i64>().map(|v| v as u64))
        .map_err(|_| {
            Error::invalid(format!(
                "{what} must be a 64-bit integer as a decimal string, got {}",
                crate::error::quoted(text)
            ))
        })
}

fn magic(r: &mut Reader<'_>) -> Result<()> {
    let at = r.offset();
    if r.array::<16>("magic")? != MAGIC {
        return Err(Error::at(
            ErrorCode::BadMagic,
            "magic",
            at,
            "not RakNet's offline magic",
        ));
    }
    Ok(())
}

impl Ping {
    pub fn encode(&self) -> Result<Vec<u8>> {
        let guid = guid(&self.client_guid, "clientGuid")?;
        let mut w = Writer::with_capacity(PING_LEN);
        w.u8(if self.open_connections {
            PING_OPEN_CONNECTIONS
        } else {
            PING
        })
        .bytes(&self.time.to_be_bytes())
        .bytes(&MAGIC)
        .bytes(&guid.to_be_bytes());
        Ok(w.into_bytes())
    }

    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let mut r = Reader::new(bytes);
        let open_connections = match r.u8("packet id")? {
            PING => false,
            PING_OPEN_CONNECTIONS => true,
            other => {
                return Err(Error::at(
                    ErrorCode::UnexpectedOpcode,
                    "packet id",
                    0,
                    format_args!("0x{other:02x} is not an unconnected ping (0x01, 0x02)"),
                ))
            }
        };
        let time = i64::from_be_bytes(r.array("time")?);
        magic(&mut r)?;
        let client_guid = u64::from_be_bytes(r.array("client GUID")?).to_string();
        r.expect_end("ping end")?;
        Ok(Self {
            time,
            client_guid,
            open_connections,
        })
    }
}

impl Pong {
    pub fn encode(&self) -> Result<Vec<u8>> {
        let guid = guid(&self.server_guid, "serverGuid")?;
        let text = self.advertisement.to_text();
        if text.len() > MAX_TEXT {
            return Err(Error::invalid(format!(
                "the advertisement is {} bytes; a pong holds at most {MAX_TEXT}",
                text.len()
            )));
        }
        let mut w = Writer::with_capacity(PONG_HEADER_LEN + text.len());
        w.u8(PONG)
            .bytes(&self.time.to_be_bytes())
            .bytes(&guid.to_be_bytes())
            .bytes(&MAGIC)
            .u16_be(text.len() as u16)
            .bytes(text.as_bytes());
        Ok(w.into_bytes())
    }

    /// The text is read to the end of the datagram whatever the length field says (PyPI
    /// rak-net writes the length in characters; old bedrock-protocol wrote garbage).
    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let mut r = Reader::new(bytes);
        let id = r.u8("packet id")?;
        if id != PONG {
            return Err(Error::at(
                ErrorCode::UnexpectedOpcode,
                "packet id",
                0,
                format_args!("0x{id:02x} is not an unconnected pong (0x1c)"),
            ));
        }
        let time = i64::from_be_bytes(r.array("time")?);
        let server_guid = u64::from_be_bytes(r.array("server GUID")?).to_string();
        magic(&mut r)?;
        r.u16_be("advertisement length")?;
        let text = String::from_utf8_lossy(r.rest()).into_owned();
        if text.is_empty() {
            return Err(Error::at(
                ErrorCode::Truncated,
                "advertisement",
                PONG_HEADER_LEN,
                "the pong has no advertisement",
            ));
        }
        Ok(Self {
            time,
            server_guid,
            advertisement: Advertisement::parse(&text),
            text,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ping_golden_bytes_and_round_trip() {
        let ping = Ping {
            time: 0x0102_0304_0506_0708,
            client_guid: "18446744073709551615".into(),
            open_connections: false,
        };
        let bytes = ping.encode().unwrap();
        assert_eq!(bytes.len(), PING_LEN);
        assert_eq!(&bytes[..9], &[1, 1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(&bytes[9..25], &MAGIC);
        assert_eq!(&bytes[25..], &[0xff; 8]);
        assert_eq!(Ping::decode(&bytes).unwrap(), ping);
        // A signed GUID is the same 64 bits.
        let signed = Ping {
            client_guid: "-1".into(),
            ..ping.clone()
        };
        assert_eq!(signed.encode().unwrap(), bytes);
    }

    #[test]
    fn ping_without_guid_or_magic_is_an_error() {
        let bytes = Ping {
            time: 1,
            client_guid: "2".into(),
            open_connections: true,
        }
        .encode()
        .unwrap();
        assert_eq!(bytes[0], 2);
        let e = Ping::decode(&bytes[..25]).unwrap_err();
        assert_eq!(
            (e.code, e.field, e.offset),
            (ErrorCode::Truncated, Some("client GUID"), Some(25))
        );
        let mut bad = bytes.clone();
        bad[10] = 0;
        assert_eq!(Ping::decode(&bad).unwrap_err().code, ErrorCode::BadMagic);
    }

    #[test]
    fn pong_reads_to_the_end_whatever_the_length_says() {
        let mut bytes = vec![PONG];
        bytes.extend(7i64.to_be_bytes());
        bytes.extend(u64::MAX.to_be_bytes());
        bytes.extend(MAGIC);
        bytes.extend(3u16.to_be_bytes()); // wrong on purpose
        bytes.extend(b"MCPE;Hi;766;1.21.50;1;10;1;w;Survival;1;19132;19133;");
        let pong = Pong::decode(&bytes).unwrap();
        assert_eq!(pong.time, 7);
        assert_eq!(pong.server_guid, "18446744073709551615");
        assert_eq!(pong.advertisement.motd.plain, "Hi");
        assert_eq!(pong.advertisement.port_v6, Some(19133));
        // Encoding writes the true length.
        let again = pong.encode().unwrap();
        assert_eq!(
            u16::from_be_bytes([again[33], again[34]]) as usize,
            again.len() - PONG_HEADER_LEN
        );
        assert_eq!(Pong::decode(&again).unwrap(), pong);
        assert_eq!(
            Pong::decode(&bytes[..PONG_HEADER_LEN]).unwrap_err().code,
            ErrorCode::Truncated
        );
        assert_eq!(Pong::decode(&bytes[..20]).unwrap_err().code, ErrorCode::Truncated);
    }
}
