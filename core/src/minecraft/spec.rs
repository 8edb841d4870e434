//! `query('minecraft')` to the machinery above the protocols (`crate::spec`): a query only,
//! Java and Bedrock raced (`call::race`); their packets and responders are theirs.

use crate::spec::{self, Spec, Transport, Types};

pub struct Race;

impl spec::Protocol for Race {
    type Codec = spec::NoCodec;
    const SPEC: Spec = Spec {
        name: "minecraft",
        title: "Minecraft query",
        label: "Minecraft",
        transport: Transport::Tcp,
        default_port: Some(super::java::DEFAULT_PORT),
        rcon: None,
        alone: "is a query that races 'minecraft-java' and 'minecraft-bedrock': use their packets, and serve each edition on its own ('minecraft-java', 'minecraft-bedrock' or 'minecraft-query')",
    };
    const TYPES: Types = Types {
        raw: "MinecraftRaceResult",
        query_options: "MinecraftRaceOptions",
        ..Types::NONE
    };
    // The race's own options, read by `call::race`, then Java's lookups.
    const CLI: spec::Cli = spec::Cli {
        about: "Java and Bedrock at once",
        flags: &[
            spec::Flag::new("bedrock-port", "bedrockPort", spec::Takes::Number, "N"),
            spec::Flag::new("full-players", "fullPlayers", spec::Takes::Set("true"), ""),
            // `--no-srv` and `--dns-server`: the first two of Java's.
            JAVA_FLAGS[0],
            JAVA_FLAGS[1],
        ],
    };
    const QUERY: Option<spec::Query> = Some(spec::Query::Race);

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        crate::spec::decls![cfg; RaceOptions]
    }
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::describe::describe);
    const GAMEDIG: Option<spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
}

/// `query('minecraft', target)`: Java (SRV, legacy fallback) and Bedrock at once. The
/// target's port is tried for both (Java over TCP, Bedrock over UDP); without one, each
/// edition's default. Java's options apply to Java. `bedrockPort`: Bedrock's UDP port when
/// it is not the target's (default: the target's port, else 19132); `fullPlayers`: also the Query
/// (GameSpy4) full stat, for every player's name (needs `enable-query`); `queryPort`: the
/// Query port when it is not the game port.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(
    rename = "MinecraftRaceOptions",
    type = "Omit<MinecraftJavaQueryOptions, 'localPort'> & { bedrockPort?: number; fullPlayers?: boolean; queryPort?: number }"
)]
pub struct RaceOptions;

const JAVA_FLAGS: &[spec::Flag] = super::java::options::JavaOptions::CLI.flags;
