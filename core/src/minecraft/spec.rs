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
    const QUERY: Option<spec::Query> = Some(spec::Query::Race);
}
