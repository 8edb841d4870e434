//! What `query('samp')`, `rcon('samp')` and `serve('samp')` take, beyond the options every
//! call takes. Serve options refuse members they do not know: a misspelt one must not pass.

use serde_json::Value;

use super::header::Dialect;
use super::PlayersMode;
use crate::error::{Error, Result};
use crate::exchange::Millis;
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::options::MAX_TIMEOUT_MS;
use crate::text::TextEncoding;

crate::options::declare! {
    /// `query('samp', target, options)`.
    pub struct QueryRequest("SA:MP query"), ts SampQueryOptions, cli "";
    /// A WHATWG label (`'windows-1251'`, `'cp1252'`, `'utf-8'`, …) or `'auto'` (default).
    encoding: TextEncoding = "encoding" by encoding(), ts "string", flag("encoding", Text, "X");
    /// `'auto'` (default): `d` when the version rule says SA:MP, `c` when it says open.mp, both
    /// otherwise; `'c'`; `'d'` (`c` when the server ignores `d`, with a warning); `false`: no list.
    players: PlayersMode = "players" by value(players_mode), ts "'auto' | 'c' | 'd' | false",
        flag("players", TextOrNone, "auto|c|d|none");
    /// Ask open.mp's `o` extras (default true; false saves an exchange in bulk scans).
    open_mp: bool = "openMp" by boolean(true), ts "boolean";
    /// Measure latency with `p` (default true; false: the `i` round trip is the latency).
    ping: bool = "ping" by boolean(true), ts "boolean";
    /// Also return every string's undecoded bytes in `raw.rawStrings` (hex), to re-decode them (default false).
    raw_strings: bool = "rawStrings" by boolean(false), ts "boolean";
    /// `'vcmp'`: a Vice City: Multiplayer 0.4 server (its own magic, no rules, names only);
    /// the `vcm` game id sets it. Default `'samp'` (SA:MP and open.mp).
    dialect: Dialect = "dialect" by text(dialect), ts "'samp' | 'vcmp'";
}

fn players_mode(given: Option<Value>) -> Result<PlayersMode> {
    match given {
        None | Some(Value::Bool(true)) => Ok(PlayersMode::Auto),
        Some(Value::Bool(false)) => Ok(PlayersMode::None),
        Some(Value::String(s)) if s == "auto" => Ok(PlayersMode::Auto),
        Some(Value::String(s)) if s == "c" => Ok(PlayersMode::Clients),
        Some(Value::String(s)) if s == "d" => Ok(PlayersMode::Detailed),
        Some(v) => Err(Error::invalid(format!(
            "option players must be 'auto', 'c', 'd' or false, got {v}"
        ))),
    }
}

fn dialect(given: Option<&str>) -> Result<Dialect> {
    match given {
        None => Ok(Dialect::Samp),
        Some(name) => Dialect::named(name).ok_or_else(|| {
            Error::invalid(format!(
                "option dialect must be 'samp' or 'vcmp', got {}",
                crate::error::quoted(name)
            ))
        }),
    }
}

crate::options::declare! {
    /// `rcon('samp', target, options, command)`.
    pub struct RconRequest("SA:MP RCON call"), ts RconOptions, cli "";
    /// The server's `rcon_password`.
    #[ts(optional = false)]
    password: String = "password" by required("the server's rcon_password"), ts "string";
    /// How long without a line ends the reply (default 250 ms): after the last line, or, for a
    /// command that prints nothing, after the server answered the `i` query sent beside it.
    idle_ms: Millis = "idle" by number(1.0, MAX_TIMEOUT_MS, 250.0), ts "number";
    /// Code page of the command and the reply (default: UTF-8 out, detection in).
    encoding: Option<String> = "encoding" by text(rcon_encoding), ts "string";
}

/// RCON's `encoding`: `None` for UTF-8 out and detection in; else a label the command
/// can be written in too.
fn rcon_encoding(label: Option<&str>) -> Result<Option<String>> {
    let Some(label) = label.filter(|l| !l.eq_ignore_ascii_case("auto")) else {
        return Ok(None);
    };
    if let TextEncoding::Fixed(e) = TextEncoding::from_option(Some(label))? {
        crate::text::writable(e)?;
    }
    Ok(Some(label.to_string()))
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

/// What `serve` accepts: `query('samp').raw`, or any state with at least `info`.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(
    rename = "SampServeState",
    type = "Partial<SampServerState> & Pick<SampServerState, 'info'>"
)]
pub struct ServeStateDecl;
