//! The protocols gamequery speaks: one line each in [`registry!`], in the order of the
//! ids the bindings pass, each after its family: the cargo feature that brings it (a
//! build may take some families only: the browser's per-family modules, issue #51; the
//! ids are then those of the protocols it has). Everything else about a protocol is in its folder (its
//! `spec.rs`, an implementation of [`crate::spec::Protocol`]); `api`, `call`, `serve`,
//! the bulk engine, the bindings and the TypeScript generation read it from here.

use crate::error::{quoted, Caller, Error, Result};
use crate::spec::sink::{self, Sink};
use crate::spec::{self, Decoders, Packets, Rcon, RconFn, ServeFn, Spec};

macro_rules! registry {
    ($($family:literal => $protocol:ty),* $(,)?) => {
        static FAMILIES: &[&str] = &[$(#[cfg(feature = $family)] $family,)*];
        static SPECS: &[Spec] = &[$(#[cfg(feature = $family)] <$protocol as spec::Protocol>::SPEC,)*];
        // Tables apart, so that a build which only decodes links no exchange or responder.
        static PACKETS: &[Option<Packets>] = &[$(#[cfg(feature = $family)] <$protocol as spec::Protocol>::PACKETS,)*];
        static QUERIES: &[Option<spec::Query>] = &[$(#[cfg(feature = $family)] <$protocol as spec::Protocol>::QUERY,)*];
        static SERVERS: &[Option<ServeFn>] = &[$(#[cfg(feature = $family)] <$protocol as spec::Protocol>::SERVE,)*];
        static SERVED_ATS: &[Option<&str>] = &[$(#[cfg(feature = $family)] <$protocol as spec::Protocol>::SERVED_AT,)*];
        static SAMPLE_TARGETS: &[Option<&str>] = &[$(#[cfg(feature = $family)] <$protocol as spec::Protocol>::SAMPLE_TARGET,)*];
        static SAMPLE_OPTIONS: &[Option<&str>] = &[$(#[cfg(feature = $family)] <$protocol as spec::Protocol>::SAMPLE_OPTIONS,)*];
        static RCONS: &[Option<RconFn>] = &[$(#[cfg(feature = $family)] <$protocol as spec::Protocol>::RCON,)*];
        static SAMPLES: &[Option<&str>] = &[$(#[cfg(feature = $family)] <$protocol as spec::Protocol>::SAMPLE,)*];
        static FITS: &[Option<spec::sample::SampleFit>] = &[$(#[cfg(feature = $family)] <$protocol as spec::Protocol>::SAMPLE_FIT,)*];
        static DESCRIBERS: &[Option<spec::DescribeFn>] = &[$(#[cfg(feature = $family)] <$protocol as spec::Protocol>::DESCRIBE,)*];
        static GAMEDIGS: &[Option<spec::gamedig::Gamedig>] = &[$(#[cfg(feature = $family)] <$protocol as spec::Protocol>::GAMEDIG,)*];
        // One table per output form: a build that never makes JSON links no JSON decoder.
        static TAPE: &[Decoders<crate::tape::Tape>] =
            &[$(#[cfg(feature = $family)] Decoders::of::<<$protocol as spec::Protocol>::Codec, sink::Tape>(),)*];
        static JSON: &[Decoders<String>] = &[$(#[cfg(feature = $family)] Decoders::of::<<$protocol as spec::Protocol>::Codec, sink::Json>(),)*];
        // Every build's: which options a protocol takes, for credentials from the environment.
        static FLAGS: &[&[crate::options::cli::Flag]] = &[$(#[cfg(feature = $family)] <$protocol as spec::Protocol>::CLI.flags,)*];
        #[cfg(feature = "ts")]
        static CLIS: &[spec::Cli] = &[$(#[cfg(feature = $family)] <$protocol as spec::Protocol>::CLI,)*];
        #[cfg(feature = "ts")]
        static TYPES: &[spec::Types] = &[$(#[cfg(feature = $family)] <$protocol as spec::Protocol>::TYPES,)*];
        #[cfg(feature = "ts")]
        static DECLARATIONS: &[fn(&ts_rs::Config) -> Vec<String>] =
            &[$(#[cfg(feature = $family)] <$protocol as spec::Protocol>::declarations,)*];
    };
}

registry![
    "samp" => crate::samp::spec::Samp,
    "minecraft" => crate::minecraft::java::spec::Java,
    "minecraft" => crate::minecraft::java::spec::Legacy,
    "minecraft" => crate::minecraft::bedrock::spec::Bedrock,
    "minecraft" => crate::minecraft::query::spec::MinecraftQuery,
    "sqp" => crate::sqp::spec::Sqp,
    "a2s" => crate::a2s::spec::A2s,
    "a2s" => crate::source_rcon::spec::SourceRcon,
    "minecraft" => crate::minecraft::spec::Race,
    "quake" => crate::quake::spec::Quake3,
    "quake" => crate::quake::spec::Quake2,
    "quake" => crate::quake::spec::QuakeWorld,
    "mumble" => crate::mumble::spec::Mumble,
    "fivem" => crate::fivem::spec::Fivem,
    "quake" => crate::doom3::spec::Doom3,
    "gamespy" => crate::all_seeing_eye::spec::AllSeeingEye,
    "gamespy" => crate::gamespy1::spec::GameSpy1,
    "gamespy" => crate::gamespy2::spec::GameSpy2,
    "gamespy" => crate::gamespy3::spec::GameSpy3,
    "gamespy" => crate::unreal2::spec::Unreal2,
    "apis" => crate::palworld::spec::Palworld,
    "apis" => crate::terraria::spec::Terraria,
    "satisfactory" => crate::satisfactory::spec::Satisfactory,
    "teamspeak" => crate::teamspeak3::spec::TeamSpeak3,
    "apis" => crate::eldewrito::spec::ElDewrito,
    "apis" => crate::hytale::spec::Hytale,
    "apis" => crate::eco::spec::Eco,
    "apis" => crate::buildandshoot::spec::BuildAndShoot,
    "apis" => crate::kspdmp::spec::KspDmp,
    "apis" => crate::assettocorsa::spec::AssettoCorsa,
    "apis" => crate::farmingsimulator::spec::FarmingSimulator,
    "apis" => crate::factorio::spec::Factorio,
    "apis" => crate::beammp::spec::BeamMp,
    "apis" => crate::minetest::spec::Minetest,
    "apis" => crate::vintagestory::spec::VintageStory,
    "apis" => crate::renegadex::spec::RenegadeX,
    "apis" => crate::altvmp::spec::AltV,
    "apis" => crate::ragemp::spec::RageMp,
    "apis" => crate::geneshift::spec::Geneshift,
    "apis" => crate::discord::spec::Discord,
    "apis" => crate::scpsl::spec::ScpSl,
    "apis" => crate::epic::spec::Epic,
    "apis" => crate::brokeprotocol::spec::BrokeProtocol,
    "apis" => crate::hawakening::spec::Hawakening,
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

    /// Its family: the cargo feature that brings it (`'gamespy'` for `unreal2`).
    pub fn family(self) -> &'static str {
        FAMILIES[self.0 as usize]
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
                    // An HTTPS responder needs a TLS identity, which a build without the
                    // feature (a browser's, some families only) says it has not.
                    let no_tls = |e: &crate::Error| !cfg!(feature = "identity") && e.message.contains("serves no TLS");
                    assert!(
                        served.is_ok() || served.as_ref().is_err_and(no_tls),
                        "{}: {:?}",
                        p.name(),
                        served.err()
                    );
                }
                Err(_) => assert!(!p.servable(), "{} serves but has no sample", p.name()),
            }
        }
    }
}
