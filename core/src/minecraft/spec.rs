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
    const CLI: spec::Cli = spec::Cli {
        usage: "Java and Bedrock at once [--bedrock-port N] [--full-players] [--no-srv] [--dns-server ip:port]",
        flags: &[
            spec::Flag::new("bedrock-port", "bedrockPort", spec::Takes::Number),
            spec::Flag::new("full-players", "fullPlayers", spec::Takes::Set("true")),
            spec::Flag::new("no-srv", "srv", spec::Takes::Set("false")),
            spec::Flag::new("dns-server", "dnsServer", spec::Takes::Text),
        ],
    };
    const QUERY: Option<spec::Query> = Some(spec::Query::Race);
    const DESCRIBE: Option<spec::DescribeFn> = Some(super::describe::describe);
}
