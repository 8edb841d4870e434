//! What a stat reply says. Strings are UTF-8 when valid (PocketMine), else Latin-1
//! (vanilla writes the low byte of each UTF-16 unit); the responder writes Latin-1 when
//! every character fits, UTF-8 otherwise.

use serde::Serialize;

use crate::error::{Error, ErrorCode, Result};
use crate::gamespy::split;
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::text::Motd;
use crate::wire::{Reader, Writer};

/// A basic or full stat. Full adds `gameId`, `version`, `plugins` and `players`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "QueryStat"))]
pub struct Stat {
    /// The MOTD; when serving, a `§` string or this object.
    #[serde(default = "no_motd")]
    pub motd: Motd,
    /// `SMP` on vanilla.
    #[serde(default = "smp")]
    pub game_type: String,
    /// `MINECRAFT` (vanilla), `MINECRAFTPE` (PocketMine). Full stat only.
    #[serde(default)]
    pub game_id: Option<String>,
    #[serde(default)]
    pub version: Option<String>,
    /// As sent: `"Paper on Bukkit 1.21: Essentials 2.20; WorldEdit 7.3"` (empty on vanilla).
    #[serde(default)]
    pub plugins: Option<String>,
    /// The part of `plugins` before `:` — the server software.
    #[serde(default)]
    pub server_mod: Option<String>,
    /// The plugins after `:`, split at `;`.
    #[serde(default)]
    pub plugin_list: Vec<String>,
    #[serde(default)]
    pub map: String,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub online: i64,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub max: i64,
    #[serde(default)]
    pub host_port: Option<u16>,
    #[serde(default)]
    pub host_ip: Option<String>,
    /// Keys of the full stat not named above (PocketMine's `server_engine`, `whitelist` …).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(as = "std::collections::BTreeMap<String, String>"))]
    pub extra: Extra,
    /// Every name online (full stat); empty for a basic stat.
    #[serde(default)]
    pub players: Vec<String>,
    /// A full stat (with `players`), or a basic one.
    #[serde(default)]
    pub full: bool,
}

impl Input for Stat {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            motd: o.or_else("motd", no_motd)?,
            game_type: o.or_else("gameType", smp)?,
            game_id: o.or_default("gameId")?,
            version: o.or_default("version")?,
            plugins: o.or_default("plugins")?,
            server_mod: o.or_default("serverMod")?,
            plugin_list: o.or_default("pluginList")?,
            map: o.or_default("map")?,
            online: o.or_default("online")?,
            max: o.or_default("max")?,
            host_port: o.or_default("hostPort")?,
            host_ip: o.or_default("hostIp")?,
            extra: o.or_default("extra")?,
            players: o.or_default("players")?,
            full: o.or_default("full")?,
        })
    }
}

/// A full stat's other keys, sorted by name: a map without `BTreeMap`'s code in the
/// browser's download (a stat has a handful of them).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Extra(Vec<(String, String)>);

impl Extra {
    /// A repeated key keeps its last value.
    pub fn insert(&mut self, key: String, value: String) {
        match self.0.binary_search_by(|(k, _)| k.as_str().cmp(&key)) {
            Ok(i) => self.0[i].1 = value,
            Err(i) => self.0.insert(i, (key, value)),
        }
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        let i = self.0.binary_search_by(|(k, _)| k.as_str().cmp(key)).ok()?;
        Some(&self.0[i].1)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for Extra {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

impl Input for Extra {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut extra = Self::default();
        for (key, value) in Obj::new(value, at)?.rest() {
            let value = String::read(value, at.key(&key))?;
            extra.insert(key.into_owned(), value);
        }
        Ok(extra)
    }
}

fn no_motd() -> Motd {
    Motd::from_legacy("")
}

fn smp() -> String {
    "SMP".into()
}

/// Keys a full stat's value may be followed by, to find the end of a MOTD holding NUL.
const KEYS: &[&str] = &[
    "gametype",
    "game_id",
    "version",
    "plugins",
    "map",
    "numplayers",
    "maxplayers",
    "hostport",
    "hostip",
    "server_engine",
    "whitelist",
];
const PADDING: usize = 11;
const PLAYERS_MARKER: &[u8] = b"\x01player_\0\0";

pub fn text(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

fn wire_text(s: &str) -> Vec<u8> {
    if s.chars().all(|c| u32::from(c) <= 0xff) {
        s.chars().map(|c| c as u8).collect()
    } else {
        s.as_bytes().to_vec()
    }
}

fn cstr<'a>(r: &mut Reader<'a>, field: &'static str) -> Result<&'a [u8]> {
    r.cstr(field)
}

fn number(bytes: &[u8]) -> i64 {
    std::str::from_utf8(bytes)
        .ok()
        .and_then(|s| s.trim_ascii().parse().ok())
        .unwrap_or(0)
}

/// `plugins` → server software and plugin list.
fn split_plugins(plugins: &str) -> (Option<String>, Vec<String>) {
    let plugins = plugins.trim_ascii();
    if plugins.is_empty() {
        return (None, vec![]);
    }
    match plugins.split_once(':') {
        Some((software, list)) => (
            Some(software.trim_ascii().to_string()).filter(|s| !s.is_empty()),
            list.split(';')
                .map(str::trim_ascii)
                .filter(|p| !p.is_empty())
                .map(String::from)
                .collect(),
        ),
        None => (Some(plugins.to_string()), vec![]),
    }
}

impl Stat {
    /// The payload of a basic stat reply (after type and session).
    pub fn read_basic(r: &mut Reader<'_>) -> Result<Self> {
        let motd = text(cstr(r, "motd")?);
        let game_type = text(cstr(r, "gametype")?);
        let map = text(cstr(r, "map")?);
        let online = number(cstr(r, "numplayers")?);
        let max = number(cstr(r, "maxplayers")?);
        let host_port = r.u16_le("hostport")?;
        let host_ip = text(cstr(r, "hostip")?);
        Ok(Self {
            motd: Motd::from_legacy(&motd),
            game_type,
            game_id: None,
            version: None,
            plugins: None,
            server_mod: None,
            plugin_list: vec![],
            map,
            online,
            max,
            host_port: Some(host_port),
            host_ip: Some(host_ip),
            extra: Extra::default(),
            players: vec![],
            full: false,
        })
    }

    /// The payload of a full stat reply: the 11 padding bytes, key/value pairs, players.
    pub fn read_full(r: &mut Reader<'_>) -> Result<Self> {
        r.take(PADDING, "padding")?;
        let mut pairs: Vec<(String, String)> = vec![];
        loop {
            let key = cstr(r, "key")?;
            if key.is_empty() {
                break;
            }
            let key = text(key);
            let value = if key == "hostname" {
                hostname(r)?
            } else {
                cstr(r, "value")?
            };
            pairs.push((key, text(value)));
        }
        let at = r.offset();
        let marker = r.take(PLAYERS_MARKER.len(), "players marker")?;
        if marker != PLAYERS_MARKER {
            return Err(Error::at(
                ErrorCode::Malformed,
                "players marker",
                at,
                "expected \\x01player_\\0\\0",
            ));
        }
        let mut players = vec![];
        while !r.is_empty() {
            let name = cstr(r, "player")?;
            if name.is_empty() {
                break;
            }
            players.push(text(name));
        }
        let mut stat = Self {
            full: true,
            players,
            ..Self::read_pairs(pairs)
        };
        if stat.online < stat.players.len() as i64 {
            stat.online = stat.players.len() as i64;
        }
        Ok(stat)
    }

    fn read_pairs(pairs: Vec<(String, String)>) -> Self {
        let mut s = Self::from_parts(String::new());
        for (key, value) in pairs {
            match key.as_str() {
                "hostname" => s.motd = Motd::from_legacy(&value),
                "gametype" => s.game_type = value,
                "game_id" => s.game_id = Some(value),
                "version" => s.version = Some(value),
                "plugins" => {
                    (s.server_mod, s.plugin_list) = split_plugins(&value);
                    s.plugins = Some(value);
                }
                "map" => s.map = value,
                "numplayers" => s.online = number(value.as_bytes()),
                "maxplayers" => s.max = number(value.as_bytes()),
                "hostport" => s.host_port = value.trim_ascii().parse().ok(),
                "hostip" => s.host_ip = Some(value),
                _ => {
                    s.extra.insert(key, value);
                }
            }
        }
        s
    }

    fn from_parts(motd: String) -> Self {
        Self {
            motd: Motd::from_legacy(&motd),
            game_type: String::new(),
            game_id: None,
            version: None,
            plugins: None,
            server_mod: None,
            plugin_list: vec![],
            map: String::new(),
            online: 0,
            max: 0,
            host_port: None,
            host_ip: None,
            extra: Extra::default(),
            players: vec![],
            full: false,
        }
    }

    fn motd_text(&self) -> String {
        self.motd
            .raw
            .as_str()
            .map_or_else(|| self.motd.minecraft.clone(), str::to_string)
    }

    /// `plugins` as sent, or built from `serverMod` and `pluginList`.
    fn plugins_text(&self) -> String {
        if let Some(p) = &self.plugins {
            return p.clone();
        }
        match (&self.server_mod, self.plugin_list.is_empty()) {
            (Some(m), true) => m.clone(),
            (Some(m), false) => format!("{m}: {}", self.plugin_list.join("; ")),
            (None, false) => format!(": {}", self.plugin_list.join("; ")),
            (None, true) => String::new(),
        }
    }

    pub fn write_basic(&self, w: &mut Writer) {
        for s in [
            self.motd_text(),
            self.game_type.clone(),
            self.map.clone(),
            self.online.to_string(),
            self.max.to_string(),
        ] {
            w.bytes(&wire_text(&s)).u8(0);
        }
        w.u16_le(self.host_port.unwrap_or(0))
            .bytes(&wire_text(self.host_ip.as_deref().unwrap_or("")))
            .u8(0);
    }

    /// Vanilla's key order, then `extra`; keys the stat does not know are left out.
    pub fn write_full(&self, w: &mut Writer) {
        // GameSpy 3's one-datagram split header (`crate::gamespy::split`), server keys first.
        w.bytes(split::SPLITNUM).u8(split::LAST).u8(0);
        let plugins = (self.plugins.is_some() || self.server_mod.is_some() || !self.plugin_list.is_empty())
            .then(|| self.plugins_text());
        let pairs = [
            ("hostname", Some(self.motd_text())),
            ("gametype", Some(self.game_type.clone())),
            ("game_id", self.game_id.clone()),
            ("version", self.version.clone()),
            ("plugins", plugins),
            ("map", Some(self.map.clone())),
            ("numplayers", Some(self.online.to_string())),
            ("maxplayers", Some(self.max.to_string())),
            ("hostport", self.host_port.map(|p| p.to_string())),
            ("hostip", self.host_ip.clone()),
        ];
        let pairs = pairs.into_iter().filter_map(|(k, v)| Some((k, v?)));
        let extra = self.extra.iter().map(|(k, v)| (k, v.to_string()));
        for (key, value) in pairs.chain(extra) {
            w.bytes(key.as_bytes()).u8(0).bytes(&wire_text(&value)).u8(0);
        }
        w.u8(0).bytes(PLAYERS_MARKER);
        for name in &self.players {
            w.bytes(&wire_text(name)).u8(0);
        }
        w.u8(0);
    }
}

/// Vanilla does not escape NUL in the MOTD: the value ends at the NUL that a known key
/// and its own NUL follow; without one, at the first NUL.
fn hostname<'a>(r: &mut Reader<'a>) -> Result<&'a [u8]> {
    let rest = r.peek();
    let end = (0..rest.len())
        .filter(|&i| rest[i] == 0)
        .find(|&i| {
            KEYS.iter().any(|k| {
                let after = &rest[i + 1..];
                after.len() > k.len() && after.starts_with(k.as_bytes()) && after[k.len()] == 0
            })
        })
        .or_else(|| rest.iter().position(|&b| b == 0))
        .ok_or_else(|| Error::at(ErrorCode::Truncated, "hostname", r.offset(), "no NUL ends it"))?;
    let value = r.take(end, "hostname")?;
    r.u8("hostname")?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plugins_split() {
        assert_eq!(
            split_plugins("Paper on Bukkit 1.21: Essentials 2.20; WorldEdit 7.3"),
            (
                Some("Paper on Bukkit 1.21".into()),
                vec!["Essentials 2.20".into(), "WorldEdit 7.3".into()]
            )
        );
        assert_eq!(split_plugins(""), (None, vec![]));
        assert_eq!(split_plugins("CraftBukkit"), (Some("CraftBukkit".into()), vec![]));
    }

    #[test]
    fn latin1_unless_utf8() {
        assert_eq!(text(b"caf\xe9"), "café");
        assert_eq!(text("café".as_bytes()), "café");
        assert_eq!(wire_text("§aé"), b"\xa7a\xe9");
        assert_eq!(wire_text("Привет"), "Привет".as_bytes());
    }

    #[test]
    fn full_stat_round_trip_with_a_nul_in_the_motd() {
        let mut stat: Stat = crate::input::from_json(
            "state",
            r#"{"motd":"A\u0000B","version":"1.21.4","plugins":"Paper: Essentials 2.20; WorldEdit 7.3","map":"world",
                "online":2,"max":20,"hostPort":25565,"hostIp":"127.0.0.1","players":["Steve","Alex"],
                "extra":{"whitelist":"off"}}"#,
        )
        .unwrap();
        stat.full = true;
        let mut w = Writer::new();
        stat.write_full(&mut w);
        let bytes = w.into_bytes();
        let back = Stat::read_full(&mut Reader::new(&bytes)).unwrap();
        assert_eq!(back.motd.raw.as_str(), Some("A\0B"));
        assert_eq!(back.server_mod.as_deref(), Some("Paper"));
        assert_eq!(back.plugin_list, ["Essentials 2.20", "WorldEdit 7.3"]);
        assert_eq!(back.players, ["Steve", "Alex"]);
        assert_eq!(back.extra.get("whitelist"), Some("off"));
        assert_eq!((back.online, back.max, back.host_port), (2, 20, Some(25565)));
        let mut w = Writer::new();
        back.write_full(&mut w);
        assert_eq!(w.into_bytes(), bytes);
    }

    #[test]
    fn basic_stat_and_truncation() {
        let bytes = b"A Minecraft Server\0SMP\0world\x002\x0020\0\xdd\x63127.0.0.1\0";
        let s = Stat::read_basic(&mut Reader::new(bytes)).unwrap();
        assert_eq!(
            (s.motd.plain.as_str(), s.map.as_str(), s.online, s.max),
            ("A Minecraft Server", "world", 2, 20)
        );
        assert_eq!((s.host_port, s.host_ip.as_deref()), (Some(25565), Some("127.0.0.1")));
        let e = Stat::read_basic(&mut Reader::new(&bytes[..30])).unwrap_err();
        assert_eq!(e.code, ErrorCode::Truncated);
    }
}
