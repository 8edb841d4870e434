//! What `query('minecraft-bedrock')` takes: the options every call takes.

crate::options::declare! {
    /// `query('minecraft-bedrock', target, options)`: the options every call takes.
    pub struct BedrockRequest("Minecraft Bedrock ping"), ts MinecraftBedrockQueryOptions, cli "";
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
