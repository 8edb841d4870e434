//! What `serve('minecraft-java')` takes: the status responder's limits and RCON beside it.
//! Members it does not know are refused: a misspelt option must not pass silently.

use std::net::SocketAddr;

use serde_json::Value;

use super::{DEFAULT_FRAME_CAP, DEFAULT_PROTOCOL};
use crate::error::{Error, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;

/// `serve('minecraft-java' | 'minecraft-legacy', state, options)`.
#[derive(Debug)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "MinecraftServeOptions", rename_all = "camelCase", optional_fields)
)]
pub struct ServeOptions {
    /// IP address to listen on (default `'0.0.0.0'`: every IPv4 interface).
    pub host: Option<String>,
    /// TCP port (default 25565; 0 picks a free one).
    pub port: Option<u16>,
    /// Per-connection deadline in ms (default 5000).
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>"))]
    pub connection_timeout: Option<u64>,
    /// Connections open at once (default 256; RCON connections have as many again); a new
    /// one past it closes the connection that has waited longest without an answer (a
    /// logged-in RCON console goes last), so idle connections cannot lock clients out.
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>"))]
    pub max_connections: Option<usize>,
    /// Answer Minecraft RCON on a second TCP port as vanilla does (login, commands, output
    /// split every 4096 characters); `handler`'s lines are joined with `\n`. A silent
    /// connection is let go after 5 minutes. `port`: default 25575 (0 picks a free one, see
    /// `rconPort`); `password`: not empty (vanilla runs no RCON without one).
    #[cfg_attr(
        feature = "ts",
        ts(
            optional,
            type = "{ port?: number; password: string; handler(command: string): string[] | string | Promise<string[] | string> }"
        )
    )]
    pub rcon: Option<ServeRcon>,
}

impl Input for ServeOptions {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let options = Self {
            host: o.opt("host")?,
            port: o.opt("port")?,
            connection_timeout: o.opt("connectionTimeout")?,
            max_connections: o.opt("maxConnections")?,
            rcon: o.opt("rcon")?,
        };
        o.deny_unknown()?;
        Ok(options)
    }
}

#[derive(Debug)]
pub struct ServeRcon {
    pub port: Option<u16>,
    pub password: String,
}

impl Input for ServeRcon {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let options = Self {
            port: o.opt("port")?,
            password: o.req("password")?,
        };
        o.deny_unknown()?;
        Ok(options)
    }
}

crate::options::declare! {
    /// `query('minecraft-java', target, options)`.
    pub struct JavaOptions("Minecraft status query"), ts MinecraftJavaQueryOptions, cli "";
    /// Look up `_minecraft._tcp.<host>`: `'auto'` (default: when no port is given), `true`, `false`.
    srv: Option<bool> = "srv" by value(srv), ts "'auto' | boolean", flag("no-srv", Set("false"), "");
    /// Name server for SRV and address lookups, e.g. `'127.0.0.1:5353'` (default: the system's).
    dns_server: Option<SocketAddr> = "dnsServer" by text(dns_server), ts "string",
        flag("dns-server", Text, "ip:port");
    /// Handshake protocol version (default 47).
    protocol_version: u64 = "protocolVersion" by integer(0, i32::MAX as u64, DEFAULT_PROTOCOL as u64),
        ts "number", flag("protocol-version", Number, "n");
    /// Fall back to the legacy 1.6 ping when the server answers like a pre-1.7 server (default true).
    legacy_fallback: bool = "legacyFallback" by boolean(true), ts "boolean";
    /// Refuse a status frame above this many bytes (default 256 KiB).
    max_frame: u64 = "maxFrame" by integer(64, 16 << 20, DEFAULT_FRAME_CAP as u64), ts "number";
}

crate::options::declare! {
    /// `query('minecraft-legacy', target, options)`.
    pub struct LegacyOptions("Minecraft legacy ping"), ts MinecraftLegacyQueryOptions, cli "";
    /// Which legacy ping to send (default `'1.6'`).
    variant: &'static str = "variant" by choice(&["beta", "1.4", "1.6"], "1.6"), ts "'beta' | '1.4' | '1.6'",
        flag("variant", Text, "beta|1.4|1.6");
    /// Look up `_minecraft._tcp.<host>`: `'auto'` (default: when no port is given), `true`, `false`.
    srv: Option<bool> = "srv" by value(srv), ts "'auto' | boolean", flag("no-srv", Set("false"), "");
    /// Name server for SRV and address lookups, e.g. `'127.0.0.1:5353'` (default: the system's).
    dns_server: Option<SocketAddr> = "dnsServer" by text(dns_server), ts "string",
        flag("dns-server", Text, "ip:port");
}

/// `srv`: `'auto'` (`None`) or a boolean.
fn srv(given: Option<Value>) -> Result<Option<bool>> {
    match given {
        None => Ok(None),
        Some(Value::String(s)) if s == "auto" => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(b)),
        Some(v) => Err(Error::invalid(format!(
            "option srv must be 'auto', true or false, got {v}"
        ))),
    }
}

/// `dnsServer`: `ip:port`.
fn dns_server(given: Option<&str>) -> Result<Option<SocketAddr>> {
    given
        .map(|s| {
            s.parse::<SocketAddr>().map_err(|_| {
                Error::invalid(format!(
                    "option dnsServer must be 'ip:port', got {}",
                    crate::error::quoted(s)
                ))
            })
        })
        .transpose()
}

/// What `serve('minecraft-java')` accepts: a status (e.g. `query(...).raw`); `motd` may be a
/// `§` string or a component, `favicon` a data URI.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(
    rename = "JavaServeState",
    type = "Omit<Partial<JavaStatus>, 'motd' | 'favicon'> & { motd?: string | object | Motd; favicon?: string | Favicon }"
)]
pub struct ServeStateDecl;
