//! Games, as users name them: `query('rust', 'host:28015')` (docs/games.md: the table, the
//! port rule, adding one). Each game is a protocol and a
//! port rule — the port players connect to (the game port), and where its query answers:
//! the game port itself, a fixed port, or offsets from the game port. The table
//! (`table.rs`) holds every id of gamedig 5 (the ids its users already write, with their
//! gamedig 4 names), its facts checked against gamedig 5.3.3 by `tests/node/games.test.mjs`,
//! and a source wherever our rule differs from gamedig's.
//!
//! The rule gives candidate query ports, tried at once (`call::ports`): a server whose
//! query is on the game port + 15 (V Rising's second layout) answers in one round trip,
//! not after the first candidate timed out.

mod table;

use crate::error::{quoted, Error, ErrorCode, Result};
use crate::protocol::Protocol;

pub use table::GAMES;

/// One game: its id, its name, the protocol its servers answer, and its ports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game {
    /// What callers pass: `'rust'`.
    pub id: &'static str,
    pub name: &'static str,
    /// The year it was released; 0 where not known.
    pub year: u16,
    /// The protocol, by the name this library gives it: one of ours (`'a2s'`), or the name
    /// it will have once implemented (`'gamespy1'`).
    pub protocol: &'static str,
    /// The port players connect to by default.
    pub game_port: Option<u16>,
    /// The query's own port, when it does not move with the game port.
    pub query_port: Option<u16>,
    /// The query port as offsets from the game port, tried at once.
    pub offsets: &'static [i32],
    /// Ids this game had before (gamedig 4's), still accepted.
    pub old_ids: &'static [&'static str],
    /// Where the rule comes from when it is not gamedig 5.3.3's; empty when it is.
    pub source: &'static str,
    /// The game's own behaviour on top of its protocol, by the name of gamedig's class
    /// for it (`'dayz'`: A2S with mods in its rules), where there is one.
    pub variant: Option<&'static str>,
    /// Options its protocol needs for it (VC:MP's `dialect: 'vcmp'` on SA:MP's query);
    /// the caller's own win.
    pub options: &'static [(&'static str, &'static str)],
    /// A console beside the query, when the caller gives its port and password (7 Days
    /// to Die's telnet: `telnet: { port, password }`).
    pub console: Option<&'static crate::spec::Console>,
    /// The protocol `serve` answers it with, when not [`Game::protocol`] (Minecraft's
    /// query races both editions; each edition has a responder of its own).
    pub serves: Option<&'static str>,
}

impl Game {
    pub const fn new(id: &'static str, name: &'static str, year: u16, protocol: &'static str) -> Self {
        Self {
            id,
            name,
            year,
            protocol,
            game_port: None,
            query_port: None,
            offsets: &[],
            old_ids: &[],
            source: "",
            variant: None,
            options: &[],
            console: None,
            serves: None,
        }
    }
    pub const fn port(self, port: u16) -> Self {
        Self {
            game_port: Some(port),
            ..self
        }
    }
    pub const fn query(self, port: u16) -> Self {
        Self {
            query_port: Some(port),
            ..self
        }
    }
    pub const fn offset(self, offsets: &'static [i32]) -> Self {
        Self { offsets, ..self }
    }
    pub const fn serves(self, protocol: &'static str) -> Self {
        Self {
            serves: Some(protocol),
            ..self
        }
    }
    pub const fn old(self, old_ids: &'static [&'static str]) -> Self {
        Self { old_ids, ..self }
    }
    pub const fn source(self, source: &'static str) -> Self {
        Self { source, ..self }
    }
    pub const fn variant(self, variant: &'static str) -> Self {
        Self {
            variant: Some(variant),
            ..self
        }
    }
    pub const fn options(self, options: &'static [(&'static str, &'static str)]) -> Self {
        Self { options, ..self }
    }
    pub const fn console(self, console: Option<&'static crate::spec::Console>) -> Self {
        Self { console, ..self }
    }

    /// The caller's query options with the game's own added where the caller set none.
    pub fn with_options(&self, mut options: serde_json::Value) -> serde_json::Value {
        if let Some(o) = options.as_object_mut() {
            for (key, value) in self.options {
                o.entry(*key).or_insert_with(|| (*value).into());
            }
        } else if options.is_null() && !self.options.is_empty() {
            let own = self.options.iter().map(|(k, v)| ((*k).to_string(), (*v).into()));
            return serde_json::Value::Object(own.collect());
        }
        options
    }

    /// Its protocol, when this library speaks it.
    pub fn supported(&self) -> Option<Protocol> {
        Protocol::parse(self.protocol).ok().filter(|p| p.query().is_ok())
    }

    /// The ports to query, in order of likelihood, at most [`MAX_CANDIDATES`]:
    /// - `query_port` given (the caller knows it): that one only;
    /// - a port given with the target: it is the game port, so each offset from it, then
    ///   the game's fixed query port when the given port is its default game port, then
    ///   the given port itself (callers often give the query port);
    /// - nothing given: the fixed query port, else each offset from the default game port,
    ///   else the default game port; none of those: the protocol's default.
    pub fn candidates(&self, given: Option<u16>, query_port: Option<u16>) -> Result<Vec<u16>> {
        if let Some(q) = query_port {
            return Ok(vec![q]);
        }
        let mut ports = Vec::with_capacity(MAX_CANDIDATES);
        let mut add = |port: Option<i64>| {
            if let Some(p) = port.filter(|p| (1..=65535).contains(p)) {
                if !ports.contains(&(p as u16)) && ports.len() < MAX_CANDIDATES {
                    ports.push(p as u16);
                }
            }
        };
        let shifted = |base: u16| self.offsets.iter().map(move |o| Some(i64::from(base) + i64::from(*o)));
        match given {
            Some(port) => {
                shifted(port).for_each(&mut add);
                if self.game_port == Some(port) {
                    add(self.query_port.map(i64::from));
                }
                add(Some(i64::from(port)));
            }
            None => match (self.query_port, self.game_port) {
                (Some(q), _) => add(Some(i64::from(q))),
                (None, Some(g)) if !self.offsets.is_empty() => shifted(g).for_each(&mut add),
                (None, Some(g)) => add(Some(i64::from(g))),
                (None, None) => {}
            },
        }
        if ports.is_empty() {
            let spec = Protocol::parse(self.protocol).map(|p| p.spec());
            match spec.ok().and_then(|s| s.default_port) {
                Some(p) => ports.push(p),
                None => {
                    return Err(Error::invalid(format!(
                        "{} has no default port: give host:port",
                        self.name
                    )))
                }
            }
        }
        Ok(ports)
    }

    /// The protocol `serve` answers it with, when gamequery has a responder for it.
    pub fn served(&self) -> Option<Protocol> {
        Protocol::parse(self.serves.unwrap_or(self.protocol))
            .ok()
            .filter(|p| p.servable())
    }

    /// The port its query is served on by default: the first port a query of it tries.
    pub fn default_query_port(&self) -> Option<u16> {
        self.candidates(None, None).ok()?.first().copied()
    }

    /// The game port of a server whose query answers on `query_port`: the default game
    /// port where the query port is fixed, else the query port less the first offset.
    pub fn game_port_at(&self, query_port: u16) -> u16 {
        if self.query_port.is_some() {
            return self.game_port.unwrap_or(query_port);
        }
        let offset = self.offsets.first().copied().unwrap_or(0);
        u16::try_from(i64::from(query_port) - i64::from(offset))
            .ok()
            .filter(|p| *p > 0)
            .unwrap_or(query_port)
    }

    /// The port players connect to, once `answered` (the query port that answered) is
    /// known. `given`: the target's port, the game port (as the README says) unless it is
    /// what answered without a `queryPort` given: then it was the query port (the last
    /// candidate, as callers often give it), and the game port is the game's rule from it.
    /// No target port: the rule's from a `queryPort` given, else the game's default. A
    /// target port given with `queryPort` is the game port even where the two are one
    /// (gamedig's `givenPortOnly`, whose `connect` is that port).
    pub fn connect_port(&self, given: Option<u16>, query_port: Option<u16>, answered: u16) -> Option<u16> {
        match (given, query_port) {
            (Some(g), None) if g == answered && self.query_port.is_none() => Some(self.game_port_at(g)),
            (Some(g), _) => Some(g),
            (None, Some(q)) => Some(self.game_port_at(q)),
            (None, None) => self.game_port,
        }
    }
}

/// Candidate query ports at most (the sub-calls a call fronts): every rule in the table
/// gives fewer.
pub const MAX_CANDIDATES: usize = 4;

/// The game with this id, or with this old id when no game has it as its id, in any case
/// (`Rust` is `rust`: ids are lower case). The table is in id order (a test holds it
/// there), so an id is a binary search.
pub fn find(id: &str) -> Option<&'static Game> {
    let exact = |id: &str| by_id(id).or_else(|| GAMES.iter().find(|g| g.old_ids.contains(&id)));
    let lower = || {
        id.bytes()
            .any(|b| b.is_ascii_uppercase())
            .then(|| id.to_ascii_lowercase())
    };
    exact(id).or_else(|| exact(&lower()?))
}

/// Ids like `id`, closest first, for "did you mean": a few typing slips away (edit
/// distance ≤ 2), or containing it or contained in it (`cs` → `cs2`), old ids too.
pub fn near(id: &str) -> Vec<&'static str> {
    let id = id.to_ascii_lowercase();
    let mut found: Vec<(usize, &'static str)> = GAMES
        .iter()
        .filter_map(|g| {
            let names = std::iter::once(g.id).chain(g.old_ids.iter().copied());
            let best = names
                .map(|n| {
                    let d = crate::similar::edits(n, &id);
                    // Containment is a weak likeness: after two typing slips.
                    let contained = id.len() >= 3 && (n.contains(id.as_str()) || id.contains(n));
                    if d <= 2 {
                        d
                    } else if contained {
                        3
                    } else {
                        usize::MAX
                    }
                })
                .min()?;
            (best != usize::MAX).then_some((best, g.id))
        })
        .collect();
    found.sort();
    found.dedup_by_key(|(_, id)| *id);
    found.into_iter().take(5).map(|(_, id)| id).collect()
}

/// The game with this id (not an old one).
pub fn by_id(id: &str) -> Option<&'static Game> {
    GAMES.binary_search_by(|g| g.id.cmp(id)).ok().map(|at| &GAMES[at])
}

/// The game `id` names, ready to query: `GQ_UNSUPPORTED_GAME` when its protocol is not
/// implemented yet (the message names the protocol).
/// What a query's name (`query('rust', …)`, an item's `protocol`) names: a protocol, or a
/// game and the protocol it is asked in. Told apart here, the one place: a protocol's name
/// wins where a game has it too (`quake2`, `doom3`: the same server either way).
#[derive(Debug, Clone, Copy)]
pub enum Named {
    Protocol(Protocol),
    Game(&'static Game, Protocol),
}

impl Named {
    /// The protocol the query is asked in.
    pub fn protocol(self) -> Protocol {
        match self {
            Self::Protocol(p) | Self::Game(_, p) => p,
        }
    }

    /// The game, when the name is a game's.
    pub fn game(self) -> Option<&'static Game> {
        match self {
            Self::Protocol(_) => None,
            Self::Game(g, _) => Some(g),
        }
    }
}

/// A protocol's name or a (supported) game's id, or the error that says which it is not.
pub fn named(name: &str) -> Result<Named> {
    match Protocol::parse(name) {
        Ok(p) => Ok(Named::Protocol(p)),
        Err(_) => resolve(name).map(|(g, p)| Named::Game(g, p)),
    }
}

/// Whether `name` is a protocol's or any game's (one gamequery does not speak yet too).
pub fn is_name(name: &str) -> bool {
    Protocol::parse(name).is_ok() || find(name).is_some()
}

/// A game's id, as the game and the protocol it is asked in (`named` for a name that may
/// be a protocol's).
pub fn resolve(id: &str) -> Result<(&'static Game, Protocol)> {
    let game = find(id).ok_or_else(|| unknown(id))?;
    match game.supported() {
        Some(p) => Ok((game, p)),
        None => Err(Error::new(
            ErrorCode::UnsupportedGame,
            format!(
                "{} ({}) answers in the {} protocol, which gamequery does not speak yet",
                game.name,
                quoted(game.id),
                quoted(game.protocol)
            ),
        )),
    }
}

fn unknown(id: &str) -> Error {
    let protocols: Vec<_> = Protocol::all()
        .filter(|p| p.query().is_ok())
        .map(|p| p.name())
        .collect();
    let near = near(id);
    let like = match near.as_slice() {
        [] => String::new(),
        [one] => format!("did you mean {}? ", quoted(one)),
        many => format!("did you mean one of {}? ", many.join(", ")),
    };
    Error::invalid(format!(
        "unknown protocol or game {}; {like}protocols: {}; games: see `games` (gamequery games)",
        quoted(id),
        protocols.join(", ")
    ))
}
