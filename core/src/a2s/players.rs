//! A2S_PLAYER (`D`) and A2S_RULES (`E`) replies.

use serde::Serialize;

use super::bohemia::{self, ServerBrowser};
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

/// Pairs until the count or the data ends: servers truncate long rule lists. Arma 3's and
/// DayZ's binary pages (`super::bohemia`) come out as their message; pages that do not
/// make one (a page missing, a message not understood) stay rules, as text.
pub(crate) fn read_rules(r: &mut Reader) -> Result<(RuleList, bool, Option<ServerBrowser>)> {
    let count = r.u16_le("rule count")?;
    let mut pairs = Vec::with_capacity(usize::from(count).min(r.remaining() / 2));
    let mut truncated = false;
    for _ in 0..count {
        if r.is_empty() {
            truncated = true;
            break;
        }
        let name = r.cstr("rule name")?;
        // A value cut by the packet's end: keep what arrived, say it was cut.
        if !r.peek().contains(&0) {
            pairs.push((name, r.rest()));
            truncated = true;
            break;
        }
        pairs.push((name, r.cstr("rule value")?));
    }
    let pages: Vec<_> = pairs
        .iter()
        .filter_map(|(k, v)| bohemia::page_key(k).map(|(n, of)| (n, of, *v)))
        .collect();
    let joined = bohemia::join(&pages);
    let of_message =
        |k: &[u8]| matches!((bohemia::page_key(k), &joined), (Some((_, of)), Some((count, _))) if of == *count);
    let rules = pairs
        .iter()
        .filter(|(k, _)| !of_message(k))
        .map(|(k, v)| (lossy(k), lossy(v)))
        .collect();
    Ok((RuleList(rules), truncated, joined.map(|(_, message)| message)))
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

pub(crate) fn write_rules(rules: &RuleList, browser: Option<&ServerBrowser>, w: &mut Writer) {
    let pages = browser.map(ServerBrowser::pages).unwrap_or_default();
    let room = usize::from(u16::MAX) - pages.len();
    w.u16_le((rules.0.len().min(room) + pages.len()) as u16);
    // The pages first, as DayZ sends them (gamedig reads pages only before any text rule).
    for (key, page) in &pages {
        w.bytes(key).u8(0).bytes(page).u8(0);
    }
    for (k, v) in rules.0.iter().take(room) {
        w.bytes(k.as_bytes()).u8(0).bytes(v.as_bytes()).u8(0);
    }
}
