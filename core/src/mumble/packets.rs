//! The pings as bytes, and as JavaScript sees them.
//!
//! Legacy (big-endian): request `00000000` · ident (u64, echoed); reply version (u32:
//! `0x00MMmmpp`) · ident · users (u32) · max users (u32) · bandwidth per user (u32, bit/s).
//! Mumble 1.5: `01` (the ping message type) · `MumbleUDP.Ping` in protobuf — timestamp (1,
//! echoed), request_extended_information (2), server_version_v2 (3: major << 48 | minor <<
//! 32 | patch << 16), user_count (4), max_user_count (5), max_bandwidth_per_user (6).

use serde::Serialize;

use crate::error::{Error, ErrorCode, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;

pub const DEFAULT_PORT: u16 = 64738;
const LEGACY_REQUEST_LEN: usize = 12;
const LEGACY_REPLY_LEN: usize = 24;
/// The type byte of a protobuf ping (MumbleUDP's message types: 0 audio, 1 ping).
const PING_TYPE: u8 = 1;
/// A protobuf ping is a few varints: anything longer is no ping of Mumble's.
const MAX_PING_LEN: usize = 64;

/// `MumbleUDP.Ping` (the fields the ping uses; unknown ones are skipped by prost).
#[derive(Clone, PartialEq, prost::Message)]
struct Ping {
    #[prost(uint64, tag = "1")]
    timestamp: u64,
    #[prost(bool, tag = "2")]
    request_extended_information: bool,
    #[prost(uint64, tag = "3")]
    server_version_v2: u64,
    #[prost(uint32, tag = "4")]
    user_count: u32,
    #[prost(uint32, tag = "5")]
    max_user_count: u32,
    #[prost(uint32, tag = "6")]
    max_bandwidth_per_user: u32,
}

/// A ping request: `{ form: 'legacy' | 'protobuf', ident, extended? }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "MumbleRequest"))]
pub struct MumbleRequest {
    #[cfg_attr(feature = "ts", ts(type = "'legacy' | 'protobuf'"))]
    pub form: String,
    /// What the reply echoes (legacy: `ident`; protobuf: `timestamp`), as a decimal string.
    pub ident: String,
    /// Protobuf: ask for the version and the counts.
    pub extended: bool,
}

/// A ping reply: the server's version and counts, and the echoed ident.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "MumbleResponse"))]
pub struct MumbleResponse {
    #[cfg_attr(feature = "ts", ts(type = "'legacy' | 'protobuf'"))]
    pub form: String,
    pub ident: String,
    #[serde(flatten)]
    pub state: MumbleState,
}

/// A server as its ping describes it (what `serve('mumble')` answers with).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "MumbleState"))]
pub struct MumbleState {
    /// `1.3.4`.
    pub version: String,
    pub users: u32,
    pub max_users: u32,
    /// Bits per second allowed per user.
    pub bandwidth: u32,
}

impl MumbleState {
    /// The version as the legacy reply packs it, and as 1.5's `server_version_v2`.
    fn packed(&self) -> Result<(u32, u64)> {
        let parts: Vec<u16> = self.version.split('.').map(|p| p.parse().unwrap_or(u16::MAX)).collect();
        let [major, minor, patch] = parts[..] else {
            return Err(Error::invalid(format!(
                "version must be major.minor.patch, not {}",
                crate::error::quoted(&self.version)
            )));
        };
        // The legacy field has a byte each for minor and patch: Mumble 1.5 clamps (1.5.634
        // answers 1.5.255 there).
        let legacy = u32::from(major) << 16 | u32::from(minor.min(255)) << 8 | u32::from(patch.min(255));
        let v2 = u64::from(major) << 48 | u64::from(minor) << 32 | u64::from(patch) << 16;
        Ok((legacy, v2))
    }
}

fn ident_of(text: &str) -> Result<u64> {
    text.parse().map_err(|_| {
        Error::invalid(format!(
            "ident must be a u64 in decimal, not {}",
            crate::error::quoted(text)
        ))
    })
}

impl MumbleRequest {
    pub fn encode(&self) -> Result<Vec<u8>> {
        let ident = ident_of(&self.ident)?;
        match self.form.as_str() {
            "legacy" => Ok([&0u32.to_be_bytes()[..], &ident.to_be_bytes()].concat()),
            "protobuf" => {
                let ping = Ping {
                    timestamp: ident,
                    request_extended_information: self.extended,
                    ..Ping::default()
                };
                Ok([vec![PING_TYPE], prost::Message::encode_to_vec(&ping)].concat())
            }
            _ => Err(Error::invalid("form must be 'legacy' or 'protobuf'")),
        }
    }

    pub fn decode(bytes: &[u8]) -> Result<Self> {
        if bytes.len() == LEGACY_REQUEST_LEN && bytes[..4] == [0; 4] {
            let ident = u64::from_be_bytes(bytes[4..].try_into().expect("8 bytes"));
            return Ok(Self {
                form: "legacy".into(),
                ident: ident.to_string(),
                extended: false,
            });
        }
        let ping = protobuf(bytes)?;
        Ok(Self {
            form: "protobuf".into(),
            ident: ping.timestamp.to_string(),
            extended: ping.request_extended_information,
        })
    }
}

/// A protobuf ping: its type byte, then the message.
fn protobuf(bytes: &[u8]) -> Result<Ping> {
    match bytes.first() {
        Some(&PING_TYPE) if bytes.len() <= MAX_PING_LEN => {}
        Some(&PING_TYPE) => {
            return Err(Error::at(
                ErrorCode::BadLength,
                "ping",
                0,
                format!("over {MAX_PING_LEN} bytes"),
            ))
        }
        _ => return Err(Error::at(ErrorCode::UnexpectedOpcode, "type", 0, "not a Mumble ping")),
    }
    <Ping as prost::Message>::decode(&bytes[1..]).map_err(|e| Error::at(ErrorCode::Malformed, "ping", 1, e))
}

fn version_text(major: u64, minor: u64, patch: u64) -> String {
    format!("{major}.{minor}.{patch}")
}

impl MumbleResponse {
    pub fn encode(&self) -> Result<Vec<u8>> {
        let ident = ident_of(&self.ident)?;
        let (legacy, v2) = self.state.packed()?;
        let s = &self.state;
        match self.form.as_str() {
            "legacy" => Ok([
                &legacy.to_be_bytes()[..],
                &ident.to_be_bytes(),
                &s.users.to_be_bytes(),
                &s.max_users.to_be_bytes(),
                &s.bandwidth.to_be_bytes(),
            ]
            .concat()),
            "protobuf" => {
                let ping = Ping {
                    timestamp: ident,
                    request_extended_information: false,
                    server_version_v2: v2,
                    user_count: s.users,
                    max_user_count: s.max_users,
                    max_bandwidth_per_user: s.bandwidth,
                };
                Ok([vec![PING_TYPE], prost::Message::encode_to_vec(&ping)].concat())
            }
            _ => Err(Error::invalid("form must be 'legacy' or 'protobuf'")),
        }
    }

    pub fn decode(bytes: &[u8]) -> Result<Self> {
        // A legacy reply starts with the version's top byte, 0 for any version there is.
        if bytes.first() != Some(&PING_TYPE) {
            if bytes.len() != LEGACY_REPLY_LEN {
                return Err(Error::at(
                    ErrorCode::BadLength,
                    "reply",
                    0,
                    format!("a legacy ping reply is 24 bytes, this is {}", bytes.len()),
                ));
            }
            let u32_at = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
            let version = u32_at(0);
            let ident = u64::from_be_bytes(bytes[4..12].try_into().expect("8 bytes"));
            return Ok(Self {
                form: "legacy".into(),
                ident: ident.to_string(),
                state: MumbleState {
                    version: version_text(
                        u64::from(version >> 16),
                        u64::from(version >> 8 & 0xFF),
                        u64::from(version & 0xFF),
                    ),
                    users: u32_at(12),
                    max_users: u32_at(16),
                    bandwidth: u32_at(20),
                },
            });
        }
        let ping = protobuf(bytes)?;
        let v = ping.server_version_v2;
        Ok(Self {
            form: "protobuf".into(),
            ident: ping.timestamp.to_string(),
            state: MumbleState {
                version: version_text(v >> 48, v >> 32 & 0xFFFF, v >> 16 & 0xFFFF),
                users: ping.user_count,
                max_users: ping.max_user_count,
                bandwidth: ping.max_bandwidth_per_user,
            },
        })
    }
}

impl Input for MumbleRequest {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let r = Self {
            form: o.opt("form")?.unwrap_or_else(|| "legacy".into()),
            ident: o.opt("ident")?.unwrap_or_else(|| "0".into()),
            extended: o.or_default("extended")?,
        };
        o.deny_unknown()?;
        Ok(r)
    }
}

impl Input for MumbleState {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let s = Self {
            version: o.opt("version")?.unwrap_or_else(|| "1.5.0".into()),
            users: o.or_default("users")?,
            max_users: o.or_default("maxUsers")?,
            bandwidth: o.or_default("bandwidth")?,
        };
        // A query's raw (`MumbleQueryResult`) serves as it is.
        o.skip(&["form", "latencyMs"]);
        o.deny_unknown()?;
        Ok(s)
    }
}

impl Input for MumbleResponse {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let r = Self {
            form: o.opt("form")?.unwrap_or_else(|| "legacy".into()),
            ident: o.opt("ident")?.unwrap_or_else(|| "0".into()),
            state: MumbleState {
                version: o.opt("version")?.unwrap_or_else(|| "1.5.0".into()),
                users: o.or_default("users")?,
                max_users: o.or_default("maxUsers")?,
                bandwidth: o.or_default("bandwidth")?,
            },
        };
        o.deny_unknown()?;
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A real murmurd 1.3.4's reply on loopback (users 42 max, 72000 bit/s).
    const MURMUR: &str = "000103041122334455667788000000000000002a00011940";

    #[test]
    fn a_real_legacy_reply_and_both_forms_round_trip() {
        let bytes = crate::wire::from_hex(MURMUR, "hex").unwrap();
        let r = MumbleResponse::decode(&bytes).unwrap();
        assert_eq!((r.form.as_str(), r.state.version.as_str()), ("legacy", "1.3.4"));
        assert_eq!((r.state.users, r.state.max_users, r.state.bandwidth), (0, 42, 72000));
        assert_eq!(r.ident, 0x1122334455667788u64.to_string());
        assert_eq!(r.encode().unwrap(), bytes);
        let p = MumbleResponse {
            form: "protobuf".into(),
            ..r
        };
        let again = MumbleResponse::decode(&p.encode().unwrap()).unwrap();
        assert_eq!(again, p);
        let q = MumbleRequest {
            form: "protobuf".into(),
            ident: "7".into(),
            extended: true,
        };
        assert_eq!(q.encode().unwrap(), [1, 0x08, 7, 0x10, 1]);
        assert_eq!(MumbleRequest::decode(&q.encode().unwrap()).unwrap(), q);
    }

    #[test]
    fn what_is_no_ping_says_so() {
        assert_eq!(MumbleResponse::decode(&[0; 10]).unwrap_err().code, ErrorCode::BadLength);
        assert_eq!(
            MumbleRequest::decode(&[2, 0]).unwrap_err().code,
            ErrorCode::UnexpectedOpcode
        );
        assert_eq!(MumbleRequest::decode(&[1; 100]).unwrap_err().code, ErrorCode::BadLength);
        assert_eq!(
            MumbleResponse::decode(&[1, 0x08]).unwrap_err().code,
            ErrorCode::Malformed
        );
    }
}
