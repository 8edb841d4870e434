//! What `query('minecraft-query')` takes: the full or the basic stat.

use serde_json::Value;

use crate::error::Result;
use crate::options::{Common, Options, COMMON};

/// A Minecraft Query (GameSpy4) call's options: `full` (default true) asks the full stat.
#[derive(Debug, Clone)]
pub struct StatRequest {
    pub common: Common,
    pub full: bool,
}

impl StatRequest {
    pub fn parse(options: Value) -> Result<Self> {
        let mut o = Options::new("Minecraft Query", options)?;
        let common = Common::read(&mut o)?;
        let full = o.boolean("full", true)?;
        o.finish(&[COMMON, &["full"]].concat())?;
        Ok(Self { common, full })
    }
}

/// `query('minecraft-query', target, options)`: the server's `enable-query` port (default
/// 25565, UDP). Its TypeScript shape.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "MinecraftQueryStatOptions", rename_all = "camelCase", optional_fields)]
pub struct QueryOptions {
    #[ts(flatten)]
    pub network: crate::options::NetworkOptions,
    /// The full stat, with every player's name (default true); false: the basic stat.
    pub full: Option<bool>,
}

/// What to answer stats with: `query('minecraft-query').raw`, `motd` as a `§` string or a
/// rendered MOTD.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(
    rename = "MinecraftQueryServeState",
    type = "Omit<Partial<QueryStat>, 'motd'> & { motd?: string | Motd }"
)]
pub struct ServeStateDecl;
