//! Serde helpers for SA:MP values that JSON has no native form for.

use std::fmt;

use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

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

impl<'de, const N: usize> Deserialize<'de> for Hex<N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        let bytes = from_hex(&text, "payload").map_err(de::Error::custom)?;
        let arr: [u8; N] = bytes
            .try_into()
            .map_err(|_| de::Error::custom(format!("expected {N} bytes of hex ({} digits)", N * 2)))?;
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

impl<'de> Deserialize<'de> for RuleList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RuleList;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object of rule name → value strings")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<RuleList, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = m.next_entry::<String, String>()? {
                    out.push((k, v));
                }
                Ok(RuleList(out))
            }
        }
        d.deserialize_map(V)
    }
}
