//! What `rcon('minecraft-java' | 'a2s')` and `rconSession` take.

use crate::error::{Error, Result};
use crate::source_rcon::RconFormat;

crate::options::declare! {
    /// `rcon('minecraft-java' | 'a2s', target, options, command)` and `rconSession`: a
    /// Source RCON call's options.
    pub struct SourceRconRequest("Minecraft RCON call"), ts MinecraftRconOptions, cli "";
    /// The server's `rcon.password`.
    #[ts(optional = false)]
    password: String = "password" by required("the server's rcon.password"), ts "string";
    /// The output lines as plain text (default), with ANSI colours, or with `§` codes as sent.
    format: RconFormat = "format" by text(format), ts "'plain' | 'ansi' | 'minecraft'";
}

fn format(given: Option<&str>) -> Result<RconFormat> {
    match given {
        None | Some("plain") => Ok(RconFormat::Plain),
        Some("ansi") => Ok(RconFormat::Ansi),
        Some("minecraft") => Ok(RconFormat::Minecraft),
        Some(other) => Err(Error::invalid(format!(
            "option format must be 'plain', 'ansi' or 'minecraft', got {}",
            crate::error::quoted(other)
        ))),
    }
}
