//! The protocols gamequery speaks, by the names JavaScript callers use: a leaf the
//! orchestration (`call`, `serve`, `api`, the bulk engine) and the bindings read.

use crate::error::{Error, Result};

/// Protocol names as JS callers spell them. Only implemented protocols are listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    Samp,
    MinecraftJava,
    MinecraftLegacy,
    MinecraftBedrock,
    MinecraftQuery,
    Sqp,
    /// Valve's A2S (Source and GoldSrc servers).
    A2s,
    /// A packet codec only: `rcon('minecraft-java')` runs it.
    SourceRcon,
    /// A query only: Java and Bedrock raced (their packets are theirs).
    Minecraft,
}

impl Protocol {
    pub const ALL: &'static [Protocol] = &[
        Protocol::Samp,
        Protocol::MinecraftJava,
        Protocol::MinecraftLegacy,
        Protocol::MinecraftBedrock,
        Protocol::MinecraftQuery,
        Protocol::Sqp,
        Protocol::A2s,
        Protocol::SourceRcon,
        Protocol::Minecraft,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Self::Samp => "samp",
            Self::MinecraftJava => "minecraft-java",
            Self::MinecraftLegacy => "minecraft-legacy",
            Self::MinecraftBedrock => "minecraft-bedrock",
            Self::MinecraftQuery => "minecraft-query",
            Self::Sqp => "sqp",
            Self::A2s => "a2s",
            Self::SourceRcon => "source-rcon",
            Self::Minecraft => "minecraft",
        }
    }

    /// `query` and `queryMany` take it (`source-rcon` is a packet codec `rcon` runs).
    pub fn queryable(self) -> bool {
        self != Self::SourceRcon
    }

    /// `serve` answers it (`minecraft` races editions that are each served on their own).
    pub fn servable(self) -> bool {
        !matches!(self, Self::SourceRcon | Self::Minecraft)
    }

    pub fn parse(name: &str) -> Result<Self> {
        Self::ALL.iter().copied().find(|p| p.name() == name).ok_or_else(|| {
            let known: Vec<_> = Self::ALL.iter().map(|p| p.name()).collect();
            Error::invalid(format!(
                "unknown protocol {}; known: {}",
                crate::error::quoted(name),
                known.join(", ")
            ))
        })
    }
}
