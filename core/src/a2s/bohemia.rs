//! Bohemia Interactive's server browser message, carried inside A2S_RULES by Arma 3
//! (version 3) and DayZ (version 2): the DLCs, difficulty, mods and signatures a server
//! runs. Facts from Bohemia's wiki (`Arma_3:_ServerBrowserProtocol3`) and the layouts
//! documented by WoozyMasta/a2s (`pkg/a3sb/docs`, e239dd0); the code is ours.
//!
//! The message is escaped (`01 01` → `01`, `01 02` → `00`, `01 03` → `FF`: no NUL can end
//! a rule early) and cut into pages, each a rule whose key is two bytes — its number and
//! the page count, from 1 — and whose value is the page. Pages are joined in number order
//! before unescaping, so an escape cut between two pages still reads.

use serde::Serialize;

use crate::error::{Error, ErrorCode, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::values::RuleList;
use crate::wire::{Reader, Writer};

/// Bytes of escaped message per page, as the games write them.
const PAGE: usize = 124;

/// What an Arma 3 or DayZ server says about itself in its rules.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "A2sServerBrowser"))]
pub struct ServerBrowser {
    /// 3: Arma 3; 2: DayZ.
    pub version: u8,
    /// Flags the games set when a list did not fit (their bits are not documented).
    pub overflow: u8,
    pub dlcs: Vec<Dlc>,
    /// Arma 3 (version 3 and above) only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub difficulty: Option<Difficulty>,
    pub mods: Vec<Mod>,
    /// Arma 3's creator DLCs, listed among the mods by their Steam app id.
    pub creator_dlcs: Vec<CreatorDlc>,
    /// The keys (`.bikey`) the server accepts.
    pub signatures: Vec<String>,
    /// DayZ: the server's description.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub description: Option<String>,
}

/// A DLC the server requires: its bit in the message, its name where known, its hash.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "A2sServerBrowserDlc"))]
pub struct Dlc {
    pub flag: u16,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub name: Option<String>,
    pub hash: u32,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "A2sServerBrowserDifficulty"))]
pub struct Difficulty {
    /// 0 recruit … 3 custom.
    pub level: u8,
    pub ai_level: u8,
    pub advanced_flight_model: bool,
    pub third_person: bool,
    pub crosshair: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "A2sServerBrowserMod"))]
pub struct Mod {
    pub name: String,
    /// Its Steam Workshop id as decimal text ("0" for a mod not on the Workshop).
    pub workshop_id: String,
    pub hash: u32,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "A2sServerBrowserCreatorDlc"))]
pub struct CreatorDlc {
    pub app_id: u32,
    pub hash: u32,
}

/// Bit → name, per game (Steam's DLC names; the bit order is Bohemia's).
const ARMA3_DLCS: &[&str] = &[
    "Karts",
    "Marksmen",
    "Helicopters",
    "Zeus",
    "Apex",
    "Jets",
    "Laws of War",
    "Malden",
    "Tac-Ops Mission Pack",
    "Tanks",
    "Contact",
    "Enoch",
    "Art of War",
];
const DAYZ_DLCS: &[&str] = &["Livonia", "Frostline", "Badlands", "Survivor GameZ"];

/// A mod's id-length byte: the low nibble is the id's length; this bit marks a creator DLC,
/// whose entry is a 4-byte app id and no name (as servers send it).
const CREATOR_DLC: u8 = 0x10;

/// `01 01` → `01`, `01 02` → `00`, `01 03` → `FF`, in one pass (a sequential replace would
/// read `01 01 02` wrong).
pub fn unescape(bytes: &[u8]) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != 1 {
            out.push(bytes[i]);
            i += 1;
            continue;
        }
        out.push(match bytes.get(i + 1) {
            Some(1) => 1,
            Some(2) => 0,
            Some(3) => 0xff,
            other => {
                let what = other.map_or("the end".to_string(), |b| format!("0x{b:02x}"));
                return Err(Error::at(
                    ErrorCode::Malformed,
                    "server browser escape",
                    i,
                    format_args!("01 followed by {what}"),
                ));
            }
        });
        i += 2;
    }
    Ok(out)
}

pub fn escape(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 8);
    for &b in bytes {
        match b {
            0 => out.extend_from_slice(&[1, 2]),
            1 => out.extend_from_slice(&[1, 1]),
            0xff => out.extend_from_slice(&[1, 3]),
            b => out.push(b),
        }
    }
    out
}

/// A rule key that is a page's: `[number, count]`, 1 ≤ number ≤ count.
pub fn page_key(key: &[u8]) -> Option<(u8, u8)> {
    match *key {
        [n, count] if n >= 1 && n <= count => Some((n, count)),
        _ => None,
    }
}

/// A rule that may be a page: its place among the rules read, its number and page count,
/// its bytes (escaped).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    pub rule: usize,
    pub number: u8,
    pub count: u8,
    pub bytes: Vec<u8>,
}

/// The pages of a rules reply, as read or to write.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pages(pub Vec<Page>);

/// The message out of the pages of a rules reply, and the page rules taken out of `rules`:
/// `None` (the rules left whole, as text) while a page is missing — a server cut its
/// rules — or when the pages do not make a message. A text rule with a two-byte key may
/// look like a page: only a complete set of one page count that decodes is taken.
pub fn take(rules: &mut RuleList, pages: &Pages) -> Option<ServerBrowser> {
    let (used, message) = join(pages)?;
    let mut page = vec![false; rules.0.len()];
    for rule in used {
        if let Some(slot) = page.get_mut(rule) {
            *slot = true;
        }
    }
    let mut index = 0;
    rules.0.retain(|_| {
        index += 1;
        !page[index - 1]
    });
    Some(message)
}

/// The message, and the rules (by place) whose pages made it: the first of each number.
fn join(pages: &Pages) -> Option<(Vec<usize>, ServerBrowser)> {
    // No sorting: the standard sorts would add kilobytes to the WASM builds for lists of
    // at most 255. One pass per page count present.
    let mut present = [false; 256];
    for p in &pages.0 {
        present[usize::from(p.count)] = true;
    }
    (1..=255u8).filter(|&c| present[usize::from(c)]).find_map(|count| {
        let mut slots: Vec<Option<&Page>> = vec![None; usize::from(count)];
        for p in pages.0.iter().filter(|p| p.count == count) {
            slots[usize::from(p.number) - 1].get_or_insert(p);
        }
        let mut escaped = Vec::new();
        let mut used = Vec::with_capacity(slots.len());
        for page in slots {
            let page = page?;
            escaped.extend_from_slice(&page.bytes);
            used.push(page.rule);
        }
        let message = unescape(&escaped).and_then(|m| ServerBrowser::decode(&m)).ok()?;
        Some((used, message))
    })
}

fn string(r: &mut Reader, field: &'static str) -> Result<String> {
    let len = r.u8(field)?;
    Ok(String::from_utf8_lossy(r.take(usize::from(len), field)?).into_owned())
}

impl ServerBrowser {
    /// The unescaped message.
    pub fn decode(message: &[u8]) -> Result<Self> {
        let mut r = Reader::new(message);
        let version = r.u8("server browser version")?;
        if version < 2 {
            return Err(Error::at(
                ErrorCode::Malformed,
                "server browser version",
                0,
                format_args!("version {version} is not Arma 3's (3) nor DayZ's (2)"),
            ));
        }
        let overflow = r.u8("server browser overflow")?;
        let mask = r.u16_le("server browser dlc flags")?;
        let difficulty = if version >= 3 {
            let d = r.u8("server browser difficulty")?;
            let crosshair = r.u8("server browser crosshair")? & 1 != 0;
            Some(Difficulty {
                level: d & 7,
                ai_level: (d >> 3) & 7,
                advanced_flight_model: d & 0x40 != 0,
                third_person: d & 0x80 != 0,
                crosshair,
            })
        } else {
            None
        };
        let names = if version >= 3 { ARMA3_DLCS } else { DAYZ_DLCS };
        let mut dlcs = Vec::new();
        for bit in (0..16).filter(|b| mask & (1 << b) != 0) {
            dlcs.push(Dlc {
                flag: 1 << bit,
                name: names.get(bit).map(|n| (*n).to_string()),
                hash: r.u32_le("server browser dlc hash")?,
            });
        }
        let (mut mods, mut creator_dlcs) = (Vec::new(), Vec::new());
        for _ in 0..r.u8("server browser mod count")? {
            let hash = r.u32_le("server browser mod hash")?;
            let at = r.offset();
            let id_len = r.u8("server browser mod id length")?;
            if id_len & CREATOR_DLC != 0 {
                let app_id = r.u32_le("server browser creator dlc id")?;
                creator_dlcs.push(CreatorDlc { app_id, hash });
                continue;
            }
            let len = usize::from(id_len & 0x0f);
            if len > 8 {
                return Err(Error::at(
                    ErrorCode::Malformed,
                    "server browser mod id length",
                    at,
                    format_args!("{len} bytes do not make a Workshop id (at most 8)"),
                ));
            }
            let id = r.take(len, "server browser mod id")?;
            let workshop_id = id.iter().rev().fold(0u64, |n, b| n << 8 | u64::from(*b));
            mods.push(Mod {
                name: string(&mut r, "server browser mod name")?,
                workshop_id: workshop_id.to_string(),
                hash,
            });
        }
        let mut signatures = Vec::new();
        for _ in 0..r.u8("server browser signature count")? {
            let s = string(&mut r, "server browser signature")?;
            if !s.is_empty() {
                signatures.push(s);
            }
        }
        let description = if r.is_empty() {
            None
        } else {
            Some(string(&mut r, "server browser description")?)
        };
        Ok(Self {
            version,
            overflow,
            dlcs,
            difficulty,
            mods,
            creator_dlcs,
            signatures,
            description,
        })
    }

    /// The unescaped message (lists past 255 entries and strings past 255 bytes are cut).
    pub fn encode(&self) -> Vec<u8> {
        let mut w = Writer::with_capacity(64);
        let mask = self.dlcs.iter().fold(0u16, |m, d| m | d.flag);
        w.u8(self.version).u8(self.overflow).u16_le(mask);
        if self.version >= 3 {
            let d = self.difficulty.clone().unwrap_or_default();
            let byte = (d.level & 7)
                | (d.ai_level & 7) << 3
                | u8::from(d.advanced_flight_model) << 6
                | u8::from(d.third_person) << 7;
            w.u8(byte).u8(d.crosshair.into());
        }
        for bit in (0..16).filter(|b| mask & (1 << b) != 0) {
            let hash = self
                .dlcs
                .iter()
                .find(|d| d.flag & (1 << bit) != 0)
                .map_or(0, |d| d.hash);
            w.u32_le(hash);
        }
        let entries = self.mods.len() + self.creator_dlcs.len();
        w.u8(entries.min(255) as u8);
        for m in self.mods.iter().take(255) {
            let id: u64 = m.workshop_id.trim().parse().unwrap_or(0);
            let bytes = id.to_le_bytes();
            // Four bytes, as the games write every id that fits (gamedig reads no other).
            let len = if id <= u64::from(u32::MAX) { 4 } else { 8 };
            w.u32_le(m.hash).u8(len as u8).bytes(&bytes[..len]);
            w.str_u8(m.name.as_bytes(), 255);
        }
        for d in self.creator_dlcs.iter().take(255 - self.mods.len().min(255)) {
            w.u32_le(d.hash).u8(CREATOR_DLC | 4).u32_le(d.app_id);
        }
        w.u8(self.signatures.len().min(255) as u8);
        for s in self.signatures.iter().take(255) {
            w.str_u8(s.as_bytes(), 255);
        }
        if let Some(d) = &self.description {
            w.str_u8(d.as_bytes(), 255);
        }
        w.into_bytes()
    }

    /// The rules that carry it: `[number, count]` keys, escaped pages (an escape is never
    /// cut, for readers that unescape page by page).
    pub fn pages(&self) -> Pages {
        // 255 pages at most: a message too long for them loses mods from its end (the
        // overflow flag set), as a game cuts what does not fit.
        let mut escaped = escape(&self.encode());
        let mut cut = self.clone();
        while escaped.len() > 250 * PAGE && !cut.mods.is_empty() {
            cut.mods.pop();
            cut.overflow |= 1;
            escaped = escape(&cut.encode());
        }
        let mut parts = Vec::new();
        let mut rest = &escaped[..];
        while !rest.is_empty() {
            let mut cut = rest.len().min(PAGE);
            if cut < rest.len() && rest[cut - 1] == 1 && !ends_in_pair(&rest[..cut]) {
                cut -= 1;
            }
            parts.push(rest[..cut].to_vec());
            rest = &rest[cut..];
        }
        let count = parts.len().min(255) as u8;
        let pages = parts.into_iter().take(255).enumerate().map(|(i, bytes)| Page {
            rule: i,
            number: i as u8 + 1,
            count,
            bytes,
        });
        Pages(pages.collect())
    }
}

/// Whether the last byte of `page` (an `01`) closes an escape pair rather than opens one.
fn ends_in_pair(page: &[u8]) -> bool {
    let ones = page.iter().rev().take_while(|&&b| b == 1).count();
    // A run of 01s: pairs `01 01` from its start; an even run ends a pair. (The byte
    // before the run is not an 01, so it cannot open a pair with the run's first byte.)
    ones % 2 == 0
}

impl Input for ServerBrowser {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            version: o.or_else("version", || 3)?,
            overflow: o.or_default("overflow")?,
            dlcs: o.or_default("dlcs")?,
            difficulty: o.opt("difficulty")?,
            mods: o.or_default("mods")?,
            creator_dlcs: o.or_default("creatorDlcs")?,
            signatures: o.or_default("signatures")?,
            description: o.opt("description")?,
        })
    }
}

impl Input for Dlc {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            flag: o.req("flag")?,
            name: o.opt("name")?,
            hash: o.or_default("hash")?,
        })
    }
}

impl Input for Difficulty {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            level: o.or_default("level")?,
            ai_level: o.or_default("aiLevel")?,
            advanced_flight_model: o.or_default("advancedFlightModel")?,
            third_person: o.or_default("thirdPerson")?,
            crosshair: o.or_default("crosshair")?,
        })
    }
}

impl Input for Mod {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            name: o.req("name")?,
            workshop_id: o.or_else("workshopId", || "0".into())?,
            hash: o.or_default("hash")?,
        })
    }
}

impl Input for CreatorDlc {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            app_id: o.req("appId")?,
            hash: o.or_default("hash")?,
        })
    }
}
