//! The five chunks. They carry no type tag: which is which follows from the requested
//! mask. Each chunk is read inside its own length: reading past it is `GQ_MALFORMED`,
//! bytes left inside it are future fields and skipped.

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use super::value::{read_string, read_value, write_string, write_value, Scalar, Typed, ValueType};
use crate::error::{Error, ErrorCode, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::wire::{Reader, Writer};

/// go-svrquery's cap on metrics.
pub const MAX_METRICS: usize = 25;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SqpChunk"))]
pub enum ChunkKind {
    Info,
    Rules,
    Players,
    Teams,
    Metrics,
}

impl ChunkKind {
    pub const ALL: [ChunkKind; 5] = [Self::Info, Self::Rules, Self::Players, Self::Teams, Self::Metrics];

    pub fn bit(self) -> u8 {
        1 << (self as u8)
    }

    /// The name callers use (`'players'`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Info => "info",
            Self::Rules => "rules",
            Self::Players => "players",
            Self::Teams => "teams",
            Self::Metrics => "metrics",
        }
    }

    pub fn in_mask(mask: u8) -> Vec<ChunkKind> {
        Self::ALL.into_iter().filter(|k| mask & k.bit() != 0).collect()
    }

    /// How telling an exact parse is: a metrics chunk's length follows from its count,
    /// server info has a fixed shape, rules take almost anything.
    fn specificity(self) -> u32 {
        match self {
            Self::Metrics => 2,
            Self::Info => 1,
            _ => 0,
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SqpServerInfo"))]
pub struct ServerInfo {
    pub current_players: u16,
    pub max_players: u16,
    pub server_name: String,
    pub game_type: String,
    pub build_id: String,
    pub map: String,
    pub port: u16,
}

/// Rules in wire order, shown to JS as an object of `{ type, value }`.
#[derive(Debug, Clone, Default, PartialEq)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "SqpRules", type = "Record<string, SqpValue>")
)]
pub struct Rules(pub Vec<(String, Typed)>);

/// Player or team records with their schema; each record maps field names to values.
#[derive(Debug, Clone, Default, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SqpRecords"))]
pub struct Records {
    pub fields: Vec<Field>,
    /// Values in field order.
    #[cfg_attr(feature = "ts", ts(type = "Array<Record<string, SqpScalar>>"))]
    pub records: Vec<Vec<Scalar>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SqpField"))]
pub struct Field {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: ValueType,
}

/// Every chunk a reply held; `missing` names requested chunks the server left out.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SqpChunks"))]
pub struct Chunks {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub info: Option<ServerInfo>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub rules: Option<Rules>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub players: Option<Records>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub teams: Option<Records>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub metrics: Option<Vec<f32>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<ChunkKind>>", optional))]
    pub missing: Vec<ChunkKind>,
}

/// One chunk, parsed.
enum Parsed {
    Info(ServerInfo),
    Rules(Rules),
    Records(Records),
    Metrics(Vec<f32>),
}

/// Reading past the chunk is malformed, not truncated: the chunk said how long it is.
fn in_chunk(e: Error) -> Error {
    if e.code == ErrorCode::Truncated {
        Error {
            code: ErrorCode::Malformed,
            ..e
        }
    } else {
        e
    }
}

/// Parses `body` as `kind`: the value and whether it used every byte.
fn parse(kind: ChunkKind, body: &[u8], base: usize) -> Result<(Parsed, bool)> {
    parse_at(kind, body).map_err(|mut e| {
        e = in_chunk(e);
        if let Some(o) = e.offset.as_mut() {
            *o += base;
        }
        e
    })
}

fn parse_at(kind: ChunkKind, body: &[u8]) -> Result<(Parsed, bool)> {
    let mut r = Reader::new(body);
    let parsed = match kind {
        ChunkKind::Info => Parsed::Info(ServerInfo {
            current_players: r.u16_be("currentPlayers")?,
            max_players: r.u16_be("maxPlayers")?,
            server_name: read_string(&mut r, "serverName")?,
            game_type: read_string(&mut r, "gameType")?,
            build_id: read_string(&mut r, "buildId")?,
            map: read_string(&mut r, "map")?,
            port: r.u16_be("port")?,
        }),
        ChunkKind::Rules => {
            let mut rules = Vec::new();
            while !r.is_empty() {
                let key = read_string(&mut r, "rule name")?;
                let kind = ValueType::read(&mut r, "rule type")?;
                let value = read_value(&mut r, kind, "rule value")?;
                rules.push((key, Typed { kind, value }));
            }
            Parsed::Rules(Rules(rules))
        }
        ChunkKind::Players | ChunkKind::Teams => Parsed::Records(read_records(&mut r)?),
        ChunkKind::Metrics => {
            let at = r.offset();
            let count = usize::from(r.u8("metric count")?);
            if count > MAX_METRICS {
                return Err(Error::at(
                    ErrorCode::Malformed,
                    "metric count",
                    at,
                    format_args!("{count} metrics, at most {MAX_METRICS}"),
                ));
            }
            let metrics = (0..count)
                .map(|_| r.array("metric").map(f32::from_be_bytes))
                .collect::<Result<_>>()?;
            Parsed::Metrics(metrics)
        }
    };
    Ok((parsed, r.is_empty()))
}

fn read_records(r: &mut Reader<'_>) -> Result<Records> {
    let count = r.u16_be("record count")?;
    if count == 0 {
        r.rest();
        return Ok(Records::default());
    }
    let at = r.offset();
    let field_count = r.u8("field count")?;
    if field_count == 0 {
        return Err(Error::at(
            ErrorCode::Malformed,
            "field count",
            at,
            "records without fields",
        ));
    }
    let mut fields = Vec::with_capacity(usize::from(field_count));
    for _ in 0..field_count {
        let name = read_string(r, "field name")?;
        let kind = ValueType::read(r, "field type")?;
        fields.push(Field { name, kind });
    }
    let mut records = Vec::new();
    for _ in 0..count {
        let values = fields
            .iter()
            .map(|f| read_value(r, f.kind, "record value"))
            .collect::<Result<_>>()?;
        records.push(values);
    }
    Ok(Records { fields, records })
}

/// Splits a query payload into chunk bodies.
fn bodies(payload: &[u8]) -> Result<Vec<(usize, &[u8])>> {
    let mut r = Reader::new(payload);
    let mut out = Vec::new();
    while !r.is_empty() {
        let at = r.offset();
        let len = r.u32_be("chunk length")? as usize;
        if len > r.remaining() {
            return Err(Error::at(
                ErrorCode::BadLength,
                "chunk length",
                at,
                format_args!("{len} bytes, {} remain", r.remaining()),
            ));
        }
        out.push((r.offset(), r.take(len, "chunk")?));
    }
    Ok(out)
}

impl Chunks {
    /// Decodes the chunks of a complete payload, given what was requested. When the reply
    /// holds fewer chunks than requested, each is identified by which remaining requested
    /// type parses it (exactly, preferably), keeping bit order.
    pub fn decode(payload: &[u8], requested: u8, base: usize) -> Result<Self> {
        let bodies = bodies(payload)?;
        let wanted = ChunkKind::in_mask(requested);
        if bodies.len() > wanted.len() {
            return Err(Error::at(
                ErrorCode::Malformed,
                "chunks",
                base,
                format_args!("{} chunks, {} requested", bodies.len(), wanted.len()),
            ));
        }
        let assignment = if bodies.len() == wanted.len() {
            let mut parsed = Vec::new();
            for ((at, body), kind) in bodies.iter().zip(&wanted) {
                parsed.push((*kind, parse(*kind, body, base + at)?.0));
            }
            parsed
        } else {
            best(&bodies, &wanted, 0, 0, base).map(|(_, a)| a).ok_or_else(|| {
                Error::at(
                    ErrorCode::Malformed,
                    "chunks",
                    base,
                    "the chunks do not parse as any of the requested types",
                )
            })?
        };
        let mut out = Chunks::default();
        for (kind, parsed) in assignment {
            match (kind, parsed) {
                (ChunkKind::Info, Parsed::Info(i)) => out.info = Some(i),
                (ChunkKind::Rules, Parsed::Rules(r)) => out.rules = Some(r),
                (ChunkKind::Players, Parsed::Records(r)) => out.players = Some(r),
                (ChunkKind::Teams, Parsed::Records(r)) => out.teams = Some(r),
                (ChunkKind::Metrics, Parsed::Metrics(m)) => out.metrics = Some(m),
                _ => unreachable!("parse returns the variant of its kind"),
            }
        }
        out.missing = wanted.into_iter().filter(|k| !out.has(*k)).collect();
        Ok(out)
    }

    pub fn has(&self, kind: ChunkKind) -> bool {
        match kind {
            ChunkKind::Info => self.info.is_some(),
            ChunkKind::Rules => self.rules.is_some(),
            ChunkKind::Players => self.players.is_some(),
            ChunkKind::Teams => self.teams.is_some(),
            ChunkKind::Metrics => self.metrics.is_some(),
        }
    }

    /// The payload for `requested`: those chunks in bit order; an absent one goes out empty.
    pub fn encode(&self, requested: u8) -> Result<Vec<u8>> {
        let mut w = Writer::new();
        for kind in ChunkKind::in_mask(requested) {
            let mut body = Writer::new();
            match kind {
                ChunkKind::Info => {
                    let i = self.info.clone().unwrap_or_default();
                    body.u16_be(i.current_players).u16_be(i.max_players);
                    for s in [&i.server_name, &i.game_type, &i.build_id, &i.map] {
                        write_string(&mut body, s);
                    }
                    body.u16_be(i.port);
                }
                ChunkKind::Rules => {
                    for (key, v) in self.rules.iter().flat_map(|r| &r.0) {
                        write_string(&mut body, key);
                        body.u8(v.kind.byte());
                        write_value(&mut body, v.kind, &v.value, key)?;
                    }
                }
                ChunkKind::Players | ChunkKind::Teams => {
                    let records = if kind == ChunkKind::Players {
                        &self.players
                    } else {
                        &self.teams
                    };
                    write_records(&mut body, records.as_ref())?;
                }
                ChunkKind::Metrics => {
                    let m = self.metrics.as_deref().unwrap_or_default();
                    let m = &m[..m.len().min(MAX_METRICS)];
                    body.u8(m.len() as u8);
                    for v in m {
                        body.bytes(&v.to_be_bytes());
                    }
                }
            }
            let body = body.into_bytes();
            w.u32_be(body.len() as u32).bytes(&body);
        }
        Ok(w.into_bytes())
    }
}

type Assignment = Vec<(ChunkKind, Parsed)>;

/// The best-scoring way to give `bodies[i..]` increasing types from `wanted[from..]`.
fn best(
    bodies: &[(usize, &[u8])],
    wanted: &[ChunkKind],
    i: usize,
    from: usize,
    base: usize,
) -> Option<(u32, Assignment)> {
    if i == bodies.len() {
        return Some((0, Vec::new()));
    }
    let mut winner: Option<(u32, Assignment)> = None;
    for j in from..wanted.len() {
        if wanted.len() - j < bodies.len() - i {
            break;
        }
        let Ok((parsed, exact)) = parse(wanted[j], bodies[i].1, base + bodies[i].0) else {
            continue;
        };
        let Some((rest_score, rest)) = best(bodies, wanted, i + 1, j + 1, base) else {
            continue;
        };
        let score = rest_score + if exact { 4 + wanted[j].specificity() } else { 0 };
        if winner.as_ref().is_none_or(|(s, _)| score > *s) {
            let mut assignment = vec![(wanted[j], parsed)];
            assignment.extend(rest);
            winner = Some((score, assignment));
        }
    }
    winner
}

fn write_records(w: &mut Writer, records: Option<&Records>) -> Result<()> {
    let Some(records) = records.filter(|r| !r.records.is_empty()) else {
        w.u16_be(0);
        return Ok(());
    };
    if records.fields.is_empty() || records.fields.len() > 255 || records.records.len() > usize::from(u16::MAX) {
        return Err(Error::invalid("records need 1–255 fields and at most 65535 entries"));
    }
    w.u16_be(records.records.len() as u16).u8(records.fields.len() as u8);
    for f in &records.fields {
        write_string(w, &f.name);
        w.u8(f.kind.byte());
    }
    for values in &records.records {
        if values.len() != records.fields.len() {
            return Err(Error::invalid("every record needs a value for every field"));
        }
        for (f, v) in records.fields.iter().zip(values) {
            write_value(w, f.kind, v, &f.name)?;
        }
    }
    Ok(())
}

impl Serialize for Rules {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl Input for Rules {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let mut rules = Vec::new();
        for (name, v) in o.rest() {
            let typed = Typed::read(v, at.key(&name))?;
            rules.push((name.into_owned(), typed));
        }
        Ok(Rules(rules))
    }
}

impl Serialize for Records {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let records: Vec<Record> = self
            .records
            .iter()
            .map(|values| Record {
                fields: &self.fields,
                values,
            })
            .collect();
        let mut map = s.serialize_map(Some(2))?;
        map.serialize_entry("fields", &self.fields)?;
        map.serialize_entry("records", &records)?;
        map.end()
    }
}

/// One record as JS sees it: field name → value.
struct Record<'a> {
    fields: &'a [Field],
    values: &'a [Scalar],
}

impl Serialize for Record<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.values.len()))?;
        for (f, v) in self.fields.iter().zip(self.values) {
            map.serialize_entry(&f.name, v)?;
        }
        map.end()
    }
}

impl Input for Records {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let fields: Vec<Field> = o.or_default("fields")?;
        let raw: Vec<Json> = o.or_default("records")?;
        let list = at.key("records");
        let mut records = Vec::with_capacity(raw.len());
        for (i, record) in raw.into_iter().enumerate() {
            let at = list.index(i);
            let mut record = Obj::new(record, at)?;
            let mut values = Vec::with_capacity(fields.len());
            for f in &fields {
                match record.take_data(&f.name) {
                    Some(v) => values.push(Scalar::read(v, at.key(&f.name))?),
                    None => return Err(at.error(format_args!("a record has no {}", crate::error::quoted(&f.name)))),
                }
            }
            records.push(values);
        }
        Ok(Records { fields, records })
    }
}

impl Input for Field {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            name: o.req("name")?,
            kind: o.req("type")?,
        })
    }
}

impl Input for ChunkKind {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let name = String::read(value, at)?;
        Self::ALL.into_iter().find(|k| k.name() == name).ok_or_else(|| {
            at.error(format_args!(
                "unknown variant {}, expected one of info, rules, players, teams, metrics",
                crate::error::quoted(&name)
            ))
        })
    }
}

impl Input for ServerInfo {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            current_players: o.req("currentPlayers")?,
            max_players: o.req("maxPlayers")?,
            server_name: o.req("serverName")?,
            game_type: o.req("gameType")?,
            build_id: o.req("buildId")?,
            map: o.req("map")?,
            port: o.req("port")?,
        })
    }
}

impl Input for Chunks {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        Self::take(&mut Obj::new(value, at)?)
    }
}

impl Chunks {
    /// Its members, out of an object that may hold others (a reply's, a query result's).
    pub fn take(o: &mut Obj<'_>) -> Result<Self> {
        Ok(Self {
            info: o.or_default("info")?,
            rules: o.or_default("rules")?,
            players: o.or_default("players")?,
            teams: o.or_default("teams")?,
            metrics: o.or_default("metrics")?,
            missing: o.or_default("missing")?,
        })
    }
}
