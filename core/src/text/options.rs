//! `decodeResponse(protocol, bytes, { encoding })` for the protocols whose only decode
//! option is the code page of their text (the Quake family, All-Seeing Eye).

use serde::Serialize;

use crate::error::Result;
use crate::input::{At, Input, Obj};
use crate::json::Json;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "EncodingOptions"))]
pub struct EncodingOptions {
    /// A WHATWG label (`windows-1252`, `utf-8`, …) or `'auto'` (default: UTF-8 where the
    /// whole reply is, else one guess over all of its text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub encoding: Option<String>,
}

impl Input for EncodingOptions {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let options = Self {
            encoding: o.opt("encoding")?,
        };
        o.deny_unknown()?;
        Ok(options)
    }
}
