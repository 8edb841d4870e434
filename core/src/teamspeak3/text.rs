//! ServerQuery's text: a reply's records (`|` between them, a space between fields, `=`
//! between a key and its value, a key alone for an empty value) and the escapes that keep
//! those characters out of values — the same eleven both ways (the ServerQuery manual's
//! "Escaping": `\\ \/ \s \p \a \b \f \n \r \t \v`).

use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::error::Result;
use crate::input::{At, Input};
use crate::json::Json;

/// One record as the server sent it, in its order; a key sent twice keeps its last value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Record(pub Vec<(String, String)>);

impl Record {
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    pub fn set(&mut self, key: &str, value: String) {
        match self.0.iter_mut().find(|(k, _)| k == key) {
            Some(slot) => slot.1 = value,
            None => self.0.push((key.to_string(), value)),
        }
    }

    /// The record as a reply line writes it (escaped; a key alone for an empty value).
    pub fn line(&self) -> String {
        let mut out = String::new();
        for (i, (k, v)) in self.0.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&escape(k));
            if !v.is_empty() {
                out.push('=');
                out.push_str(&escape(v));
            }
        }
        out
    }
}

impl Serialize for Record {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// An object of strings (numbers and booleans taken as their text: a hand-written state
/// may say `virtualserver_maxclients: 32`).
impl Input for Record {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let Json::Object(members) = value else {
            return Err(at.expected("an object of strings", &value));
        };
        let mut record = Record::default();
        for (k, v) in members {
            let text = match v {
                Json::String(s) => s,
                Json::Number(n) => n.to_string(),
                Json::Bool(b) => u8::from(b).to_string(),
                other => return Err(at.key(&k).expected("a string", &other)),
            };
            record.set(&k, text);
        }
        Ok(record)
    }
}

/// A value as ServerQuery writes it.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '/' => out.push_str("\\/"),
            ' ' => out.push_str("\\s"),
            '|' => out.push_str("\\p"),
            '\x07' => out.push_str("\\a"),
            '\x08' => out.push_str("\\b"),
            '\x0c' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\x0b' => out.push_str("\\v"),
            c => out.push(c),
        }
    }
    out
}

/// A value as ServerQuery meant it. An escape the manual does not list is kept as sent.
pub fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(next) = chars.next() else {
            out.push('\\');
            break;
        };
        match next {
            '\\' => out.push('\\'),
            '/' => out.push('/'),
            's' => out.push(' '),
            'p' => out.push('|'),
            'a' => out.push('\x07'),
            'b' => out.push('\x08'),
            'f' => out.push('\x0c'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            'v' => out.push('\x0b'),
            other => {
                out.push('\\');
                out.push(other);
            }
        }
    }
    out
}

/// Records in one line past this are no server's (a virtual server has at most 1024
/// slots; channels are fewer than that in practice).
pub const MAX_RECORDS: usize = 65_536;
/// Fields in one record past this are no server's (`serverinfo` has about 100).
pub const MAX_FIELDS: usize = 4096;

/// The records of one reply line (`clientlist`'s clients; `serverinfo`'s one).
pub fn records(line: &str) -> Result<Vec<Record>> {
    let mut out = Vec::new();
    for text in line.split('|') {
        if out.len() == MAX_RECORDS {
            return Err(too_many(format_args!("more than {MAX_RECORDS} records in a line")));
        }
        out.push(record(text)?);
    }
    Ok(out)
}

/// One record's fields (a key sent twice keeps its last value), in linear time whatever
/// the server sends.
pub fn record(text: &str) -> Result<Record> {
    let mut fields: Vec<(String, String)> = Vec::new();
    let mut at: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for field in text.split(' ').filter(|f| !f.is_empty()) {
        if fields.len() == MAX_FIELDS {
            return Err(too_many(format_args!("more than {MAX_FIELDS} fields in a record")));
        }
        let (k, v) = field.split_once('=').unwrap_or((field, ""));
        let (k, v) = (unescape(k), unescape(v));
        match at.get(&k) {
            Some(&i) => fields[i].1 = v,
            None => {
                at.insert(k.clone(), fields.len());
                fields.push((k, v));
            }
        }
    }
    Ok(Record(fields))
}

fn too_many(what: std::fmt::Arguments<'_>) -> crate::error::Error {
    crate::error::Error::new(
        crate::error::ErrorCode::FrameTooLarge,
        format!("the ServerQuery sent {what}"),
    )
}

/// Records as one reply line.
pub fn line_of(records: &[Record]) -> String {
    records.iter().map(Record::line).collect::<Vec<_>>().join("|")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eleven_escapes_both_ways() {
        let text = "\\/ |\x07\x08\x0c\n\r\t\x0b";
        assert_eq!(escape(text), "\\\\\\/\\s\\p\\a\\b\\f\\n\\r\\t\\v");
        assert_eq!(unescape(&escape(text)), text);
        // Unknown and cut escapes stay as sent.
        assert_eq!(unescape("a\\qb\\"), "a\\qb\\");
    }

    #[test]
    fn records_keys_alone_and_equals_in_values() {
        let r = records(
            "clid=2 client_nickname=Zerginater\\p5\\p client_type=0|clid=4 channel_topic=a=b virtualserver_password",
        )
        .unwrap();
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].get("client_nickname"), Some("Zerginater|5|"));
        assert_eq!(
            (r[1].get("channel_topic"), r[1].get("virtualserver_password")),
            (Some("a=b"), Some(""))
        );
        assert_eq!(
            line_of(&r),
            "clid=2 client_nickname=Zerginater\\p5\\p client_type=0|clid=4 channel_topic=a=b virtualserver_password"
        );
        // A key sent twice keeps its last value, in its first place.
        assert_eq!(
            record("a=1 b=2 a=3").unwrap().0,
            [("a".into(), "3".into()), ("b".into(), "2".into())]
        );
    }

    #[test]
    fn hostile_lines_are_bounded() {
        let keys: String = (0..MAX_FIELDS + 1).map(|i| format!("k{i} ")).collect();
        assert_eq!(record(&keys).unwrap_err().code, crate::error::ErrorCode::FrameTooLarge);
        assert_eq!(
            records(&"|".repeat(MAX_RECORDS)).unwrap_err().code,
            crate::error::ErrorCode::FrameTooLarge
        );
        assert_eq!(records(&"|".repeat(MAX_RECORDS - 1)).unwrap().len(), MAX_RECORDS);
    }
}
