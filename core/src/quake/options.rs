//! What `query('quake3' | 'quake2' | 'quakeworld')` takes (`serve` takes
//! `options::UdpServeOptions`: host, port and a per-source limit).

use serde_json::Value;

use super::packets::Dialect;
use crate::error::Result;
use crate::options::Common;
use crate::text::TextEncoding;

crate::options::declare! {
    /// `query('quake3', target, options)`.
    pub struct Quake3Options("Quake 3 query"), ts QuakeQueryOptions, cli "";
    /// A WHATWG label (`windows-1252`, `utf-8` …) or `'auto'` (default: detected over
    /// the whole reply; old games send Latin-1, newer ones UTF-8).
    encoding: TextEncoding = "encoding" by encoding(), ts "string", flag("encoding", Text, "X");
    /// `'status'` (default: settings and players) or `'info'` (a short summary with bot
    /// counts, no player list).
    request: &'static str = "request" by choice(&["status", "info"], "status"), ts "'status' | 'info'",
        flag("request", Text, "status|info");
}

crate::options::declare! {
    /// `query('quake2' | 'quakeworld', target, options)`.
    pub struct Quake2Options("Quake 2 query"), ts Quake2QueryOptions, cli "";
    /// A WHATWG label (`windows-1252`, `utf-8` …) or `'auto'` (default: detected over
    /// the whole reply; old games send Latin-1, newer ones UTF-8).
    encoding: TextEncoding = "encoding" by encoding(), ts "string", flag("encoding", Text, "X");
}

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
        Ok(match dialect {
            Dialect::Quake3 => {
                let o = Quake3Options::read(options)?;
                Self {
                    common: o.common,
                    dialect,
                    encoding: o.encoding,
                    status: o.request == "status",
                }
            }
            _ => {
                let o = Quake2Options::read_as(what, options)?;
                Self {
                    common: o.common,
                    dialect,
                    encoding: o.encoding,
                    status: true,
                }
            }
        })
    }
}
