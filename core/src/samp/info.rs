//! `i` (server info) and `o` (open.mp extra info) reply bodies.

use serde::{Deserialize, Serialize};

use super::reply_text::{ReplyText, StringsIn};
use crate::error::Result;
use crate::text::TextEncoding;
use crate::wire::{Prefix, Reader, Writer};

/// Decoders accept strings up to this; open.mp itself sends at most 160.
const STRING_CAP: usize = 4096;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
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
    #[serde(flatten)]
    pub text: ReplyText,
}

impl Info {
    pub fn read(r: &mut Reader<'_>, enc: TextEncoding) -> Result<Self> {
        let password = r.u8("password")? != 0;
        let players = r.u16_le("players")?;
        let max_players = r.u16_le("maxPlayers")?;
        let mut strings = StringsIn::default();
        for field in ["hostname", "gamemode", "language"] {
            strings.push(r.prefixed(Prefix::U32Le, STRING_CAP, field)?);
        }
        let (text, [hostname, gamemode, language]) = strings.decode(enc);
        Ok(Self {
            password,
            players,
            max_players,
            hostname,
            gamemode,
            language,
            text,
        })
    }

    pub fn write(&self, w: &mut Writer) -> Result<()> {
        let enc = self.text.encoding()?;
        w.u8(self.password.into()).u16_le(self.players).u16_le(self.max_players);
        for s in [&self.hostname, &self.gamemode, &self.language] {
            w.str_u32(&crate::text::encode(s, enc), STRING_CAP);
        }
        Ok(())
    }
}

/// open.mp's `o` reply. Any reply at all identifies the server as open.mp.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
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

impl OpenMpInfo {
    pub fn read(r: &mut Reader<'_>, enc: TextEncoding) -> Result<Self> {
        let mut strings = StringsIn::default();
        for field in ["discord", "lightBanner", "darkBanner"] {
            strings.push(r.prefixed(Prefix::U32Le, STRING_CAP, field)?);
        }
        let has_logo = !r.is_empty();
        if has_logo {
            strings.push(r.prefixed(Prefix::U32Le, STRING_CAP, "logo")?);
        }
        let (text, mut texts) = strings.decode_vec(enc);
        let logo = has_logo.then(|| texts.pop()).flatten();
        let mut texts = texts.into_iter();
        let mut next = || texts.next().unwrap_or_default();
        Ok(Self {
            discord: next(),
            light_banner: next(),
            dark_banner: next(),
            logo,
            text,
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
