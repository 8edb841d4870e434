//! How the CLI (`gamequery <name> <host> --flag …`) takes a protocol's own query options:
//! declared with them ([`super::declare!`]), read by `spec::Protocol::CLI`.

/// How the CLI takes a protocol's own query options; read by the generation of the CLI's
/// table (`npm/gamequery/cli/protocols.json`) only. Declared with the options
/// (`options::declare!`).
#[derive(Debug, Clone, Copy)]
pub struct Cli {
    /// What the usage's line says of the query before its flags: `Valve A2S`.
    pub about: &'static str,
    pub flags: &'static [Flag],
}

impl Cli {
    pub const NONE: Cli = Cli { about: "", flags: &[] };

    /// The usage's line after the name: `about`, then each flag (`[--rules]`,
    /// `[--encoding X]`).
    pub fn usage(&self) -> String {
        let flags = self.flags.iter().map(|f| match (f.takes, f.shows) {
            (Takes::Tls, _) => TLS_USAGE.to_string(),
            (_, "") => format!("[--{}]", f.name),
            (_, shows) => format!("[--{} {shows}]", f.name),
        });
        std::iter::once(self.about.to_string())
            .chain(flags)
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// `--name` sets the query option `option`.
#[derive(Debug, Clone, Copy)]
pub struct Flag {
    pub name: &'static str,
    pub option: &'static str,
    pub takes: Takes,
    /// What the usage shows for its value (`X`, `status|info`); empty for a flag alone.
    pub shows: &'static str,
}

/// What a flag's value becomes.
#[derive(Debug, Clone, Copy)]
pub enum Takes {
    Text,
    Number,
    /// Comma-separated.
    List,
    /// No value: the flag alone sets the option to this JSON value.
    Set(&'static str),
    /// Text, except `none`, which is `false`.
    TextOrNone,
    /// The option `tls`, from four flags: [`TLS_USAGE`].
    Tls,
}

/// The flags of the option `tls`: `--tls` alone checks against the roots; the others say
/// how (`--tls-ca`: a PEM file the CLI reads into `tls.ca`).
pub const TLS_USAGE: &str = "[--tls] [--tls-ca FILE] [--tls-insecure] [--tls-server-name NAME]";

impl Flag {
    pub const fn new(name: &'static str, option: &'static str, takes: Takes, shows: &'static str) -> Self {
        Self {
            name,
            option,
            takes,
            shows,
        }
    }
}
