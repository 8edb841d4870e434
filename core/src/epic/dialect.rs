//! What differs between the games on EOS: how the token is had, where the filter is, and
//! which session attributes hold the name, map, password and version (gamedig's subclasses).

/// A game's way with EOS; `Generic` is gamedig's `epic` base class.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Generic,
    Asa,
    Squad,
    TheIsleEvrima,
    Renown,
}

/// The option `dialect`'s values, in [`Dialect::parse`]'s order.
pub const NAMES: &[&str] = &["epic", "asa", "squad", "theisleevrima", "renown"];

impl Dialect {
    pub fn parse(name: &str) -> Self {
        match name {
            "asa" => Self::Asa,
            "squad" => Self::Squad,
            "theisleevrima" => Self::TheIsleEvrima,
            "renown" => Self::Renown,
            _ => Self::Generic,
        }
    }

    /// The token by external auth of a device id's (Squad's and Renown's deployments refuse
    /// a client's token at the filter).
    pub fn external_auth(self) -> bool {
        matches!(self, Self::Squad | Self::Renown)
    }

    /// The filter under `/wildcard` (ARK's deployment since 2025: gamedig #739).
    pub fn wildcard(self) -> bool {
        self == Self::Asa
    }

    /// The attribute holding the server's name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Generic | Self::Asa => "CUSTOMSERVERNAME_s",
            _ => "SERVERNAME_s",
        }
    }

    pub fn map(self) -> &'static str {
        match self {
            Self::TheIsleEvrima => "MAP_NAME_s",
            _ => "MAPNAME_s",
        }
    }

    pub fn password(self) -> &'static str {
        match self {
            Self::Squad | Self::Renown => "PASSWORD_b",
            _ => "SERVERPASSWORD_b",
        }
    }

    /// The attributes the version is made of, joined by `.` (ARK's build and minor build).
    pub fn version(self) -> &'static [&'static str] {
        match self {
            Self::Generic => &[],
            Self::Asa => &["BUILDID_s", "MINORBUILDID_s"],
            Self::Squad => &["GAMEVERSION_s"],
            Self::TheIsleEvrima => &["SERVER_VERSION_s"],
            Self::Renown => &["SERVERVERSION_s"],
        }
    }
}
