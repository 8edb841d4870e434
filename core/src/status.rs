//! The one result shape every protocol's query returns (`Status` in npm/gamequery/README.md):
//! a leaf each protocol maps its own result to (its `unified.rs`).

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Status<R> {
    pub protocol: String,
    pub name: String,
    pub map: Option<String>,
    pub mode: Option<String>,
    pub version: Option<String>,
    pub password: bool,
    pub players: StatusPlayers,
    pub ping_ms: Option<f64>,
    /// The address that was queried (after DNS), and its port: the query port.
    pub address: String,
    pub port: u16,
    /// Where players join, `host:port`: the host as the caller gave it (or as SRV named
    /// it), with the game port the server advertises (A2S), else the game port of the
    /// game asked for, else the port queried.
    pub connect: String,
    /// The game asked for, when the query named one (`query('rust', …)`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub game: Option<GameMatch>,
    /// The game port the server advertised (A2S's extra data), for `connect`.
    #[serde(skip)]
    #[cfg_attr(feature = "ts", ts(skip))]
    pub advertised_port: Option<u16>,
    /// Everything the server sent, typed per protocol.
    pub raw: R,
}

/// What a protocol's reply says of the server: the fields of [`Status`] its mapping (its
/// `unified.rs`) fills, and only what it knows (`..Known::default()` for the rest). The
/// others the machinery fills, each at one site: `protocol`, `address` and `port` where the
/// exchange ends ([`Status::at`], through `spec::Start::report`), `connect` and `game`
/// once the call is done ([`Status::settle`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Known {
    pub name: String,
    pub map: Option<String>,
    pub mode: Option<String>,
    pub version: Option<String>,
    pub password: bool,
    pub players: StatusPlayers,
    pub ping_ms: Option<f64>,
    /// The game port the server advertised (A2S's extra data), for `connect`.
    pub advertised_port: Option<u16>,
}

impl<R> Status<R> {
    /// What the protocol knows, and its `raw`: the rest is filled by [`Status::at`] and
    /// [`Status::settle`].
    pub fn new(known: Known, raw: R) -> Self {
        let Known {
            name,
            map,
            mode,
            version,
            password,
            players,
            ping_ms,
            advertised_port,
        } = known;
        Status {
            protocol: String::new(),
            name,
            map,
            mode,
            version,
            password,
            players,
            ping_ms,
            address: String::new(),
            port: 0,
            connect: String::new(),
            game: None,
            advertised_port,
            raw,
        }
    }

    /// Queried as `protocol` (the name the query was made under) at `address` and `port`.
    pub fn at(mut self, protocol: &str, address: String, port: u16) -> Self {
        self.protocol = protocol.into();
        self.address = address;
        self.port = port;
        self
    }

    /// The same status with its `raw` made another by `f`.
    pub fn map_raw<T>(self, f: impl FnOnce(R) -> T) -> Status<T> {
        Status {
            protocol: self.protocol,
            name: self.name,
            map: self.map,
            mode: self.mode,
            version: self.version,
            password: self.password,
            players: self.players,
            ping_ms: self.ping_ms,
            address: self.address,
            port: self.port,
            connect: self.connect,
            game: self.game,
            advertised_port: self.advertised_port,
            raw: f(self.raw),
        }
    }

    /// `connect` for a status queried at `host`, unless it has one already (the
    /// `minecraft` race's, from the edition that answered, with SRV's host): call once
    /// the query is done. `game`: the game asked for, its game port known.
    pub fn settle(&mut self, host: &str, game: Option<GameMatch>) {
        if self.connect.is_empty() {
            let port = self
                .advertised_port
                .or(game.as_ref().and_then(|g| g.game_port))
                .unwrap_or(self.port);
            self.connect = join(host, port);
        }
        self.game = game;
    }
}

/// `host:port`, an IPv6 address in brackets.
pub fn join(host: &str, port: u16) -> String {
    if host.contains(':') && !host.starts_with('[') {
        format!("[{host}]:{port}")
    } else {
        format!("{host}:{port}")
    }
}

/// `Status.game`: the game a query named, and how its ports came out.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameMatch {
    /// Its id, as the registry spells it (an old id given is answered with the new one).
    #[cfg_attr(feature = "ts", ts(type = "GameId"))]
    pub id: &'static str,
    pub name: &'static str,
    /// The port players connect to: the target's port, unless it answered the query itself
    /// (then the game's offset back from it: `rust` at `host:28016` is 28015); without one,
    /// by that rule from `queryPort`, else the game's default; `null` if none.
    pub game_port: Option<u16>,
    /// The candidate that answered.
    pub query_port: u16,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StatusPlayers {
    /// Everyone connected that the server counts, bots included: what `list` holds when
    /// it is complete.
    pub online: u32,
    pub max: u32,
    /// How many of `online` are bots, where the protocol says (A2S); `None` (`null`) where
    /// it does not. A2S marks no list entry as a bot, so only the count tells them apart:
    /// the humans are `online - bots`.
    pub bots: Option<u32>,
    /// SA:MP's `raw.players`, and Minecraft's `raw.players.sample` when no line was left
    /// out, are this same array in JS, not a copy.
    #[serde(serialize_with = "crate::tape::shared_players")]
    pub list: Vec<StatusPlayer>,
    /// The list is not everyone online: a sample (Minecraft sends at most ~12 names), or
    /// withheld (SA:MP sends none above 100 players), or the server left names out.
    pub partial: bool,
}

impl StatusPlayers {
    pub fn new(online: u32, max: u32, list: Vec<StatusPlayer>) -> Self {
        let partial = (list.len() as u64) < u64::from(online);
        Self {
            online,
            max,
            bots: None,
            list,
            partial,
        }
    }
}

/// A player's id: SA:MP's number, Minecraft's UUID.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum PlayerId {
    Number(u32),
    Text(String),
}

/// A player count as a server sent it, within what `StatusPlayers` holds (negative: 0).
pub fn count(n: i64) -> u32 {
    n.clamp(0, i64::from(u32::MAX)) as u32
}

/// A number a server sent as text (spaces around it allowed), `None` where it is none.
pub fn number<T: std::str::FromStr>(text: Option<&str>) -> Option<T> {
    text?.trim().parse().ok()
}

/// `None` for text a server left empty: one meaning of "unknown" (`null`) everywhere.
pub fn known(text: &str) -> Option<String> {
    (!text.chars().all(char::is_whitespace)).then(|| text.to_string())
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StatusPlayer {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub id: Option<PlayerId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
    pub score: Option<i64>,
    /// Milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub ping: Option<u32>,
}

/// Players known by name only (Minecraft Query's list).
pub fn named(names: &[String]) -> Vec<StatusPlayer> {
    names
        .iter()
        .map(|name| StatusPlayer {
            name: name.clone(),
            id: None,
            score: None,
            ping: None,
        })
        .collect()
}

/// What the settings GameSpy's protocols name alike say (`hostname`, `mapname`,
/// `gametype`, `gamever`, `numplayers`, `maxplayers`, `password`, `hostport`, any case),
/// with players as records (`name`, `score` or `frags`, `ping`), their text cleaned by
/// `clean` (a game's colour codes).
pub fn from_settings(
    settings: &crate::values::RuleList,
    players: &[crate::values::RuleList],
    clean: fn(&str) -> String,
    ping_ms: f64,
) -> Known {
    let get = |key: &str| settings.get_any_case(key);
    let list: Vec<StatusPlayer> = players
        .iter()
        .map(|p| StatusPlayer {
            name: clean(p.get("name").unwrap_or_default()),
            id: None,
            score: number(p.get("score").or(p.get("frags"))),
            ping: number(p.get("ping")),
        })
        .collect();
    let online = number(get("numplayers")).unwrap_or(list.len() as u32);
    let max = number(get("maxplayers")).unwrap_or(0);
    let text = |key: &str| known(&clean(get(key).unwrap_or_default()));
    Known {
        name: clean(get("hostname").unwrap_or_default()).trim().to_string(),
        map: text("mapname"),
        mode: text("gametype"),
        version: text("gamever"),
        password: matches!(get("password").map(str::trim), Some("1" | "true" | "True" | "TRUE")),
        players: StatusPlayers::new(online, max, list),
        ping_ms: Some(ping_ms),
        advertised_port: number::<u16>(get("hostport")).filter(|p| *p != 0),
    }
}
