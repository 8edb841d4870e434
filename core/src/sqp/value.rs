//! SQP's typed values: 0 byte · 1 u16 · 2 u32 · 3 u64 · 4 string (u8 length + UTF-8) ·
//! 5 f32, big-endian. u64 crosses to JS as a decimal string (a JS number can't hold it).

use serde::Serialize;

use crate::error::{Error, ErrorCode, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::wire::{Reader, Writer};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SqpValueType"))]
pub enum ValueType {
    Byte,
    U16,
    U32,
    U64,
    String,
    F32,
}

impl ValueType {
    pub fn from_byte(b: u8) -> Option<Self> {
        Some(match b {
            0 => Self::Byte,
            1 => Self::U16,
            2 => Self::U32,
            3 => Self::U64,
            4 => Self::String,
            5 => Self::F32,
            _ => return None,
        })
    }

    pub fn byte(self) -> u8 {
        self as u8
    }

    /// As JS callers write it (`'u16'`).
    pub fn name(self) -> &'static str {
        NAMES[self as usize]
    }

    pub fn read(r: &mut Reader<'_>, field: &'static str) -> Result<Self> {
        let at = r.offset();
        let b = r.u8(field)?;
        Self::from_byte(b)
            .ok_or_else(|| Error::at(ErrorCode::Malformed, field, at, format_args!("unknown value type {b}")))
    }
}

/// A value as JS sees it: a number, or a string (text, and u64 as decimal).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SqpScalar"))]
pub enum Scalar {
    Number(f64),
    Text(String),
}

/// A rule's value with its wire type.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SqpValue"))]
pub struct Typed {
    #[serde(rename = "type")]
    pub kind: ValueType,
    pub value: Scalar,
}

const NAMES: [&str; 6] = ["byte", "u16", "u32", "u64", "string", "f32"];

impl Input for ValueType {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let name = String::read(value, at)?;
        match NAMES.iter().position(|n| *n == name) {
            Some(i) => Ok(Self::from_byte(i as u8).expect("six types")),
            None => Err(at.error(format_args!(
                "unknown variant {}, expected one of {}",
                crate::error::quoted(&name),
                NAMES.join(", ")
            ))),
        }
    }
}

impl Input for Scalar {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        match value {
            Json::String(s) => Ok(Self::Text(s)),
            Json::Number(_) => f64::read(value, at).map(Self::Number),
            other => Err(at.expected("a number or a string", &other)),
        }
    }
}

impl Input for Typed {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            kind: o.req("type")?,
            value: o.req("value")?,
        })
    }
}

pub fn read_string(r: &mut Reader<'_>, field: &'static str) -> Result<String> {
    let at = r.offset();
    let len = usize::from(r.u8(field)?);
    let bytes = r.take(len, field)?;
    String::from_utf8(bytes.to_vec()).map_err(|_| Error::at(ErrorCode::Malformed, field, at, "invalid UTF-8"))
}

pub fn write_string(w: &mut Writer, s: &str) {
    // Cut at 255 bytes, on a character boundary.
    let mut end = s.len().min(255);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    w.u8(end as u8).bytes(&s.as_bytes()[..end]);
}

pub fn read_value(r: &mut Reader<'_>, kind: ValueType, field: &'static str) -> Result<Scalar> {
    Ok(match kind {
        ValueType::Byte => Scalar::Number(r.u8(field)?.into()),
        ValueType::U16 => Scalar::Number(r.u16_be(field)?.into()),
        ValueType::U32 => Scalar::Number(r.u32_be(field)?.into()),
        ValueType::U64 => Scalar::Text(u64::from_be_bytes(r.array(field)?).to_string()),
        ValueType::String => Scalar::Text(read_string(r, field)?),
        ValueType::F32 => Scalar::Number(f32::from_be_bytes(r.array(field)?).into()),
    })
}

/// Writes `value` as `kind`; a value that does not fit the type is a caller error.
pub fn write_value(w: &mut Writer, kind: ValueType, value: &Scalar, what: &str) -> Result<()> {
    // As JSON (the caller wrote it so), not `{:?}`: Debug of an f64 would bring core's
    // float formatting into the browser build.
    let bad = || {
        let shown = match value {
            Scalar::Number(n) => zmij::Buffer::new().format(*n).to_owned(),
            Scalar::Text(t) => format!("\"{t}\""),
        };
        Error::invalid(format!("{what}: {shown} is not a valid {}", kind.name()))
    };
    let int = |max: f64| match value {
        Scalar::Number(n) if n.fract() == 0.0 && (0.0..=max).contains(n) => Ok(*n),
        _ => Err(bad()),
    };
    match kind {
        ValueType::Byte => {
            w.u8(int(255.0)? as u8);
        }
        ValueType::U16 => {
            w.u16_be(int(65535.0)? as u16);
        }
        ValueType::U32 => {
            w.u32_be(int(4_294_967_295.0)? as u32);
        }
        ValueType::U64 => {
            let n = match value {
                Scalar::Text(t) => t.parse::<u64>().map_err(|_| bad())?,
                Scalar::Number(n) if n.fract() == 0.0 && *n >= 0.0 && *n <= 9_007_199_254_740_991.0 => *n as u64,
                _ => return Err(bad()),
            };
            w.bytes(&n.to_be_bytes());
        }
        ValueType::String => match value {
            Scalar::Text(t) => write_string(w, t),
            Scalar::Number(_) => return Err(bad()),
        },
        ValueType::F32 => match value {
            Scalar::Number(n) => {
                w.bytes(&(*n as f32).to_be_bytes());
            }
            Scalar::Text(_) => return Err(bad()),
        },
    }
    Ok(())
}
