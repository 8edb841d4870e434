//! What `query('a2s')` takes (which steps follow A2S_INFO) and what `serve('a2s')` takes.

use crate::error::Result;
use crate::input::{At, Input, Obj};
use crate::json::Json;

crate::options::declare! {
    /// `query('a2s', target, options)`: `players` and `rules` add A2S_PLAYER and A2S_RULES
    /// after A2S_INFO.
    pub struct A2sRequest("A2S query"), ts A2sQueryOptions, cli "Valve A2S";
    /// Ask A2S_PLAYER after A2S_INFO (default true).
    players: bool = "players" by boolean(true), ts "boolean", flag("no-players", Set("false"), "");
    /// Ask A2S_RULES too (default false); the rules land in `raw.rules`.
    rules: bool = "rules" by boolean(false), ts "boolean", flag("rules", Set("true"), "");
    /// `'ffow'`: Frontlines: Fuel of War's dialect (the `ffow` game id sets it). Default `'source'`.
    ffow: bool = "dialect" by text(dialect), ts "'source' | 'ffow'";
    /// 7 Days to Die's console beside the query, for the `sdtd` game id only: its telnet
    /// port and password; `more` asks the day, time, version and mods too. What it said
    /// lands in `raw.console` and its players' names in `players.list`.
    telnet: () = "telnet" by refused("is for the sdtd game id only (its console)"),
        ts "{ port: number; password: string; more?: boolean }";
}

/// `dialect`: `'source'` (the default) or `'ffow'` (Frontlines: Fuel of War's).
fn dialect(given: Option<&str>) -> Result<bool> {
    match given {
        None | Some("source") => Ok(false),
        Some("ffow") => Ok(true),
        Some(other) => Err(crate::error::Error::invalid(format!(
            "option dialect must be 'source' or 'ffow', got {}",
            crate::error::quoted(other)
        ))),
    }
}

/// `serve('a2s', state, options)`.
#[derive(Debug)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "A2sServeOptions", rename_all = "camelCase", optional_fields)
)]
pub struct ServeOptions {
    /// IP address to listen on (default `'0.0.0.0'`: every IPv4 interface).
    pub host: Option<String>,
    /// UDP port (default 27015; 0 picks a free one).
    pub port: Option<u16>,
    /// How long a challenge stays valid, ms (default 30000).
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>"))]
    pub challenge_ttl: Option<u64>,
    /// Bound on outstanding challenges (default 4096).
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>"))]
    pub max_challenges: Option<usize>,
    /// Split replies above this many bytes (default 1400).
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>"))]
    pub max_packet_size: Option<usize>,
    /// bzip2-compress split replies (default false).
    pub compress: Option<bool>,
    /// Per-source token bucket (default burst 60, 30 per second).
    pub rate_limit: Option<crate::limit::RateLimit>,
    /// `'ffow'`: answer as a Frontlines: Fuel of War server (`FF FF FF FF 46 'LSQ'` info,
    /// the old challenge request, big-endian numbers; the state's `ffow` fields). Default
    /// `'source'`.
    #[cfg_attr(feature = "ts", ts(optional, type = "'source' | 'ffow'"))]
    pub dialect: Option<bool>,
}

impl Input for ServeOptions {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let options = Self {
            host: o.opt("host")?,
            port: o.opt("port")?,
            challenge_ttl: o.opt("challengeTtl")?,
            max_challenges: o.opt("maxChallenges")?,
            max_packet_size: o.opt("maxPacketSize")?,
            compress: o.opt("compress")?,
            rate_limit: o.opt("rateLimit")?,
            dialect: match o.opt::<String>("dialect")? {
                Some(d) => Some(dialect(Some(&d))?),
                None => None,
            },
        };
        o.deny_unknown()?;
        Ok(options)
    }
}

/// `decodeResponse('a2s', bytes, { theShip })`: The Ship's player records carry deaths and
/// money, which only its info reply (app id 2400…) tells.
#[derive(Debug, Default)]
#[cfg_attr(feature = "ts", derive(serde::Serialize, ts_rs::TS))]
#[cfg_attr(
    feature = "ts",
    serde(rename_all = "camelCase", deny_unknown_fields),
    ts(rename = "A2sDecodeOptions")
)]
pub struct DecodeOptions {
    #[cfg_attr(feature = "ts", serde(default))]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub the_ship: bool,
}

impl Input for DecodeOptions {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let options = Self {
            the_ship: o.or_default("theShip")?,
        };
        o.deny_unknown()?;
        Ok(options)
    }
}
