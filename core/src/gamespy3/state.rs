//! A server as people read it — keys, players, teams, each row a record (their fields as
//! `crate::gamespy::tables` names them; JC2-MP's players `{ name, steamid, ping }`) — put
//! together from a reply's datagrams ([`assemble`]), and cut into them ([`pack`]).
//!
//! Values are written by row as their blocks' offsets say, so a value a datagram cut short
//! is overwritten by the next one's (BF2's `" hekut"` → `" hekutooo"`). A block may resume
//! at the row it left (that cut value) or later (rows with an empty value between, which
//! would have ended the block), never earlier: a server pointing back is broken, and the
//! reply is refused rather than read wrong.

use serde::Serialize;

use super::codec::{GameSpy3Field, GameSpy3Response, GameSpy3Section, Jc2mpPlayer};
use crate::error::{Error, ErrorCode, Result};
use crate::gamespy::split::{HEADER_LEN, MAX_PARTS};
use crate::gamespy::tables::{records, table, Kind};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::values::RuleList;

/// Rows a table may have (an offset is a byte, and blocks continue past it).
pub const MAX_ROWS: usize = 1024;

/// What `serve('gamespy3')` answers with, and what `query` reads (`raw`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "GameSpy3State"))]
pub struct GameSpy3State {
    /// The server keys in the order sent (`hostname`, `mapname`, `numplayers`,
    /// `maxplayers`, `gametype`, `gamever`, `hostport`, `password` …).
    pub rules: RuleList,
    /// `{ name, score, ping, team, … }` as sent (text); JC2-MP's `{ name, steamid, ping }`.
    #[cfg_attr(feature = "ts", ts(type = "Array<{ name?: string } & Record<string, string>>"))]
    pub players: Vec<RuleList>,
    /// `{ name, score, … }` as sent.
    #[cfg_attr(feature = "ts", ts(type = "Array<{ name?: string } & Record<string, string>>"))]
    pub teams: Vec<RuleList>,
}

impl GameSpy3State {
    /// The key `key`, any case.
    pub fn rule(&self, key: &str) -> Option<&str> {
        self.rules.get_any_case(key)
    }
}

impl Input for GameSpy3State {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let state = Self {
            rules: o.or_default("rules")?,
            players: o.or_default("players")?,
            teams: o.or_default("teams")?,
        };
        // A query's raw (`GameSpy3QueryResult`) serves as it is.
        o.skip(&["encoding", "packets", "latencyMs"]);
        o.deny_unknown()?;
        Ok(state)
    }
}

/// A table's columns, as far as the datagrams so far wrote them.
#[derive(Debug, Default)]
struct Columns(Vec<(String, Vec<String>)>);

impl Columns {
    fn write(&mut self, packet: u8, f: &GameSpy3Field) -> Result<()> {
        let at = match self.0.iter().position(|(n, _)| *n == f.name) {
            Some(i) => i,
            None => {
                self.0.push((f.name.clone(), Vec::new()));
                self.0.len() - 1
            }
        };
        let column = &mut self.0[at].1;
        let offset = usize::from(f.offset);
        let broken = |detail: String| {
            let mut e = Error::new(
                ErrorCode::Malformed,
                format!("packet {packet}: field {} {detail}", crate::error::quoted(&f.name)),
            );
            e.field = Some("offset");
            e
        };
        if offset + 1 < column.len() {
            return Err(broken(format!(
                "resumes at row {offset}, back from row {}",
                column.len()
            )));
        }
        if offset + f.values.len() > MAX_ROWS {
            return Err(Error::new(ErrorCode::BadLength, format!("over {MAX_ROWS} rows")));
        }
        // Past the end: the rows between had an empty value, which ends a block.
        column.resize(offset, String::new());
        column.extend(f.values.iter().cloned());
        Ok(())
    }

    fn records(&self, kind: Kind) -> Vec<RuleList> {
        let rows = self.0.iter().map(|(_, v)| v.len()).max().unwrap_or(0);
        let names: Vec<String> = self.0.iter().map(|(n, _)| n.clone()).collect();
        let grid: Vec<Vec<String>> = (0..rows)
            .map(|i| {
                self.0
                    .iter()
                    .map(|(_, v)| v.get(i).cloned().unwrap_or_default())
                    .collect()
            })
            .collect();
        records(&names, &grid, kind)
            .into_iter()
            .map(|r| RuleList(r.0.into_iter().filter(|(_, v)| !v.is_empty()).collect()))
            .collect()
    }
}

/// A reply's datagrams (in index order) as the server they describe.
pub fn assemble(datagrams: &[GameSpy3Response]) -> Result<GameSpy3State> {
    let mut state = GameSpy3State::default();
    let (mut players, mut teams) = (Columns::default(), Columns::default());
    for d in datagrams {
        let packet = d.packet.unwrap_or(0);
        for s in d.sections.iter().flatten() {
            if let Some(keys) = &s.keys {
                state.rules.0.extend(keys.0.iter().cloned());
            }
            for f in s.fields.iter().flatten() {
                match s.object {
                    2 => teams.write(packet, f)?,
                    _ => players.write(packet, f)?,
                }
            }
            for p in s.players.iter().flatten() {
                state.players.push(RuleList(vec![
                    ("name".into(), p.name.clone()),
                    ("steamid".into(), p.steamid.clone()),
                    ("ping".into(), p.ping.to_string()),
                ]));
            }
        }
    }
    if state.players.is_empty() {
        state.players = players.records(Kind::Players);
    }
    state.teams = teams.records(Kind::Teams);
    Ok(state)
}

/// What a datagram of ours holds at most (BF2's size).
pub const DATAGRAM: usize = 1400;

/// Datagrams being filled.
struct Packer {
    session: u32,
    max: usize,
    out: Vec<GameSpy3Response>,
    size: usize,
}

impl Packer {
    fn sections(&mut self) -> &mut Vec<GameSpy3Section> {
        self.out
            .last_mut()
            .and_then(|d| d.sections.as_mut())
            .expect("a datagram")
    }

    fn last(&mut self) -> &mut GameSpy3Section {
        self.sections().last_mut().expect("a section")
    }

    /// Whether `need` more bytes (and two end marks) fit the current datagram, or it holds nothing.
    fn fits(&mut self, need: usize) -> bool {
        self.size.saturating_add(need + 2) <= self.max || self.sections().is_empty()
    }

    /// A new datagram starting in section `object`; the current one ends inside its last
    /// section (and field).
    fn next(&mut self, object: u8) {
        if let Some(s) = self
            .out
            .last_mut()
            .and_then(|d| d.sections.as_mut())
            .and_then(|s| s.last_mut())
        {
            s.open = true;
            if let Some(f) = s.fields.as_mut().and_then(|f| f.last_mut()) {
                f.open = true;
            }
        }
        self.out.push(GameSpy3Response {
            kind: "reply".into(),
            session: self.session,
            challenge: None,
            packet: Some(self.out.len() as u8),
            last: Some(false),
            object: Some(object),
            sections: Some(Vec::new()),
            encoding: None,
        });
        self.size = HEADER_LEN;
    }

    /// The current datagram's last section is `object`'s (its byte written when not first).
    fn section(&mut self, object: u8) -> &mut GameSpy3Section {
        if self.sections().last().is_none_or(|s| s.object != object) {
            if !self.sections().is_empty() {
                self.size += 1;
            }
            self.sections().push(GameSpy3Section {
                object,
                keys: (object == 0).then(RuleList::default),
                fields: (object != 0).then(Vec::new),
                players: None,
                open: false,
            });
        }
        self.last()
    }

    fn field(&mut self, object: u8, name: &str, offset: usize, head: usize) {
        self.size += head;
        self.section(object)
            .fields
            .as_mut()
            .expect("fields")
            .push(GameSpy3Field {
                name: name.to_string(),
                offset: offset as u8,
                values: vec![],
                open: false,
            });
    }

    /// The current section's end mark.
    fn close(&mut self, object: u8) {
        self.section(object).open = false;
        self.size += 1;
    }
}

/// Columns → field blocks: a run of values per block, an empty value (which would end
/// the block) skipped by starting the next run past it.
fn blocks(fields: &[String], rows: &[Vec<String>]) -> Result<Vec<(String, usize, Vec<String>)>> {
    let mut out = Vec::new();
    for (i, name) in fields.iter().enumerate() {
        let column: Vec<&str> = rows.iter().map(|r| r[i].as_str()).collect();
        let mut start = 0;
        while start < column.len() {
            if column[start].is_empty() {
                start += 1;
                continue;
            }
            let end = (start..column.len())
                .find(|&j| column[j].is_empty())
                .unwrap_or(column.len());
            if start > 255 {
                return Err(Error::invalid(format!(
                    "field {}: a value after row 255 follows an empty one (an offset is a byte)",
                    crate::error::quoted(name)
                )));
            }
            out.push((
                name.clone(),
                start,
                column[start..end].iter().map(|v| v.to_string()).collect(),
            ));
            start = end;
        }
        if column.iter().all(|v| v.is_empty()) {
            out.push((name.clone(), 0, vec![]));
        }
    }
    Ok(out)
}

/// The state as a split reply's datagrams of at most [`DATAGRAM`] bytes (`len`: a
/// string's size as written): keys, players, teams, a field block resumed with its name
/// and offset in the next datagram when it does not fit.
pub fn pack(state: &GameSpy3State, session: u32, len: impl Fn(&str) -> usize) -> Result<Vec<GameSpy3Response>> {
    pack_in(state, session, len, DATAGRAM)
}

/// The state as one datagram however long (`FrameDecoder('gamespy3')`'s joined reply).
pub fn joined(state: &GameSpy3State, session: u32) -> Result<GameSpy3Response> {
    Ok(pack_in(state, session, str::len, usize::MAX)?.remove(0))
}

fn pack_in(
    state: &GameSpy3State,
    session: u32,
    len: impl Fn(&str) -> usize,
    max: usize,
) -> Result<Vec<GameSpy3Response>> {
    let mut p = Packer {
        session,
        max,
        out: Vec::new(),
        size: 0,
    };
    p.next(0);
    p.section(0);
    for (k, v) in &state.rules.0 {
        let need = len(k) + len(v) + 2;
        if !p.fits(need) {
            p.next(0);
        }
        p.size += need;
        p.section(0).keys.as_mut().expect("keys").0.push((k.clone(), v.clone()));
    }
    p.close(0);
    for (object, records, kind) in [(1, &state.players, Kind::Players), (2, &state.teams, Kind::Teams)] {
        let (fields, rows) = table(records, kind);
        for (name, start, values) in blocks(&fields, &rows)? {
            let head = len(&name) + 2;
            if !p.fits(head) {
                p.next(object);
            }
            p.field(object, &name, start, head);
            for (k, v) in values.iter().enumerate() {
                if !p.fits(len(v) + 1) {
                    if start + k > 255 {
                        return Err(Error::invalid("a block resumes past row 255 (an offset is a byte)"));
                    }
                    p.next(object);
                    p.field(object, &name, start + k, head);
                }
                p.size += len(v) + 1;
                p.last()
                    .fields
                    .as_mut()
                    .and_then(|f| f.last_mut())
                    .expect("a field")
                    .values
                    .push(v.clone());
            }
            p.size += 1; // the field's end
        }
        p.close(object);
    }
    if p.out.len() > MAX_PARTS {
        return Err(Error::invalid(format!(
            "the state takes {} datagrams; a reply spans at most {MAX_PARTS}",
            p.out.len()
        )));
    }
    if let Some(d) = p.out.last_mut() {
        d.last = Some(true);
    }
    Ok(p.out)
}

/// A JC2-MP reply: the keys, then `{ name, steamid, ping }` per player, one datagram.
pub fn jc2mp(state: &GameSpy3State, session: u32) -> GameSpy3Response {
    let players = state
        .players
        .iter()
        .map(|p| Jc2mpPlayer {
            name: p.get("name").unwrap_or_default().to_string(),
            steamid: p.get("steamid").unwrap_or_default().to_string(),
            ping: p.get("ping").and_then(|v| v.trim().parse().ok()).unwrap_or(0),
        })
        .collect();
    GameSpy3Response {
        kind: "reply".into(),
        session,
        challenge: None,
        packet: Some(0),
        last: Some(false),
        object: Some(0),
        sections: Some(vec![
            GameSpy3Section {
                object: 0,
                keys: Some(state.rules.clone()),
                fields: None,
                players: None,
                open: false,
            },
            GameSpy3Section {
                object: 1,
                keys: None,
                fields: None,
                players: Some(players),
                open: false,
            },
        ]),
        encoding: None,
    }
}
