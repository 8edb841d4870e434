//! Values JSON has no native form for, both ways, shared by the protocols: raw bytes as
//! hex (SA:MP's ping payload, A2S challenges, Minecraft ping payloads) and rules in wire
//! order as an object (SA:MP, A2S).

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::wire::{from_hex, to_hex};

/// Fixed-size raw bytes, as lower-case hex text in JS.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
pub struct Hex<const N: usize>(pub [u8; N]);

impl<const N: usize> Serialize for Hex<N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&to_hex(&self.0))
    }
}

impl<const N: usize> Input for Hex<N> {
    fn read(value: Json, at: At<'_>) -> crate::error::Result<Self> {
        let text = String::read(value, at)?;
        let bytes = from_hex(&text, "payload").map_err(|e| at.error(e.message))?;
        let arr: [u8; N] = bytes
            .try_into()
            .map_err(|_| at.error(format_args!("expected {N} bytes of hex ({} digits)", N * 2)))?;
        Ok(Self(arr))
    }
}

/// Rules in wire order, shown to JS as a plain object (`rules.version`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "Record<string, string>"))]
pub struct RuleList(pub Vec<(String, String)>);

impl RuleList {
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The first value of `name` in any case (games spell one key differently).
    pub fn get_any_case(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

impl Serialize for RuleList {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// Every entry in order, a repeated name included.
impl Input for RuleList {
    fn read(value: Json, at: At<'_>) -> crate::error::Result<Self> {
        let mut o = Obj::new(value, at)?;
        let mut rules = Vec::new();
        for (name, v) in o.rest() {
            let value = String::read(v, at.key(&name))?;
            rules.push((name.into_owned(), value));
        }
        Ok(RuleList(rules))
    }
}
