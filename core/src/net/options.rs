//! Options as JavaScript callers pass them, parsed once here for every protocol.

use serde::Deserialize;
use serde_json::Value;

use crate::api::from_options;
use crate::error::{Error, Result};
use crate::samp::PlayersMode;
use crate::target::Target;
use crate::text::TextEncoding;

/// `'host:port'` or `{ host, port }`.
pub fn parse_target(value: &Value) -> Result<Target> {
    match value {
        Value::String(s) => Target::parse(s),
        Value::Object(o) => {
            let host = o
                .get("host")
                .and_then(Value::as_str)
                .ok_or_else(|| Error::invalid("target.host must be a string"))?;
            let port = match o.get("port") {
                None | Some(Value::Null) => None,
                Some(p) => Some(
                    p.as_u64()
                        .and_then(|p| u16::try_from(p).ok())
                        .filter(|&p| p > 0)
                        .ok_or_else(|| Error::invalid("target.port must be 1–65535"))?,
                ),
            };
            let mut t = Target::parse(host)?;
            t.port = port.or(t.port);
            Ok(t)
        }
        _ => Err(Error::invalid("target must be 'host:port' or { host, port }")),
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawQueryOptions {
    timeout: Option<f64>,
    retries: Option<u32>,
    encoding: Option<String>,
    players: Option<Value>,
    family: Option<u8>,
    open_mp: Option<bool>,
    ping: Option<bool>,
    raw_strings: Option<bool>,
}

/// Parsed `query()` options.
#[derive(Debug, Clone)]
pub struct QueryRequest {
    pub timeout_ms: u64,
    pub retries: u32,
    pub encoding: TextEncoding,
    pub players: PlayersMode,
    pub family: u8,
    pub open_mp: bool,
    pub ping: bool,
    pub raw_strings: bool,
}

fn timeout_ms(t: Option<f64>, default: u64) -> Result<u64> {
    match t {
        None => Ok(default),
        Some(t) if (1.0..=600_000.0).contains(&t) => Ok(t as u64),
        Some(t) => Err(Error::invalid(format!("timeout must be 1–600000 ms, got {t}"))),
    }
}

impl QueryRequest {
    pub fn parse(options: Value) -> Result<Self> {
        let raw: RawQueryOptions = from_options("options", options)?;
        let players = match raw.players {
            None | Some(Value::Bool(true)) => PlayersMode::Auto,
            Some(Value::Bool(false)) => PlayersMode::None,
            Some(Value::String(s)) => match s.as_str() {
                "auto" => PlayersMode::Auto,
                "c" => PlayersMode::Clients,
                "d" => PlayersMode::Detailed,
                _ => {
                    return Err(Error::invalid(format!(
                        "players must be 'auto', 'c', 'd' or false, got {s:?}"
                    )))
                }
            },
            Some(v) => {
                return Err(Error::invalid(format!(
                    "players must be 'auto', 'c', 'd' or false, got {v}"
                )))
            }
        };
        let family = raw.family.unwrap_or(0);
        if ![0, 4, 6].contains(&family) {
            return Err(Error::invalid("family must be 0, 4 or 6"));
        }
        if raw.retries.is_some_and(|r| r > 10) {
            return Err(Error::invalid("retries must be 0–10"));
        }
        Ok(Self {
            timeout_ms: timeout_ms(raw.timeout, 1000)?,
            retries: raw.retries.unwrap_or(1),
            encoding: TextEncoding::from_option(raw.encoding.as_deref())?,
            players,
            family,
            open_mp: raw.open_mp.unwrap_or(true),
            ping: raw.ping.unwrap_or(true),
            raw_strings: raw.raw_strings.unwrap_or(false),
        })
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawRconOptions {
    password: String,
    timeout: Option<f64>,
    idle: Option<f64>,
    /// The whole reply ends by then (default 10 s).
    max: Option<f64>,
    encoding: Option<String>,
    family: Option<u8>,
}

/// Parsed `rcon()` options.
#[derive(Debug, Clone)]
pub struct RconRequest {
    pub password: String,
    pub timeout_ms: u64,
    pub idle_ms: u64,
    pub max_ms: u64,
    /// WHATWG label for the command and the reply (`None`: UTF-8 out, detection in).
    pub encoding: Option<String>,
    pub family: u8,
}

impl RconRequest {
    pub fn parse(options: Value) -> Result<Self> {
        let raw: RawRconOptions = from_options("rcon options", options)?;
        if let Some(label) = &raw.encoding {
            TextEncoding::from_option(Some(label))?;
        }
        Ok(Self {
            password: raw.password,
            timeout_ms: timeout_ms(raw.timeout, 1000)?,
            idle_ms: timeout_ms(raw.idle, 250)?,
            max_ms: timeout_ms(raw.max, 10_000)?,
            encoding: raw.encoding.filter(|e| !e.eq_ignore_ascii_case("auto")),
            family: raw.family.unwrap_or(0),
        })
    }
}
