//! What `query('minecraft-query')` takes: the full or the basic stat.

crate::options::declare! {
    /// `query('minecraft-query', target, options)`: the server's `enable-query` port (default
    /// 25565, UDP).
    pub struct StatRequest("Minecraft Query"), ts MinecraftQueryStatOptions, cli "GameSpy4, every player's name";
    /// The full stat, with every player's name (default true); false: the basic stat.
    full: bool = "full" by boolean(true), ts "boolean", flag("basic", Set("false"), "");
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
