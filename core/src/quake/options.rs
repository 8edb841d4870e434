//! What `query('quake3' | 'quake2' | 'quakeworld')` takes (`serve` takes
//! `options::UdpServeOptions`: host, port and a per-source limit).

use serde_json::Value;

use super::packets::Dialect;
use crate::error::Result;
use crate::options::{Common, Options, COMMON};
use crate::text::TextEncoding;

/// A query's checked options.
#[derive(Debug, Clone)]
pub struct QueryRequest {
    pub common: Common,
    pub dialect: Dialect,
    pub encoding: TextEncoding,
    /// Quake 3: `getstatus` (the default) or `getinfo`.
    pub status: bool,
}

impl QueryRequest {
    pub fn parse(options: Value, dialect: Dialect, what: &'static str) -> Result<Self> {
        let mut o = Options::new(what, options)?;
        let common = Common::read(&mut o)?;
        let encoding = TextEncoding::from_option(o.string("encoding")?.as_deref())?;
        let status = match dialect {
            Dialect::Quake3 => o.choice("request", &["status", "info"], "status")? == "status",
            _ => true,
        };
        let own: &[&str] = match dialect {
            Dialect::Quake3 => &["encoding", "request"],
            _ => &["encoding"],
        };
        o.finish(&[COMMON, own].concat())?;
        Ok(Self {
            common,
            dialect,
            encoding,
            status,
        })
    }
}

/// `query('quake3', target, options)`: its TypeScript shape.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "QuakeQueryOptions", rename_all = "camelCase", optional_fields)]
pub struct QueryOptions {
    #[ts(flatten)]
    pub network: crate::options::NetworkOptions,
    /// A WHATWG label (`windows-1252`, `utf-8` …) or `'auto'` (default: detected over
    /// the whole reply; old games send Latin-1, newer ones UTF-8).
    pub encoding: Option<String>,
    /// Quake 3 only: `'status'` (default: settings and players) or `'info'` (a short
    /// summary with bot counts, no player list).
    #[ts(type = "'status' | 'info'")]
    pub request: Option<()>,
}
