//! What `rcon('minecraft-java' | 'a2s')` and `rconSession` take.

use serde_json::Value;

use crate::error::{Error, Result};
use crate::options::{Common, Options, COMMON};

/// A Source RCON call's options (Minecraft Java): `password`, and `format` of the lines.
#[derive(Debug, Clone)]
pub struct SourceRconRequest {
    pub common: Common,
    pub password: String,
    pub format: crate::source_rcon::RconFormat,
}

impl SourceRconRequest {
    pub fn parse(options: Value) -> Result<Self> {
        use crate::source_rcon::RconFormat;
        let mut o = Options::new("Minecraft RCON call", options)?;
        let common = Common::read(&mut o)?;
        let password = o
            .string("password")?
            .ok_or_else(|| Error::invalid("option password is required: the server's rcon.password"))?;
        let format = match o.string("format")?.as_deref() {
            None | Some("plain") => RconFormat::Plain,
            Some("ansi") => RconFormat::Ansi,
            Some("minecraft") => RconFormat::Minecraft,
            Some(other) => {
                return Err(Error::invalid(format!(
                    "option format must be 'plain', 'ansi' or 'minecraft', got {}",
                    crate::error::quoted(other)
                )))
            }
        };
        o.finish(&[COMMON, &["password", "format"]].concat())?;
        Ok(Self {
            common,
            password,
            format,
        })
    }
}

/// `rcon('minecraft-java' | 'a2s', target, options, command)` and `rconSession`: its
/// TypeScript shape.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "MinecraftRconOptions", rename_all = "camelCase", optional_fields)]
pub struct RconOptionsDecl {
    #[ts(flatten)]
    pub network: crate::options::NetworkOptions,
    /// The server's `rcon.password`.
    #[ts(optional = false)]
    pub password: String,
    /// The output lines as plain text (default), with ANSI colours, or with `§` codes as sent.
    #[ts(optional, type = "'plain' | 'ansi' | 'minecraft'")]
    pub format: Option<()>,
}
