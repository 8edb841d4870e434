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
