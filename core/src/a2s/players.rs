//! A2S_PLAYER (`D`) and A2S_RULES (`E`) replies.

use serde::Serialize;

use super::bohemia::{self, Page, Pages};
use super::text::read_str;
use crate::error::Result;
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::values::RuleList;
use crate::wire::{Reader, Writer};

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "A2sPlayer"))]
pub struct Player {
    /// Often 0 on Source servers.
    #[serde(default)]
    pub index: u8,
    pub name: String,
    #[serde(default)]
    pub score: i32,
    /// Seconds connected.
    #[serde(default)]
    pub duration: f32,
    /// The Ship only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub deaths: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub money: Option<i32>,
}

impl Input for Player {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            index: o.or_default("index")?,
            name: o.req("name")?,
            score: o.or_default("score")?,
            duration: o.or_default("duration")?,
            deaths: o.or_default("deaths")?,
            money: o.or_default("money")?,
        })
    }
}

/// Records until the data ends: the count byte wraps above 255 players (and some servers
/// count bots they do not list). The Ship's reply has exactly `count` records, then a
/// block of deaths and money, one pair per player.
pub(crate) fn read_players(r: &mut Reader, the_ship: bool) -> Result<Vec<Player>> {
    let count = usize::from(r.u8("player count")?);
    let mut players = Vec::with_capacity(r.remaining() / 10);
    while !(r.is_empty() || the_ship && players.len() == count) {
        players.push(Player {
            index: r.u8("player index")?,
            name: read_str(r, "player name")?,
            score: r.i32_le("player score")?,
            duration: f32::from_le_bytes(r.array("player duration")?),
            ..Player::default()
        });
    }
    if the_ship {
        for p in &mut players {
            p.deaths = Some(r.i32_le("player deaths")?);
            p.money = Some(r.i32_le("player money")?);
        }
    }
    Ok(players)
}

pub(crate) fn write_players(players: &[Player], w: &mut Writer) {
    w.u8(players.len() as u8);
    for p in players {
        w.u8(p.index)
            .bytes(p.name.as_bytes())
            .u8(0)
            .i32_le(p.score)
            .bytes(&p.duration.to_le_bytes());
    }
    if players.iter().any(|p| p.deaths.is_some() || p.money.is_some()) {
        for p in players {
            w.i32_le(p.deaths.unwrap_or(0)).i32_le(p.money.unwrap_or(0));
        }
    }
}

/// Pairs until the count or the data ends: servers truncate long rule lists. Rules whose
/// key may be one of Arma 3's and DayZ's binary pages (`super::bohemia`) are also kept as
/// bytes, with their place in the list.
pub(crate) fn read_rules(r: &mut Reader) -> Result<(RuleList, bool, Pages)> {
    let count = r.u16_le("rule count")?;
    read_rule_pairs(r, count)
}

/// The pairs after the count (Frontlines: Fuel of War writes its count big-endian).
pub(crate) fn read_rule_pairs(r: &mut Reader, count: u16) -> Result<(RuleList, bool, Pages)> {
    let mut rules = Vec::with_capacity(usize::from(count).min(r.remaining() / 2));
    let mut pages = Pages::default();
    for _ in 0..count {
        if r.is_empty() {
            return Ok((RuleList(rules), true, pages));
        }
        let name = r.cstr("rule name")?;
        // A value cut by the packet's end: keep what arrived, say it was cut.
        if !r.peek().contains(&0) {
            rules.push((lossy(name), lossy(r.rest())));
            return Ok((RuleList(rules), true, pages));
        }
        let value = r.cstr("rule value")?;
        if let Some((n, of)) = bohemia::page_key(name) {
            pages.0.push(Page {
                rule: rules.len(),
                number: n,
                count: of,
                bytes: value.to_vec(),
            });
        }
        rules.push((lossy(name), lossy(value)));
    }
    Ok((RuleList(rules), false, pages))
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

pub(crate) fn write_rules(rules: &RuleList, pages: &Pages, w: &mut Writer) {
    let room = usize::from(u16::MAX).saturating_sub(pages.0.len());
    w.u16_le((rules.0.len().min(room) + pages.0.len().min(usize::from(u16::MAX))) as u16);
    // The pages first, as DayZ sends them (gamedig reads pages only before any text rule).
    for page in pages.0.iter().take(usize::from(u16::MAX)) {
        w.u8(page.number).u8(page.count).u8(0).bytes(&page.bytes).u8(0);
    }
    write_pairs(rules, room, w);
}

/// The pairs after the count, at most 65535.
pub(crate) fn write_rule_pairs(rules: &RuleList, w: &mut Writer) {
    write_pairs(rules, usize::from(u16::MAX), w);
}

fn write_pairs(rules: &RuleList, room: usize, w: &mut Writer) {
    for (k, v) in rules.0.iter().take(room) {
        w.bytes(k.as_bytes()).u8(0).bytes(v.as_bytes()).u8(0);
    }
}
