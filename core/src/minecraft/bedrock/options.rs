//! What `query('minecraft-bedrock')` takes: the options every call takes.

use serde_json::Value;

use crate::error::Result;
use crate::options::{Common, Options, COMMON};

/// A Minecraft Bedrock ping's options: the common ones only.
#[derive(Debug, Clone)]
pub struct BedrockRequest {
    pub common: Common,
}

impl BedrockRequest {
    pub fn parse(options: Value) -> Result<Self> {
        let mut o = Options::new("Minecraft Bedrock ping", options)?;
        let common = Common::read(&mut o)?;
        o.finish(COMMON)?;
        Ok(Self { common })
    }
}

/// The advertisement to answer pings with: `motd` as a `§` string or a rendered MOTD;
/// `serverGuid` random when absent.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(
    rename = "BedrockServeState",
    type = "Omit<Partial<BedrockAdvertisement>, 'motd' | 'levelName'> & { motd?: string | Motd; levelName?: string | Motd | null; serverGuid?: string }"
)]
pub struct ServeStateDecl;
