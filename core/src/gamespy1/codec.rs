//! Requests and single datagrams as JavaScript sees them (`encodeRequest('gamespy1', …)`,
//! `decodeResponse`): a datagram's pairs in order, the markers among them, duplicates kept
//! (UT99 sends `gamever` twice), so that it writes back byte for byte.

use serde::Serialize;

use super::packets::{decode_request, Datagram};
use crate::error::{Error, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::text::{encoding_name, resolve_writable_label, TextEncoding};
use crate::values::RuleList;

/// `{ query: { status: '' } }` is `\status\`; `{ status: 'xserverquery' }`, `{ basic: '',
/// info: '' }` chain as sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "GameSpy1Request"))]
pub struct GameSpy1Request {
    pub query: RuleList,
}

impl GameSpy1Request {
    pub fn encode(&self) -> Result<Vec<u8>> {
        if self.query.0.is_empty()
            || self
                .query
                .0
                .iter()
                .any(|(k, v)| k.is_empty() || k.contains('\\') || v.contains('\\'))
        {
            return Err(Error::invalid(
                "query must name at least one word (status, basic, info, rules, players), with no backslash",
            ));
        }
        let pairs = self.query.0.iter().map(|(k, v)| (k.as_bytes(), v.as_bytes())).collect();
        Ok(Datagram::new(pairs, false).encode())
    }

    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let pairs = decode_request(bytes)?;
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        Ok(Self {
            query: RuleList(pairs.iter().map(|(k, v)| (text(k), text(v))).collect()),
        })
    }
}

impl Input for GameSpy1Request {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let request = Self {
            query: o
                .opt("query")?
                .unwrap_or_else(|| RuleList(vec![("status".into(), String::new())])),
        };
        o.deny_unknown()?;
        Ok(request)
    }
}

/// One datagram of a reply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "GameSpy1Response", optional_fields))]
pub struct GameSpy1Response {
    /// `[key, value]` in order, `queryid` and `final` among them.
    #[cfg_attr(feature = "ts", ts(type = "Array<[string, string]>"))]
    pub pairs: Vec<(String, String)>,
    /// No leading `\` (netPanzer).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub bare: bool,
    /// `windows-1252`, `utf-8` …
    pub encoding: String,
}

impl GameSpy1Response {
    pub fn decode(bytes: &[u8], encoding: Option<&str>) -> Result<Self> {
        let d = Datagram::decode(bytes)?;
        let strings: Vec<&[u8]> = d.pairs.iter().flat_map(|(k, v)| [*k, *v]).collect();
        let decoded = TextEncoding::from_option(encoding)?
            .western(&strings)
            .decode_all(&strings);
        let mut texts = decoded.texts.into_iter();
        let pairs = d
            .pairs
            .iter()
            .map(|_| (texts.next().unwrap_or_default(), texts.next().unwrap_or_default()))
            .collect();
        Ok(Self {
            pairs,
            bare: d.bare,
            encoding: encoding_name(decoded.encoding),
        })
    }

    pub fn encode(&self) -> Result<Vec<u8>> {
        let encoding = resolve_writable_label(&self.encoding)?;
        let bytes: Vec<(Vec<u8>, Vec<u8>)> = self
            .pairs
            .iter()
            .map(|(k, v)| (crate::text::encode(k, encoding), crate::text::encode(v, encoding)))
            .collect();
        if bytes.iter().any(|(k, v)| k.contains(&b'\\') || v.contains(&b'\\')) {
            return Err(Error::invalid("a key or value holds a backslash, GameSpy's separator"));
        }
        let pairs = bytes.iter().map(|(k, v)| (k.as_slice(), v.as_slice())).collect();
        Ok(Datagram::new(pairs, self.bare).encode())
    }
}

impl Input for GameSpy1Response {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let response = Self {
            pairs: o
                .req::<Vec<Vec<String>>>("pairs")?
                .into_iter()
                .map(pair)
                .collect::<Result<_>>()?,
            bare: o.or_default("bare")?,
            encoding: o.opt("encoding")?.unwrap_or_else(|| "utf-8".to_string()),
        };
        o.deny_unknown()?;
        Ok(response)
    }
}

fn pair(p: Vec<String>) -> Result<(String, String)> {
    match <[String; 2]>::try_from(p) {
        Ok([k, v]) => Ok((k, v)),
        Err(_) => Err(Error::invalid("each of pairs is [key, value]")),
    }
}
