//! What `serve('minecraft-java')` takes: the status responder's limits and RCON beside it.
//! Members it does not know are refused: a misspelt option must not pass silently.

use crate::error::Result;
use crate::input::{At, Input, Obj};
use crate::json::Json;

#[derive(Debug)]
pub struct ServeOptions {
    pub host: Option<String>,
    pub port: Option<u16>,
    /// Per-connection deadline (default 5000 ms).
    pub connection_timeout: Option<u64>,
    /// Connections served at once (default 256); more wait for a slot.
    pub max_connections: Option<usize>,
    /// Minecraft RCON on a second TCP port (`rcon.port`, default 25575).
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
