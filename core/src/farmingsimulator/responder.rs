//! The server side, as a Farming Simulator server's web interface answers its stats feed:
//! one request per connection, the document written once per state (or the state's `data`
//! served as it is: a saved query's `raw` serves again). `<Server>`'s and `<Slots>`'
//! attributes each on one line, in the state's order, as the game writes them: qstat reads
//! the feed line by line. The code is not checked.

use serde_json::{Map, Value};

use super::unified::FarmingSimulatorQueryResult;
use crate::http::api::Api;
use crate::http::serve::{reply, Head};
use crate::input::{At, Input};
use crate::json::Json;

/// Slots written at most: a feed of this many `<Player>`s is a few hundred kilobytes.
const MAX_CAPACITY: usize = 4096;

impl Input for FarmingSimulatorQueryResult {
    /// The state as `raw` has it; attributes given as numbers or booleans are their text.
    /// What cannot be written as the feed (a name that is no XML name, a control character,
    /// more than [`MAX_CAPACITY`] slots) is refused.
    fn read(value: Json, at: At<'_>) -> crate::error::Result<Self> {
        let value = serde_json::to_value(&value).map_err(|e| at.error(e))?;
        let mut state: Self = serde_json::from_value(value).map_err(|e| at.error(e))?;
        for (part, map) in [("server", &mut state.server), ("slots", &mut state.slots)] {
            for (name, value) in map.iter_mut() {
                let at = at.key(part);
                if !xml_name(name) {
                    return Err(at.error(format!("{name:?} is no XML attribute name")));
                }
                let text = match value {
                    Value::String(s) => s.clone(),
                    Value::Number(_) | Value::Bool(_) => value.to_string(),
                    _ => return Err(at.key(name).error("is not text, a number or a boolean")),
                };
                if !xml_text(&text) {
                    return Err(at.key(name).error("holds a character XML cannot carry"));
                }
                *value = Value::String(text);
            }
        }
        let texts = state.players.iter().map(|p| &p.name).chain(
            state
                .mods
                .iter()
                .flat_map(|m| [&m.title, &m.name, &m.author, &m.version, &m.hash]),
        );
        if let Some(bad) = texts.into_iter().find(|t| !xml_text(t)) {
            return Err(at.error(format!("{bad:?} holds a character XML cannot carry")));
        }
        let capacity = super::unified::attribute(&state.slots, "capacity");
        if capacity.is_some_and(|c| c.parse::<usize>().map_or(true, |c| c > MAX_CAPACITY)) {
            return Err(at
                .key("slots")
                .key("capacity")
                .error(format!("a number of slots up to {MAX_CAPACITY}")));
        }
        Ok(state)
    }
}

/// An attribute name as the feed's are: ASCII, a letter or `_` first, then letters, digits,
/// `_`, `-`, `.` (no namespace prefix).
fn xml_name(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
}

/// Text XML 1.0 can carry: no control character but tab and line breaks, no U+FFFE/U+FFFF.
fn xml_text(text: &str) -> bool {
    !text.chars().any(|c| {
        (c.is_control() && !matches!(c, '\t' | '\n' | '\r') && c < '\u{80}') || matches!(c, '\u{FFFE}' | '\u{FFFF}')
    })
}

#[derive(Debug)]
pub struct Responder {
    feed: Vec<u8>,
}

impl Api for Responder {
    const STATE: &'static str = "Farming Simulator state";
    type State = FarmingSimulatorQueryResult;

    fn new(state: FarmingSimulatorQueryResult) -> Self {
        if !state.data.is_empty() {
            return Self {
                feed: state.data.into_bytes(),
            };
        }
        Self {
            feed: feed(&state).into_bytes(),
        }
    }

    fn answer(&self, head: &Head) -> Vec<u8> {
        if head.path.split('?').next() != Some(super::PATH) {
            return reply(404, "text/plain; charset=utf-8", b"Not Found");
        }
        reply(200, "text/xml; charset=utf-8", &self.feed)
    }
}

/// The document a state stands for: every slot a `<Player>`, the used ones first.
fn feed(state: &FarmingSimulatorQueryResult) -> String {
    let used = state.players.len();
    let capacity = attribute(&state.slots, "capacity")
        .and_then(|c| c.parse::<usize>().ok())
        .unwrap_or(used.max(16))
        .max(used);
    let mut slots = state.slots.clone();
    slots.insert("capacity".into(), Value::from(capacity.to_string()));
    slots.entry("numUsed").or_insert_with(|| Value::from(used.to_string()));
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\" ?>\n<Server");
    attributes(&mut out, &state.server);
    out.push_str(">\n    <Slots");
    attributes(&mut out, &slots);
    out.push_str(">\n");
    for p in &state.players {
        out.push_str("        <Player isUsed=\"true\"");
        out.push_str(if p.is_admin {
            " isAdmin=\"true\""
        } else {
            " isAdmin=\"false\""
        });
        for (name, v) in [("uptime", p.uptime), ("x", p.x), ("y", p.y), ("z", p.z)] {
            if let Some(v) = v {
                out.push_str(&format!(" {name}=\"{v}\""));
            }
        }
        out.push('>');
        escape(&mut out, &p.name);
        out.push_str("</Player>\n");
    }
    for _ in used..capacity {
        out.push_str("        <Player isUsed=\"false\"/>\n");
    }
    out.push_str("    </Slots>\n    <Mods>\n");
    for m in &state.mods {
        out.push_str("        <Mod");
        for (name, v) in [
            ("name", &m.name),
            ("author", &m.author),
            ("version", &m.version),
            ("hash", &m.hash),
        ] {
            out.push_str(&format!(" {name}=\""));
            escape(&mut out, v);
            out.push('"');
        }
        out.push('>');
        escape(&mut out, &m.title);
        out.push_str("</Mod>\n");
    }
    out.push_str("    </Mods>\n</Server>\n");
    out
}

fn attribute<'a>(map: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    map.get(key).and_then(Value::as_str)
}

/// ` name="value"` for each attribute, the values escaped (text, or a number's or a
/// boolean's JSON).
fn attributes(out: &mut String, map: &Map<String, Value>) {
    for (name, value) in map {
        out.push(' ');
        out.push_str(name);
        out.push_str("=\"");
        match value {
            Value::String(s) => escape(out, s),
            other => escape(out, &other.to_string()),
        }
        out.push('"');
    }
}

/// XML's five escapes, and a tab or line break in an attribute's value kept as it is (an
/// attribute's whitespace reads as spaces otherwise) and on its line.
fn escape(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' => out.push_str("&#9;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::farmingsimulator::unified::{read, FarmingSimulatorMod, FarmingSimulatorPlayer};

    #[test]
    fn a_state_written_reads_back_as_it() {
        let state = FarmingSimulatorQueryResult {
            server: Map::from_iter([
                ("game".to_string(), Value::from("Farming Simulator 25")),
                ("name".to_string(), Value::from("A <\"farm\"> & co\nline")),
            ]),
            slots: Map::from_iter([("capacity".to_string(), Value::from("3"))]),
            players: vec![FarmingSimulatorPlayer {
                name: "Bö & <Ann>".into(),
                is_admin: false,
                uptime: Some(5.0),
                x: None,
                y: None,
                z: None,
            }],
            mods: vec![FarmingSimulatorMod {
                title: "T'".into(),
                name: "FS25_X".into(),
                ..Default::default()
            }],
            data: String::new(),
        };
        let written = feed(&state);
        assert_eq!(
            written.lines().nth(1).map(|l| l.starts_with("<Server game=")),
            Some(true)
        );
        let back = read(written.as_bytes(), true).unwrap();
        assert_eq!(back.server, state.server);
        assert_eq!((back.players, back.mods), (state.players.clone(), state.mods.clone()));
        assert_eq!(back.slots["numUsed"], "1");
        assert_eq!(written.matches("isUsed=\"false\"").count(), 2);
        // What cannot be written is refused; numbers are their text.
        let state = |v: &str| crate::input::from_json::<FarmingSimulatorQueryResult>("state", v);
        let read_back = state(r#"{"server":{"name":"n\tx"},"slots":{"capacity":6}}"#).unwrap();
        assert_eq!(read_back.slots["capacity"], "6");
        assert_eq!(read(feed(&read_back).as_bytes(), true).unwrap().server["name"], "n\tx");
        for bad in [
            r#"{"server":{"a b":"x"}}"#,
            r#"{"server":{"1a":"x"}}"#,
            r#"{"server":{"p:q":"x"}}"#,
            r#"{"server":{"name":"a\u0001"}}"#,
            r#"{"server":{},"players":[{"name":"\u0007"}]}"#,
            r#"{"server":{},"slots":{"capacity":"4000000000"}}"#,
            r#"{"server":{"name":[1]}}"#,
        ] {
            assert_eq!(
                state(bad).unwrap_err().code,
                crate::error::ErrorCode::InvalidArgument,
                "{bad}"
            );
        }
    }
}
