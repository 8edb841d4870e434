//! `c` (client list: name + score; VC:MP's: names) and `d` (detailed: id, name, score,
//! ping) replies.

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

/// A player list's layout: `c` (name, score), `d` (id, name, score, ping), or VC:MP's `c`
/// (names only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    Clients,
    Detailed,
    Names,
}

impl PlayerList {
    /// Its members, out of a `c`/`d` reply's object.
    pub fn take(o: &mut Obj<'_>) -> Result<Self> {
        Ok(Self {
            players: o.req("players")?,
            text: ReplyText::take(o)?,
        })
    }

    /// The count is untrusted: entries are read one by one, so memory follows the
    /// datagram's size, not the count.
    pub(crate) fn read<'a>(r: &mut Reader<'a>, layout: Layout, t: &mut Texts<'a>) -> Result<Self> {
        let count = r.u16_le("player count")?;
        let detailed = layout == Layout::Detailed;
        // Each entry takes at least 1 byte (5 with a score, 10 detailed): a lying count
        // can't reserve more.
        let min = match layout {
            Layout::Names => 1,
            Layout::Clients => 5,
            Layout::Detailed => 10,
        };
        let mut players = Vec::with_capacity(usize::from(count).min(r.remaining() / min));
        for _ in 0..count {
            let id = if detailed { Some(r.u8("player id")?) } else { None };
            let name = t.text(r.prefixed(Prefix::U8, 255, "player name")?);
            let score = if layout == Layout::Names {
                0
            } else {
                r.i32_le("player score")?
            };
            let ping = if detailed { Some(r.u32_le("player ping")?) } else { None };
            players.push(Player { id, name, score, ping });
        }
        Ok(Self {
            players,
            text: ReplyText::default(),
        })
    }

    pub fn write(&self, w: &mut Writer, layout: Layout) -> Result<()> {
        let enc = self.text.encoding()?;
        let count = self.players.len().min(usize::from(u16::MAX));
        let detailed = layout == Layout::Detailed;
        w.u16_le(count as u16);
        for p in &self.players[..count] {
            if detailed {
                w.u8(p.id.unwrap_or(0));
            }
            w.str_u8(&encode(&p.name, enc), 255);
            if layout != Layout::Names {
                w.i32_le(p.score);
            }
            if detailed {
                w.u32_le(p.ping.unwrap_or(0));
            }
        }
        Ok(())
    }
}
