//! A status for people: labelled fields, then sections (a rules list, a players table),
//! notes and warnings — what the CLI prints, decided here once for every protocol (each
//! protocol's `describe.rs` says what its `raw` adds). The status arrives as the JSON
//! JavaScript holds; a member missing reads as absent.

use serde::Serialize;
use serde_json::Value;

/// What `describeStatus(status)` returns.
#[derive(Debug, Default, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "StatusDescription"))]
pub struct Description {
    /// `[label, value]` in order (values as the server sent them: a printer cleans control
    /// characters, except in a `motd`, which is clean already and may hold ANSI colours).
    pub fields: Vec<(String, String)>,
    pub sections: Vec<Section>,
    /// Lines after the sections (`players: none listed (…)`).
    pub notes: Vec<String>,
    pub warnings: Vec<String>,
}

/// A titled block: `fields` (a list) or `headers` and `rows` (a table; numbers stay
/// numbers, so a printer can align them).
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "StatusSection", optional_fields))]
pub struct Section {
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<Vec<(String, String)>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub headers: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<Vec<Option<TableCell>>>>"))]
    pub rows: Option<Vec<Vec<Value>>>,
}

/// A table's cell: text, or a number (which a printer aligns right).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "StatusTableCell", type = "string | number")]
pub struct TableCell;

impl Section {
    pub fn list(title: impl Into<String>, fields: Vec<(String, String)>) -> Self {
        Self {
            title: title.into(),
            fields: Some(fields),
            headers: None,
            rows: None,
        }
    }

    pub fn table(title: impl Into<String>, headers: &[&str], rows: Vec<Vec<Value>>) -> Self {
        Self {
            title: title.into(),
            fields: None,
            headers: Some(headers.iter().map(|h| h.to_string()).collect()),
            rows: Some(rows),
        }
    }
}

/// Fields in order, those without a value left out.
#[derive(Debug, Default)]
pub struct Fields(Vec<(String, String)>);

impl Fields {
    pub fn add(&mut self, label: &str, value: Option<String>) -> &mut Self {
        if let Some(v) = value.filter(|v| !v.is_empty()) {
            self.0.push((label.to_string(), v));
        }
        self
    }

    /// Replaces the value of the field `label`.
    pub fn replace(&mut self, label: &str, new_label: &str, value: String) {
        if let Some(field) = self.0.iter_mut().find(|(l, _)| l == label) {
            *field = (new_label.to_string(), value);
        }
    }

    pub fn into_vec(self) -> Vec<(String, String)> {
        self.0
    }
}

/// A member as text, as JavaScript's template strings print it: numbers without a
/// needless `.0`, absent (`null`) as `None`.
/// The server's name; for a terminal, in its colours (`raw.name.ansi`, where the protocol
/// renders its colour codes) where it has them.
pub fn coloured_name(s: &Value, color: bool) -> Option<String> {
    let ansi = s["raw"]["name"]["ansi"].as_str().filter(|_| color);
    ansi.map(str::to_string).or_else(|| text(&s["name"]))
}

/// The fields of a status that lists its server's settings (the Quake engines' and their
/// heirs'): `game`, where the protocol serves several, after the protocol.
pub fn server_fields(s: &Value, color: bool, game: Option<String>) -> Fields {
    let mut f = Fields::default();
    f.add("name", coloured_name(s, color))
        .add("protocol", text(&s["protocol"]))
        .add("game", game)
        .add("mode", text(&s["mode"]))
        .add("map", text(&s["map"]))
        .add("version", text(&s["version"]))
        .add("players", Some(players(s)))
        .add("password", password(s))
        .add("ping", ms(&s["pingMs"]))
        .add("encoding", text(&s["raw"]["encoding"]));
    f
}

/// A server's settings (`raw.info`, as sent), one line each.
pub fn settings(info: &Value) -> Option<Section> {
    let o = info.as_object().filter(|o| !o.is_empty())?;
    let lines = o.iter().map(|(k, v)| (format!("  {k}"), text(v).unwrap_or_default()));
    Some(Section::list("settings", lines.collect()))
}

pub fn text(v: &Value) -> Option<String> {
    match v {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(number(n.as_f64().unwrap_or(0.0))),
        Value::Bool(b) => Some(b.to_string()),
        other => Some(other.to_string()),
    }
}

pub fn number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        format!("{n}")
    }
}

/// JavaScript's truthiness of a member: absent, `false`, `0` and `''` are false.
pub fn truthy(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|n| n != 0.0),
        Value::String(s) => !s.is_empty(),
        _ => true,
    }
}

/// Milliseconds as people read them: 0.42 ms on a LAN, 87 ms across the world.
pub fn ms(v: &Value) -> Option<String> {
    let ms = v.as_f64()?;
    Some(if ms < 10.0 {
        format!("{ms:.2} ms")
    } else {
        format!("{} ms", ms.round() as i64)
    })
}

/// A MOTD: its ANSI rendering in colour, else its plain text with control characters
/// (but newlines) dropped.
pub fn motd(m: &Value, color: bool) -> Option<String> {
    if !truthy(m) {
        return None;
    }
    if color {
        return text(&m["ansi"]);
    }
    let plain = text(&m["plain"])?;
    Some(plain.chars().filter(|&c| c == '\n' || !c.is_control()).collect())
}

/// `online/max`, with how many are bots where the protocol says.
pub fn players(s: &Value) -> String {
    let p = &s["players"];
    let bots = p["bots"].as_f64().filter(|b| *b > 0.0);
    let of_them = bots.map_or(String::new(), |b| format!(" ({} of them bots)", number(b)));
    format!(
        "{}/{}{of_them}",
        text(&p["online"]).unwrap_or_default(),
        text(&p["max"]).unwrap_or_default()
    )
}

/// `yes` or `no`.
pub fn password(s: &Value) -> Option<String> {
    Some(if s["password"] == true { "yes" } else { "no" }.into())
}

/// `raw.rules` as a list, when there are any (`value` renders one).
pub fn rules(s: &Value, value: fn(&Value) -> String) -> Option<Section> {
    let rules = s["raw"]["rules"].as_object().filter(|r| !r.is_empty())?;
    let fields = rules.iter().map(|(k, v)| (format!("  {k}"), value(v))).collect();
    Some(Section::list("rules", fields))
}

/// A rule's value as sent.
pub fn plain_rule(v: &Value) -> String {
    text(v).unwrap_or_default()
}

/// The players table's title: how many, and of how many when the list is partial.
pub fn players_title(s: &Value, listed: usize) -> String {
    let of = if s["players"]["partial"] == true {
        format!(" of {}", text(&s["players"]["online"]).unwrap_or_default())
    } else {
        String::new()
    };
    format!("players ({listed}{of})")
}

/// How a protocol tables its players (a non-empty `players.list`).
pub type Table = fn(&Value, &[Value]) -> Section;

/// After the fields and the protocol's sections: the players (`table`, or names and ids),
/// or why there are none, then the warnings.
pub fn finish(s: &Value, mut d: Description, table: Option<Table>) -> Description {
    let list = s["players"]["list"].as_array().map(Vec::as_slice).unwrap_or_default();
    if !list.is_empty() {
        d.sections.push(table.unwrap_or(names_table)(s, list));
    } else if let Some(why) = text(&s["raw"]["playersWithheld"]).filter(|w| !w.is_empty()) {
        d.notes.push(format!("players: none listed ({why})"));
    }
    if let Some(w) = s["raw"]["warnings"].as_array() {
        d.warnings.extend(w.iter().filter_map(text));
    }
    d
}

/// Names, then each of `columns` that a player of `raw.players` has (as `has` judges its
/// value), from that player's row there: for protocols whose players carry the fields
/// their server chose to send.
pub fn raw_columns(s: &Value, list: &[Value], columns: &[&'static str], has: fn(&Value) -> bool) -> Section {
    let raw = s["raw"]["players"].as_array().map(Vec::as_slice).unwrap_or_default();
    let columns: Vec<&str> = columns
        .iter()
        .copied()
        .filter(|c| raw.iter().any(|p| has(&p[*c])))
        .collect();
    let rows = list
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut row = vec![p["name"].clone()];
            row.extend(
                columns
                    .iter()
                    .map(|c| raw.get(i).map_or(Value::Null, |r| r[*c].clone())),
            );
            row
        })
        .collect();
    let headers: Vec<&str> = std::iter::once("name").chain(columns).collect();
    Section::table(players_title(s, list.len()), &headers, rows)
}

/// The description of a status with these fields and sections: the players (by `table`,
/// or names and ids), notes and warnings follow ([`finish`]).
pub fn described(s: &Value, fields: Fields, sections: Vec<Section>, table: Option<Table>) -> Description {
    let d = Description {
        fields: fields.into_vec(),
        sections,
        ..Description::default()
    };
    finish(s, d, table)
}

/// Names, with ids where the protocol has them.
fn names_table(s: &Value, list: &[Value]) -> Section {
    let ids = list.iter().any(|p| !p["id"].is_null());
    let rows = list
        .iter()
        .map(|p| {
            let mut row = vec![p["name"].clone()];
            if ids {
                row.push(if p["id"].is_null() {
                    Value::String(String::new())
                } else {
                    p["id"].clone()
                });
            }
            row
        })
        .collect();
    let headers: &[&str] = if ids { &["name", "id"] } else { &["name"] };
    Section::table(players_title(s, list.len()), headers, rows)
}

/// Any protocol's status, from what every status has: for one without a `describe.rs`.
pub fn generic(s: &Value, _color: bool) -> Description {
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("mode", text(&s["mode"]))
        .add("map", text(&s["map"]))
        .add("version", text(&s["version"]))
        .add("players", Some(players(s)))
        .add("password", password(s))
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
