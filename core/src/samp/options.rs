//! What `query('samp')`, `rcon('samp')` and `serve('samp')` take, beyond the options every
//! call takes. Serve options refuse members they do not know: a misspelt one must not pass.

use serde_json::Value;

use super::header::Dialect;
use super::PlayersMode;
use crate::error::{Error, Result};
use crate::exchange::Millis;
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::options::{Common, Options, COMMON, MAX_TIMEOUT_MS};
use crate::text::TextEncoding;

/// A SA:MP query's options.
#[derive(Debug, Clone)]
pub struct QueryRequest {
    pub common: Common,
    pub encoding: TextEncoding,
    pub players: PlayersMode,
    pub open_mp: bool,
    pub ping: bool,
    pub raw_strings: bool,
    pub dialect: Dialect,
}

const SAMP_QUERY: &[&str] = &["encoding", "players", "openMp", "ping", "rawStrings", "dialect"];

impl QueryRequest {
    pub fn parse(options: Value) -> Result<Self> {
        let mut o = Options::new("SA:MP query", options)?;
        let common = Common::read(&mut o)?;
        let encoding = TextEncoding::from_option(o.string("encoding")?.as_deref())?;
        let players = match o.raw("players") {
            None | Some(Value::Bool(true)) => PlayersMode::Auto,
            Some(Value::Bool(false)) => PlayersMode::None,
            Some(Value::String(s)) if s == "auto" => PlayersMode::Auto,
            Some(Value::String(s)) if s == "c" => PlayersMode::Clients,
            Some(Value::String(s)) if s == "d" => PlayersMode::Detailed,
            Some(v) => {
                return Err(Error::invalid(format!(
                    "option players must be 'auto', 'c', 'd' or false, got {v}"
                )))
            }
        };
        let request = Self {
            common,
            encoding,
            players,
            open_mp: o.boolean("openMp", true)?,
            ping: o.boolean("ping", true)?,
            raw_strings: o.boolean("rawStrings", false)?,
            dialect: match o.string("dialect")? {
                None => Dialect::Samp,
                Some(name) => Dialect::named(&name).ok_or_else(|| {
                    Error::invalid(format!(
                        "option dialect must be 'samp' or 'vcmp', got {}",
                        crate::error::quoted(&name)
                    ))
                })?,
            },
        };
        o.finish(&[COMMON, SAMP_QUERY].concat())?;
        Ok(request)
    }
}

/// A SA:MP RCON call's options.
#[derive(Debug, Clone)]
pub struct RconRequest {
    pub common: Common,
    pub password: String,
    pub idle_ms: Millis,
    /// WHATWG label for the command and the reply (`None`: UTF-8 out, detection in).
    pub encoding: Option<String>,
}

impl RconRequest {
    pub fn parse(options: Value) -> Result<Self> {
        let mut o = Options::new("SA:MP RCON call", options)?;
        let common = Common::read(&mut o)?;
        let password = o
            .string("password")?
            .ok_or_else(|| Error::invalid("option password is required: the server's rcon_password"))?;
        let idle_ms = o.number("idle", 1.0, MAX_TIMEOUT_MS, 250.0)?;
        let encoding = o.string("encoding")?;
        // The command is written in it too.
        if let Some(label) = &encoding {
            if let TextEncoding::Fixed(e) = TextEncoding::from_option(Some(label))? {
                crate::text::writable(e)?;
            }
        }
        o.finish(&[COMMON, &["password", "idle", "encoding"]].concat())?;
        Ok(Self {
            common,
            password,
            idle_ms,
            encoding: encoding.filter(|e| !e.eq_ignore_ascii_case("auto")),
        })
    }
}

/// `serve('samp', state, options)`.
#[derive(Debug)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "SampServeOptions", rename_all = "camelCase", optional_fields)
)]
pub struct ServeOptions {
    /// IP address to listen on (default `'0.0.0.0'`: every IPv4 interface; `'127.0.0.1'` for this machine only, `'::'` for IPv6 too).
    pub host: Option<String>,
    /// UDP port (default 7777; 0 picks a free one).
    pub port: Option<u16>,
    /// Answer like SA:MP 0.3.7 (`d` answered, `o` not); by default when the state's version rule says SA:MP (`0.3.7-R2`).
    pub legacy: Option<bool>,
    /// RCON on the query port: the password, and the handler that runs a command (the
    /// host's: it is split off before the options reach the core).
    #[cfg_attr(
        feature = "ts",
        ts(
            optional,
            type = "{ password: string; handler(command: string): string[] | string | Promise<string[] | string> }"
        )
    )]
    pub rcon: Option<ServeRcon>,
    /// Per-source token bucket (default burst 60, 30 per second).
    pub rate_limit: Option<crate::limit::RateLimit>,
}

impl Input for ServeOptions {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let options = Self {
            host: o.opt("host")?,
            port: o.opt("port")?,
            legacy: o.opt("legacy")?,
            rcon: o.opt("rcon")?,
            rate_limit: o.opt("rateLimit")?,
        };
        o.deny_unknown()?;
        Ok(options)
    }
}

/// SA:MP's RCON shares the query port: no `port` here.
#[derive(Debug)]
pub struct ServeRcon {
    pub password: String,
}

impl Input for ServeRcon {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let options = Self {
            password: o.req("password")?,
        };
        o.deny_unknown()?;
        Ok(options)
    }
}

/// `query('samp', target, options)`: its TypeScript shape.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "SampQueryOptions", rename_all = "camelCase", optional_fields)]
pub struct QueryOptionsDecl {
    #[ts(flatten)]
    pub network: crate::options::NetworkOptions,
    /// A WHATWG label (`'windows-1251'`, `'cp1252'`, `'utf-8'`, …) or `'auto'` (default).
    pub encoding: Option<String>,
    /// `'auto'` (default): `d` when the version rule says SA:MP, `c` when it says open.mp, both
    /// otherwise; `'c'`; `'d'` (`c` when the server ignores `d`, with a warning); `false`: no list.
    #[ts(optional, type = "'auto' | 'c' | 'd' | false")]
    pub players: Option<()>,
    /// Ask open.mp's `o` extras (default true; false saves an exchange in bulk scans).
    pub open_mp: Option<bool>,
    /// Measure latency with `p` (default true; false: the `i` round trip is the latency).
    pub ping: Option<bool>,
    /// Also return every string's undecoded bytes in `raw.rawStrings` (hex), to re-decode them (default false).
    pub raw_strings: Option<bool>,
    /// `'vcmp'`: a Vice City: Multiplayer 0.4 server (its own magic, no rules, names only);
    /// the `vcm` game id sets it. Default `'samp'` (SA:MP and open.mp).
    #[ts(optional, type = "'samp' | 'vcmp'")]
    pub dialect: Option<()>,
}

/// What `serve` accepts: `query('samp').raw`, or any state with at least `info`.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(
    rename = "SampServeState",
    type = "Partial<SampServerState> & Pick<SampServerState, 'info'>"
)]
pub struct ServeStateDecl;

/// `rcon('samp', target, options, command)`: its TypeScript shape.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "RconOptions", rename_all = "camelCase", optional_fields)]
pub struct RconOptionsDecl {
    #[ts(flatten)]
    pub network: crate::options::NetworkOptions,
    /// The server's `rcon_password`.
    #[ts(optional = false)]
    pub password: String,
    /// How long without a line ends the reply (default 250 ms): after the last line, or, for a
    /// command that prints nothing, after the server answered the `i` query sent beside it.
    pub idle: Option<f64>,
    /// Code page of the command and the reply (default: UTF-8 out, detection in).
    pub encoding: Option<String>,
}
