//! The protocols gamequery speaks: one line each in [`registry!`], in the order of the
//! ids the bindings pass. Everything else about a protocol is in its folder (its
//! `spec.rs`, an implementation of [`crate::spec::Protocol`]); `api`, `call`, `serve`,
//! the bulk engine, the bindings and the TypeScript generation read it from here.

use crate::error::{quoted, Caller, Error, Result};
use crate::spec::sink::{self, Sink};
use crate::spec::{self, Decoders, Packets, Rcon, RconFn, ServeFn, Spec};

macro_rules! registry {
    ($($protocol:ty),* $(,)?) => {
        static SPECS: &[Spec] = &[$(<$protocol as spec::Protocol>::SPEC),*];
        // Tables apart, so that a build which only decodes links no exchange or responder.
        static PACKETS: &[Option<Packets>] = &[$(<$protocol as spec::Protocol>::PACKETS),*];
        static QUERIES: &[Option<spec::Query>] = &[$(<$protocol as spec::Protocol>::QUERY),*];
        static SERVERS: &[Option<ServeFn>] = &[$(<$protocol as spec::Protocol>::SERVE),*];
        static SERVED_ATS: &[Option<&str>] = &[$(<$protocol as spec::Protocol>::SERVED_AT),*];
        static SAMPLE_TARGETS: &[Option<&str>] = &[$(<$protocol as spec::Protocol>::SAMPLE_TARGET),*];
        static SAMPLE_OPTIONS: &[Option<&str>] = &[$(<$protocol as spec::Protocol>::SAMPLE_OPTIONS),*];
        static RCONS: &[Option<RconFn>] = &[$(<$protocol as spec::Protocol>::RCON),*];
        static SAMPLES: &[Option<&str>] = &[$(<$protocol as spec::Protocol>::SAMPLE),*];
        static FITS: &[Option<spec::sample::SampleFit>] = &[$(<$protocol as spec::Protocol>::SAMPLE_FIT),*];
        static DESCRIBERS: &[Option<spec::DescribeFn>] = &[$(<$protocol as spec::Protocol>::DESCRIBE),*];
        static GAMEDIGS: &[Option<spec::gamedig::Gamedig>] = &[$(<$protocol as spec::Protocol>::GAMEDIG),*];
        // One table per output form: a build that never makes JSON links no JSON decoder.
        static TAPE: &[Decoders<crate::tape::Tape>] =
            &[$(Decoders::of::<<$protocol as spec::Protocol>::Codec, sink::Tape>()),*];
        static JSON: &[Decoders<String>] = &[$(Decoders::of::<<$protocol as spec::Protocol>::Codec, sink::Json>()),*];
        // Every build's: which options a protocol takes, for credentials from the environment.
        static FLAGS: &[&[crate::options::cli::Flag]] = &[$(<$protocol as spec::Protocol>::CLI.flags),*];
        #[cfg(feature = "ts")]
        static CLIS: &[spec::Cli] = &[$(<$protocol as spec::Protocol>::CLI),*];
        #[cfg(feature = "ts")]
        static TYPES: &[spec::Types] = &[$(<$protocol as spec::Protocol>::TYPES),*];
        #[cfg(feature = "ts")]
        static DECLARATIONS: &[fn(&ts_rs::Config) -> Vec<String>] =
            &[$(<$protocol as spec::Protocol>::declarations),*];
    };
}

registry![
    crate::samp::spec::Samp,
    crate::minecraft::java::spec::Java,
    crate::minecraft::java::spec::Legacy,
    crate::minecraft::bedrock::spec::Bedrock,
    crate::minecraft::query::spec::MinecraftQuery,
    crate::sqp::spec::Sqp,
    crate::a2s::spec::A2s,
    crate::source_rcon::spec::SourceRcon,
    crate::minecraft::spec::Race,
    crate::quake::spec::Quake3,
    crate::quake::spec::Quake2,
    crate::quake::spec::QuakeWorld,
    crate::mumble::spec::Mumble,
    crate::fivem::spec::Fivem,
    crate::doom3::spec::Doom3,
    crate::all_seeing_eye::spec::AllSeeingEye,
    crate::gamespy1::spec::GameSpy1,
    crate::gamespy2::spec::GameSpy2,
    crate::gamespy3::spec::GameSpy3,
    crate::unreal2::spec::Unreal2,
    crate::palworld::spec::Palworld,
    crate::terraria::spec::Terraria,
    crate::satisfactory::spec::Satisfactory,
    crate::teamspeak3::spec::TeamSpeak3,
    crate::eldewrito::spec::ElDewrito,
    crate::hytale::spec::Hytale,
    crate::eco::spec::Eco,
    crate::buildandshoot::spec::BuildAndShoot,
    crate::kspdmp::spec::KspDmp,
    crate::assettocorsa::spec::AssettoCorsa,
    crate::farmingsimulator::spec::FarmingSimulator,
    crate::factorio::spec::Factorio,
    crate::beammp::spec::BeamMp,
    crate::minetest::spec::Minetest,
    crate::vintagestory::spec::VintageStory,
    crate::renegadex::spec::RenegadeX,
    crate::altvmp::spec::AltV,
    crate::ragemp::spec::RageMp,
    crate::geneshift::spec::Geneshift,
    crate::discord::spec::Discord,
    crate::scpsl::spec::ScpSl,
    crate::epic::spec::Epic,
    crate::brokeprotocol::spec::BrokeProtocol,
    crate::hawakening::spec::Hawakening,
];

/// A protocol of the registry (its index there).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Protocol(u8);

impl Protocol {
    /// Every protocol, in registry order.
    pub fn all() -> impl Iterator<Item = Protocol> {
        (0..SPECS.len() as u8).map(Protocol)
    }

    /// The protocol with this id (its place in [`Protocol::all`]).
    pub fn from_id(id: u32) -> Option<Protocol> {
        (id < SPECS.len() as u32).then_some(Protocol(id as u8))
    }

    pub fn parse(name: &str) -> Result<Self> {
        Self::all().find(|p| p.name() == name).ok_or_else(|| {
            let known: Vec<_> = Self::all().map(|p| p.name()).collect();
            Error::invalid(format!(
                "unknown protocol {}; known: {}",
                quoted(name),
                known.join(", ")
            ))
        })
    }

    pub fn spec(self) -> &'static Spec {
        &SPECS[self.0 as usize]
    }

    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// A query of it, in messages.
    pub fn caller(self) -> Caller {
        Caller {
            title: self.spec().title,
            protocol: self.name(),
        }
    }

    /// Why it lacks what was asked of it.
    fn alone(self) -> Error {
        Error::invalid(format!("'{}' {}", self.name(), self.spec().alone))
    }

    pub fn packets(self) -> Result<&'static Packets> {
        PACKETS[self.0 as usize].as_ref().ok_or_else(|| self.alone())
    }

    pub fn query(self) -> Result<spec::Query> {
        QUERIES[self.0 as usize].ok_or_else(|| self.alone())
    }

    pub fn serve(self) -> Result<ServeFn> {
        SERVERS[self.0 as usize].ok_or_else(|| self.alone())
    }

    /// Its RCON and the plan that runs a command: its own, or Source RCON's.
    pub fn rcon(self) -> Option<(&'static Rcon, RconFn)> {
        let rcon = self.spec().rcon.as_ref()?;
        let run = if rcon.source {
            crate::source_rcon::spec::rcon
        } else {
            RCONS[self.0 as usize]?
        };
        Some((rcon, run))
    }

    /// A state to serve (JSON text), for every protocol that serves.
    pub fn sample(self) -> Result<&'static str> {
        match SAMPLES[self.0 as usize] {
            Some(state) if self.servable() => Ok(state),
            _ => Err(self.alone()),
        }
    }

    /// Where its sample names its game and ports.
    pub fn sample_fit(self) -> Option<&'static spec::sample::SampleFit> {
        FITS[self.0 as usize].as_ref()
    }

    /// A status of it for people (the fields every status has, for one without its own).
    pub fn describe(self, status: &serde_json::Value, color: bool) -> spec::describe::Description {
        DESCRIBERS[self.0 as usize].unwrap_or(spec::describe::generic)(status, color)
    }

    /// A status of it in gamedig's result shape (`gamequery/gamedig`).
    /// Its part of the gamedig drop-in, where it has one.
    pub fn gamedig_parts(self) -> Option<spec::gamedig::Gamedig> {
        GAMEDIGS[self.0 as usize]
    }

    /// `query` and `queryMany` take it.
    pub fn queryable(self) -> bool {
        QUERIES[self.0 as usize].is_some()
    }

    /// `serve` answers it.
    pub fn servable(self) -> bool {
        SERVERS[self.0 as usize].is_some()
    }

    /// The query option its responder's port goes in ([`spec::Protocol::SERVED_AT`]).
    pub fn served_at(self) -> Option<&'static str> {
        SERVED_ATS[self.0 as usize]
    }

    /// What names its sample's server where a target is not an address
    /// ([`spec::Protocol::SAMPLE_TARGET`]).
    pub fn sample_target(self) -> Option<&'static str> {
        SAMPLE_TARGETS[self.0 as usize]
    }

    /// What a query of its sample needs besides the target ([`spec::Protocol::SAMPLE_OPTIONS`]).
    pub fn sample_options(self) -> Option<&'static str> {
        SAMPLE_OPTIONS[self.0 as usize]
    }

    /// The names of its TypeScript types.
    #[cfg(feature = "ts")]
    pub fn types(self) -> &'static spec::Types {
        &TYPES[self.0 as usize]
    }

    /// The options its query takes that have a flag (every one a user gives as text).
    pub fn flags(self) -> &'static [crate::options::cli::Flag] {
        FLAGS[self.0 as usize]
    }

    /// How the CLI takes its options.
    #[cfg(feature = "ts")]
    pub fn cli(self) -> &'static spec::Cli {
        &CLIS[self.0 as usize]
    }

    /// The TypeScript declarations of its types.
    #[cfg(feature = "ts")]
    pub fn declarations(self, cfg: &ts_rs::Config) -> Vec<String> {
        DECLARATIONS[self.0 as usize](cfg)
    }

    /// The names of the protocols that have `what`, quoted: `'samp', 'minecraft-java' and 'a2s'`.
    pub fn listed(what: fn(Protocol) -> bool) -> String {
        let names: Vec<String> = Self::all()
            .filter(|p| what(*p))
            .map(|p| format!("'{}'", p.name()))
            .collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => names.concat(),
        }
    }
}

/// A form decoded packets leave in, with its table of decoders.
pub trait Decode: Sink {
    fn decoders(protocol: Protocol) -> &'static Decoders<Self::Out>;
}

impl Decode for sink::Tape {
    fn decoders(protocol: Protocol) -> &'static Decoders<crate::tape::Tape> {
        &TAPE[protocol.0 as usize]
    }
}

impl Decode for sink::Json {
    fn decoders(protocol: Protocol) -> &'static Decoders<String> {
        &JSON[protocol.0 as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::Protocol;

    #[test]
    fn every_protocol_that_serves_has_a_sample_it_serves() {
        for p in Protocol::all() {
            match p.sample() {
                Ok(state) => {
                    let served = crate::serve::Server::new(p.name(), state, serde_json::Value::Null, false, 1, [1; 32]);
                    assert!(served.is_ok(), "{}: {:?}", p.name(), served.err());
                }
                Err(_) => assert!(!p.servable(), "{} serves but has no sample", p.name()),
            }
        }
    }
}
