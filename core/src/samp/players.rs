//! `c` (client list: name + score) and `d` (detailed: id, name, score, ping) replies.

use serde::Serialize;

use super::reply_text::{ReplyText, Texts};
use crate::error::Result;
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::text::encode;
use crate::wire::{Prefix, Reader, Writer};

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SampPlayer"))]
pub struct Player {
    // `status.players.list`'s order, so the two serialize alike and a result holds one list.
    pub name: String,
    /// Player id (0–255 on the wire); only a `d` reply carries it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub id: Option<u8>,
    /// Signed: gamemodes use negative scores.
    pub score: i32,
    /// Milliseconds; only a `d` reply carries it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub ping: Option<u32>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SampPlayerList"))]
pub struct PlayerList {
    pub players: Vec<Player>,
    #[serde(flatten)]
    pub text: ReplyText,
}

impl Input for Player {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            id: o.or_default("id")?,
            name: o.req("name")?,
            score: o.req("score")?,
            ping: o.or_default("ping")?,
        })
    }
}

impl PlayerList {
    /// Its members, out of a `c`/`d` reply's object.
    pub fn take(o: &mut Obj<'_>) -> Result<Self> {
        Ok(Self {
            players: o.req("players")?,
            text: ReplyText::take(o)?,
        })
    }

    /// `detailed` = the `d` layout. The count is untrusted: entries are read one by one,
    /// so memory follows the datagram's size, not the count.
    pub(crate) fn read<'a>(r: &mut Reader<'a>, detailed: bool, t: &mut Texts<'a>) -> Result<Self> {
        let count = r.u16_le("player count")?;
        // Each entry takes at least 5 bytes (9 + 4 detailed): a lying count can't reserve more.
        let min = if detailed { 10 } else { 5 };
        let mut players = Vec::with_capacity(usize::from(count).min(r.remaining() / min));
        for _ in 0..count {
            let id = if detailed { Some(r.u8("player id")?) } else { None };
            let name = t.text(r.prefixed(Prefix::U8, 255, "player name")?);
            let score = r.i32_le("player score")?;
            let ping = if detailed { Some(r.u32_le("player ping")?) } else { None };
            players.push(Player { id, name, score, ping });
        }
        Ok(Self {
            players,
            text: ReplyText::default(),
        })
    }

    pub fn write(&self, w: &mut Writer, detailed: bool) -> Result<()> {
        let enc = self.text.encoding()?;
        let count = self.players.len().min(usize::from(u16::MAX));
        w.u16_le(count as u16);
        for p in &self.players[..count] {
            if detailed {
                w.u8(p.id.unwrap_or(0));
            }
            w.str_u8(&encode(&p.name, enc), 255).i32_le(p.score);
            if detailed {
                w.u32_le(p.ping.unwrap_or(0));
            }
        }
        Ok(())
    }
}
