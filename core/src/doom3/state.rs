//! What a responder answers with, and what a query's `raw` holds: the settings in order,
//! the clients, and what follows them, as text.

use serde::Serialize;

use super::packets::EtqwServer;
use crate::error::{Error, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::values::RuleList;

/// A server as an id Tech 4 reply describes it.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Doom3State", optional_fields))]
pub struct Doom3State {
    /// The settings in order (`si_name`, `si_map`, `si_maxPlayers`, `si_version` …).
    pub info: RuleList,
    pub players: Vec<Doom3Player>,
    /// The protocol version, `major.minor` (Doom 3 1.3.1: `1.41`; Quake 4 1.4.2: `2.85`;
    /// ET:QW 1.5: `10.21`). A responder's default is its game's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
    /// Which systems' clients may join (`fileSystem->GetOSMask()`; dhewm3 sends all bits).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub os_mask: Option<u32>,
    /// ET:QW's server state.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub server: Option<EtqwServer>,
    /// Bytes after the last field the game's layout names, as hex (Quake 4 sends five after
    /// the OS mask; what they mean is not known here). Written back as they came.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trailing: Option<String>,
}

/// A client (player or bot) in its slot.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
pub struct Doom3Player {
    /// Its slot (0–31). A responder numbers the players in order where this is left out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<u8>,
    /// As sent, colour codes included.
    pub name: String,
    pub ping: u16,
    /// Its connection's rate limit, bytes per second (every game but ET:QW since 10.19).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rate: Option<u32>,
    /// Quake 4, ET:QW and Wolfenstein.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clan: Option<String>,
    /// ET:QW and Wolfenstein: 0 the clan goes before the name, 1 after it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clan_position: Option<u8>,
    /// ET:QW and Wolfenstein.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot: Option<bool>,
    /// ET:QW's `getInfoEx`: campaign experience points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub xp: Option<f32>,
    /// ET:QW's `getInfoEx`: `gdf` or `strogg`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kills: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deaths: Option<i32>,
}

/// `1.41` → `1 << 16 | 41`.
pub fn parse_protocol(text: &str) -> Result<u32> {
    let bad = || Error::invalid(format!("protocol must be 'major.minor' (each 0–65535), not '{text}'"));
    let (major, minor) = text.split_once('.').ok_or_else(bad)?;
    let part = |s: &str| s.parse::<u16>().map_err(|_| bad());
    Ok(u32::from(part(major)?) << 16 | u32::from(part(minor)?))
}

pub fn protocol_text(protocol: u32) -> String {
    format!("{}.{}", protocol >> 16, protocol & 0xFFFF)
}

impl Input for Doom3State {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let state = Self::read_fields(&mut o)?;
        // A query's raw (`Doom3QueryResult`) serves as it is (its layout is the responder's
        // `dialect` option).
        o.skip(&["dialect", "encoding", "name", "latencyMs"]);
        o.deny_unknown()?;
        Ok(state)
    }
}

impl Doom3State {
    /// Its fields from `o` (a reply's object holds them beside its own).
    pub fn read_fields(o: &mut Obj<'_>) -> Result<Self> {
        let state = Self {
            info: o.or_default("info")?,
            players: o.or_default("players")?,
            protocol: o.opt("protocol")?,
            os_mask: o.opt("osMask")?,
            server: o.opt("server")?,
            trailing: o.opt("trailing")?,
        };
        if let Some(hex) = &state.trailing {
            crate::wire::from_hex(hex, "trailing")?;
        }
        if let Some(p) = &state.protocol {
            parse_protocol(p)?;
        }
        Ok(state)
    }
}

impl Input for Doom3Player {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let player = Self {
            id: o.opt("id")?,
            name: o.req("name")?,
            ping: o.or_default("ping")?,
            rate: o.opt("rate")?,
            clan: o.opt("clan")?,
            clan_position: o.opt("clanPosition")?,
            bot: o.opt("bot")?,
            xp: o.opt("xp")?,
            team: o.opt("team")?,
            kills: o.opt("kills")?,
            deaths: o.opt("deaths")?,
        };
        o.deny_unknown()?;
        Ok(player)
    }
}

impl Input for EtqwServer {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let server = Self {
            ranked: o.or_default("ranked")?,
            time_left: o.or_default("timeLeft")?,
            game_state: o.or_default("gameState")?,
            server_type: o.or_default("serverType")?,
            interested_clients: o.opt("interestedClients")?,
            connected_clients: o.opt("connectedClients")?,
            max_clients: o.opt("maxClients")?,
        };
        o.deny_unknown()?;
        Ok(server)
    }
}
