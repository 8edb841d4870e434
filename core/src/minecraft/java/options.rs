//! What `serve('minecraft-java')` takes: the status responder's limits and RCON beside it.
//! Members it does not know are refused: a misspelt option must not pass silently.

use crate::error::Result;
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

/// `query('minecraft-java', target, options)`: its TypeScript shape.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "MinecraftJavaQueryOptions", rename_all = "camelCase", optional_fields)]
pub struct QueryOptions {
    #[ts(flatten)]
    pub network: crate::options::NetworkOptions,
    #[ts(flatten)]
    pub lookup: Lookup,
    /// Handshake protocol version (default 47).
    pub protocol_version: Option<f64>,
    /// Fall back to the legacy 1.6 ping when the server answers like a pre-1.7 server (default true).
    pub legacy_fallback: Option<bool>,
    /// Refuse a status frame above this many bytes (default 256 KiB).
    pub max_frame: Option<f64>,
}

/// `query('minecraft-legacy', target, options)`: its TypeScript shape.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "MinecraftLegacyQueryOptions", rename_all = "camelCase", optional_fields)]
pub struct LegacyQueryOptions {
    #[ts(flatten)]
    pub network: crate::options::NetworkOptions,
    #[ts(flatten)]
    pub lookup: Lookup,
    /// Which legacy ping to send (default `'1.6'`).
    #[ts(optional, type = "'beta' | '1.4' | '1.6'")]
    pub variant: Option<()>,
}

/// The name lookups of both Java queries.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename_all = "camelCase", optional_fields)]
pub struct Lookup {
    /// Look up `_minecraft._tcp.<host>`: `'auto'` (default: when no port is given), `true`, `false`.
    #[ts(optional, type = "'auto' | boolean")]
    pub srv: Option<()>,
    /// Name server for SRV and address lookups, e.g. `'127.0.0.1:5353'` (default: the system's).
    pub dns_server: Option<String>,
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
