//! `i` (server info) and `o` (open.mp extra info) reply bodies.

use serde::Serialize;

use super::header::{Dialect, VCMP_VERSION_LEN};
use super::reply_text::{ReplyText, Texts};
use crate::error::Result;
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::wire::{Prefix, Reader, Writer};

/// Decoders accept strings up to this; open.mp itself sends at most 160.
const STRING_CAP: usize = 4096;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SampInfo"))]
pub struct Info {
    pub password: bool,
    pub players: u16,
    pub max_players: u16,
    pub hostname: String,
    pub gamemode: String,
    /// Before SA:MP 0.3.7 this field carried the map name.
    pub language: String,
    /// VC:MP's version (`04rel006`), which its info reply starts with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub version: Option<String>,
    #[serde(flatten)]
    pub text: ReplyText,
}

impl Input for Info {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        Self::take(&mut Obj::new(value, at)?)
    }
}

impl Info {
    /// Its members, out of an object that may hold others (an `i` reply's).
    pub fn take(o: &mut Obj<'_>) -> Result<Self> {
        Ok(Self {
            password: o.req("password")?,
            players: o.req("players")?,
            max_players: o.req("maxPlayers")?,
            hostname: o.req("hostname")?,
            gamemode: o.req("gamemode")?,
            language: o.req("language")?,
            version: o.opt("version")?,
            text: ReplyText::take(o)?,
        })
    }

    /// Reads the body; `text` is left for the caller (it knows the final encoding).
    pub(crate) fn read<'a>(r: &mut Reader<'a>, t: &mut Texts<'a>, dialect: Dialect) -> Result<Self> {
        let version = match dialect {
            Dialect::Samp => None,
            Dialect::Vcmp => {
                let bytes = r.take(VCMP_VERSION_LEN, "version")?;
                let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
                Some(String::from_utf8_lossy(&bytes[..end]).into_owned())
            }
        };
        let password = r.u8("password")? != 0;
        let players = r.u16_le("players")?;
        let max_players = r.u16_le("maxPlayers")?;
        let mut string = |field| r.prefixed(Prefix::U32Le, STRING_CAP, field).map(|b| t.text(b));
        Ok(Self {
            password,
            players,
            max_players,
            hostname: string("hostname")?,
            gamemode: string("gamemode")?,
            language: string("language")?,
            version,
            text: ReplyText::default(),
        })
    }

    pub fn write(&self, w: &mut Writer, dialect: Dialect) -> Result<()> {
        let enc = self.text.encoding()?;
        if dialect == Dialect::Vcmp {
            let mut version = [0; VCMP_VERSION_LEN];
            let given = self
                .version
                .as_deref()
                .unwrap_or(super::header::VCMP_VERSION)
                .as_bytes();
            let len = given.len().min(VCMP_VERSION_LEN);
            version[..len].copy_from_slice(&given[..len]);
            w.bytes(&version);
        }
        w.u8(self.password.into()).u16_le(self.players).u16_le(self.max_players);
        for s in [&self.hostname, &self.gamemode, &self.language] {
            w.str_u32(&crate::text::encode(s, enc), STRING_CAP);
        }
        Ok(())
    }
}

/// open.mp's `o` reply. Any reply at all identifies the server as open.mp.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SampOpenMpInfo"))]
pub struct OpenMpInfo {
    pub discord: String,
    pub light_banner: String,
    pub dark_banner: String,
    /// Added in open.mp's 2024-06 builds; absent from older servers' replies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub logo: Option<String>,
    #[serde(flatten)]
    pub text: ReplyText,
}

impl Input for OpenMpInfo {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        Self::take(&mut Obj::new(value, at)?)
    }
}

impl OpenMpInfo {
    /// Its members, out of an object that may hold others (an `o` reply's).
    pub fn take(o: &mut Obj<'_>) -> Result<Self> {
        Ok(Self {
            discord: o.req("discord")?,
            light_banner: o.req("lightBanner")?,
            dark_banner: o.req("darkBanner")?,
            logo: o.or_default("logo")?,
            text: ReplyText::take(o)?,
        })
    }

    pub(crate) fn read<'a>(r: &mut Reader<'a>, t: &mut Texts<'a>) -> Result<Self> {
        let mut string = |r: &mut Reader<'a>, field| r.prefixed(Prefix::U32Le, STRING_CAP, field).map(|b| t.text(b));
        let discord = string(r, "discord")?;
        let light_banner = string(r, "lightBanner")?;
        let dark_banner = string(r, "darkBanner")?;
        let logo = if r.is_empty() { None } else { Some(string(r, "logo")?) };
        Ok(Self {
            discord,
            light_banner,
            dark_banner,
            logo,
            text: ReplyText::default(),
        })
    }

    pub fn write(&self, w: &mut Writer) -> Result<()> {
        let enc = self.text.encoding()?;
        for s in [&self.discord, &self.light_banner, &self.dark_banner] {
            w.str_u32(&crate::text::encode(s, enc), STRING_CAP);
        }
        if let Some(logo) = &self.logo {
            w.str_u32(&crate::text::encode(logo, enc), STRING_CAP);
        }
        Ok(())
    }
}
