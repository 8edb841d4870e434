//! A2S_INFO replies: Source's `I` (0x49) with The Ship's fields and the Extra Data Flag
//! block, and GoldSrc's obsolete `m` (0x6D) with its mod block. Layouts:
//! `docs/protocols/a2s.md`.

use serde::Serialize;

use super::text::{read_str, u64_of};
use crate::error::Result;
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::wire::{Reader, Writer};

/// App ids of The Ship, whose info reply carries three more bytes (VDC).
const THE_SHIP: [u32; 8] = [2400, 2401, 2402, 2403, 2405, 2406, 2412, 2430];

/// When serving, every field may be left out (defaults: empty, 0, `dedicated`, `linux`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "A2sInfo"))]
pub struct Info {
    pub protocol: u8,
    pub name: String,
    pub map: String,
    /// The game directory (`cstrike`, `garrysmod`).
    pub folder: String,
    pub game: String,
    /// Steam app id: the reply's u16, or the 64-bit game id's low 24 bits when that is 0
    /// or the id does not fit 16 bits.
    pub app_id: u32,
    pub players: u8,
    pub max_players: u8,
    pub bots: u8,
    /// `dedicated`, `listen`, `proxy` (SourceTV), or the letter sent.
    pub server_type: String,
    /// `linux`, `windows`, `mac`, or the letter sent.
    pub environment: String,
    /// A password is needed to join.
    pub password: bool,
    pub vac: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub the_ship: Option<TheShip>,
    pub version: String,
    /// Extra Data Flag fields, each present when the server sent it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub game_port: Option<u16>,
    /// 64-bit, as decimal text (exact).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub steam_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub source_tv: Option<SourceTv>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub keywords: Option<String>,
    /// 64-bit, as decimal text; its low 24 bits are the app id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub game_id: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "A2sTheShip"))]
pub struct TheShip {
    pub mode: u8,
    pub witnesses: u8,
    /// Seconds before a player is arrested.
    pub duration: u8,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "A2sSourceTv"))]
pub struct SourceTv {
    pub port: u16,
    pub name: String,
}

impl Input for Info {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        Self::take(&mut Obj::new(value, at)?)
    }
}

impl Info {
    /// Its members (each may be left out), out of an object that may hold others.
    pub fn take(o: &mut Obj<'_>) -> Result<Self> {
        Ok(Self {
            protocol: o.or_default("protocol")?,
            name: o.or_default("name")?,
            map: o.or_default("map")?,
            folder: o.or_default("folder")?,
            game: o.or_default("game")?,
            app_id: o.or_default("appId")?,
            players: o.or_default("players")?,
            max_players: o.or_default("maxPlayers")?,
            bots: o.or_default("bots")?,
            server_type: o.or_default("serverType")?,
            environment: o.or_default("environment")?,
            password: o.or_default("password")?,
            vac: o.or_default("vac")?,
            the_ship: o.or_default("theShip")?,
            version: o.or_default("version")?,
            game_port: o.or_default("gamePort")?,
            steam_id: o.or_default("steamId")?,
            source_tv: o.or_default("sourceTv")?,
            keywords: o.or_default("keywords")?,
            game_id: o.or_default("gameId")?,
        })
    }
}

impl Input for TheShip {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            mode: o.req("mode")?,
            witnesses: o.req("witnesses")?,
            duration: o.req("duration")?,
        })
    }
}

impl Input for SourceTv {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            port: o.req("port")?,
            name: o.req("name")?,
        })
    }
}

impl Input for GoldSrcInfo {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        Self::take(&mut Obj::new(value, at)?)
    }
}

impl GoldSrcInfo {
    /// Its members (each may be left out), out of an object that may hold others.
    pub fn take(o: &mut Obj<'_>) -> Result<Self> {
        Ok(Self {
            address: o.or_default("address")?,
            name: o.or_default("name")?,
            map: o.or_default("map")?,
            folder: o.or_default("folder")?,
            game: o.or_default("game")?,
            players: o.or_default("players")?,
            max_players: o.or_default("maxPlayers")?,
            protocol: o.or_default("protocol")?,
            server_type: o.or_default("serverType")?,
            environment: o.or_default("environment")?,
            password: o.or_default("password")?,
            r#mod: o.or_default("mod")?,
            vac: o.or_default("vac")?,
            bots: o.or_default("bots")?,
        })
    }
}

impl Input for GoldSrcMod {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            link: o.req("link")?,
            download: o.req("download")?,
            version: o.req("version")?,
            size: o.req("size")?,
            multiplayer_only: o.req("multiplayerOnly")?,
            own_dll: o.req("ownDll")?,
        })
    }
}

pub(crate) fn letter(b: u8, names: &[(u8, &str)]) -> String {
    let lower = b.to_ascii_lowercase();
    names
        .iter()
        .find(|(l, _)| *l == lower)
        .map_or_else(|| char::from(b).to_string(), |(_, n)| n.to_string())
}

/// The letter for `name`; an unknown name's own first letter; the table's first when empty.
pub(crate) fn letter_of(name: &str, names: &[(u8, &str)]) -> u8 {
    names
        .iter()
        .find(|(_, n)| *n == name)
        .map_or_else(|| name.bytes().next().unwrap_or(names[0].0), |(l, _)| *l)
}

pub(crate) const TYPES: [(u8, &str); 3] = [(b'd', "dedicated"), (b'l', "listen"), (b'p', "proxy")];
pub(crate) const ENVIRONMENTS: [(u8, &str); 4] = [(b'l', "linux"), (b'w', "windows"), (b'm', "mac"), (b'o', "mac")];

fn u64_le(r: &mut Reader, field: &'static str) -> Result<u64> {
    Ok(u64::from_le_bytes(r.array(field)?))
}

impl Info {
    /// After the `FF FF FF FF 49` header.
    pub(crate) fn read(r: &mut Reader) -> Result<Self> {
        let protocol = r.u8("protocol")?;
        let name = read_str(r, "name")?;
        let map = read_str(r, "map")?;
        let folder = read_str(r, "folder")?;
        let game = read_str(r, "game")?;
        let short_id = r.u16_le("app id")?;
        let players = r.u8("players")?;
        let max_players = r.u8("max players")?;
        let bots = r.u8("bots")?;
        let server_type = letter(r.u8("server type")?, &TYPES);
        let environment = letter(r.u8("environment")?, &ENVIRONMENTS);
        let password = r.u8("visibility")? != 0;
        let vac = r.u8("vac")? != 0;
        let the_ship = if THE_SHIP.contains(&u32::from(short_id)) {
            Some(TheShip {
                mode: r.u8("the ship mode")?,
                witnesses: r.u8("the ship witnesses")?,
                duration: r.u8("the ship duration")?,
            })
        } else {
            None
        };
        let version = read_str(r, "version")?;
        let mut info = Self {
            protocol,
            name,
            map,
            folder,
            game,
            app_id: short_id.into(),
            players,
            max_players,
            bots,
            server_type,
            environment,
            password,
            vac,
            the_ship,
            version,
            ..Self::default()
        };
        // Old servers end here; some pad with zeros.
        let edf = if r.is_empty() { 0 } else { r.u8("extra data flag")? };
        if edf & 0x80 != 0 {
            info.game_port = Some(r.u16_le("game port")?);
        }
        if edf & 0x10 != 0 {
            info.steam_id = Some(u64_le(r, "steam id")?.to_string());
        }
        if edf & 0x40 != 0 {
            let port = r.u16_le("sourcetv port")?;
            let name = read_str(r, "sourcetv name")?;
            info.source_tv = Some(SourceTv { port, name });
        }
        if edf & 0x20 != 0 {
            info.keywords = Some(read_str(r, "keywords")?);
        }
        if edf & 0x01 != 0 {
            let game_id = u64_le(r, "game id")?;
            info.game_id = Some(game_id.to_string());
            let long_id = (game_id & 0xff_ffff) as u32;
            if long_id != 0 && (short_id == 0 || long_id > 0xffff) {
                info.app_id = long_id;
            }
        }
        Ok(info)
    }

    pub(crate) fn write(&self, w: &mut Writer) -> Result<()> {
        let steam_id = self.steam_id.as_deref().map(|t| u64_of(t, "steamId")).transpose()?;
        let game_id = self.game_id.as_deref().map(|t| u64_of(t, "gameId")).transpose()?;
        let short_id = match game_id {
            Some(id) if (id & 0xff_ffff) as u32 == self.app_id && self.app_id > 0xffff => 0,
            _ => self.app_id.min(0xffff) as u16,
        };
        w.u8(self.protocol);
        for s in [&self.name, &self.map, &self.folder, &self.game] {
            w.bytes(s.as_bytes()).u8(0);
        }
        w.u16_le(short_id)
            .u8(self.players)
            .u8(self.max_players)
            .u8(self.bots)
            .u8(letter_of(&self.server_type, &TYPES))
            .u8(letter_of(&self.environment, &ENVIRONMENTS))
            .u8(self.password.into())
            .u8(self.vac.into());
        if THE_SHIP.contains(&u32::from(short_id)) {
            let ship = self.the_ship.clone().unwrap_or_default();
            w.u8(ship.mode).u8(ship.witnesses).u8(ship.duration);
        }
        w.bytes(self.version.as_bytes()).u8(0);
        let edf = [
            (0x80, self.game_port.is_some()),
            (0x10, self.steam_id.is_some()),
            (0x40, self.source_tv.is_some()),
            (0x20, self.keywords.is_some()),
            (0x01, self.game_id.is_some()),
        ]
        .iter()
        .filter(|(_, on)| *on)
        .fold(0u8, |f, (bit, _)| f | bit);
        if edf == 0 {
            return Ok(());
        }
        w.u8(edf);
        if let Some(port) = self.game_port {
            w.u16_le(port);
        }
        if let Some(id) = steam_id {
            w.bytes(&id.to_le_bytes());
        }
        if let Some(tv) = &self.source_tv {
            w.u16_le(tv.port).bytes(tv.name.as_bytes()).u8(0);
        }
        if let Some(k) = &self.keywords {
            w.bytes(k.as_bytes()).u8(0);
        }
        if let Some(id) = game_id {
            w.bytes(&id.to_le_bytes());
        }
        Ok(())
    }
}

/// GoldSrc's obsolete reply (0x6D), still sent by old HLDS builds and HLTV.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "A2sGoldSrcInfo"))]
pub struct GoldSrcInfo {
    /// `ip:port` as the server wrote it.
    pub address: String,
    pub name: String,
    pub map: String,
    pub folder: String,
    pub game: String,
    pub players: u8,
    pub max_players: u8,
    pub protocol: u8,
    pub server_type: String,
    pub environment: String,
    pub password: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub r#mod: Option<GoldSrcMod>,
    pub vac: bool,
    /// HLTV leaves this byte out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub bots: Option<u8>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "A2sGoldSrcMod"))]
pub struct GoldSrcMod {
    pub link: String,
    pub download: String,
    pub version: i32,
    pub size: i32,
    /// Multiplayer only.
    pub multiplayer_only: bool,
    /// Uses its own DLL rather than Half-Life's.
    pub own_dll: bool,
}

impl GoldSrcInfo {
    pub(crate) fn read(r: &mut Reader) -> Result<Self> {
        let mut info = Self {
            address: read_str(r, "address")?,
            name: read_str(r, "name")?,
            map: read_str(r, "map")?,
            folder: read_str(r, "folder")?,
            game: read_str(r, "game")?,
            players: r.u8("players")?,
            max_players: r.u8("max players")?,
            protocol: r.u8("protocol")?,
            server_type: letter(r.u8("server type")?, &TYPES),
            environment: letter(r.u8("environment")?, &ENVIRONMENTS),
            password: r.u8("visibility")? != 0,
            ..Self::default()
        };
        if r.u8("mod")? == 1 {
            let link = read_str(r, "mod link")?;
            let download = read_str(r, "mod download")?;
            r.u8("mod null")?;
            info.r#mod = Some(GoldSrcMod {
                link,
                download,
                version: r.i32_le("mod version")?,
                size: r.i32_le("mod size")?,
                multiplayer_only: r.u8("mod type")? == 1,
                own_dll: r.u8("mod dll")? == 1,
            });
        }
        info.vac = r.u8("vac")? != 0;
        info.bots = if r.is_empty() { None } else { Some(r.u8("bots")?) };
        Ok(info)
    }

    pub(crate) fn write(&self, w: &mut Writer) {
        for s in [&self.address, &self.name, &self.map, &self.folder, &self.game] {
            w.bytes(s.as_bytes()).u8(0);
        }
        w.u8(self.players)
            .u8(self.max_players)
            .u8(self.protocol)
            .u8(letter_of(&self.server_type, &TYPES).to_ascii_uppercase())
            .u8(letter_of(&self.environment, &ENVIRONMENTS).to_ascii_uppercase())
            .u8(self.password.into());
        match &self.r#mod {
            None => {
                w.u8(0);
            }
            Some(m) => {
                w.u8(1)
                    .bytes(m.link.as_bytes())
                    .u8(0)
                    .bytes(m.download.as_bytes())
                    .u8(0)
                    .u8(0)
                    .i32_le(m.version)
                    .i32_le(m.size)
                    .u8(m.multiplayer_only.into())
                    .u8(m.own_dll.into());
            }
        }
        w.u8(self.vac.into());
        if let Some(bots) = self.bots {
            w.u8(bots);
        }
    }
}
