//! A server's record in the lobby list: `::`-separated fields in a fixed order, read into
//! named members and written back from them (the responder). The names are gamedig's where
//! it names a field; the two it does not know are `field8` and `field18`, kept as sent.

use serde_json::{Map, Value};

use crate::spec::gamedig::leading_integer;

/// What a field holds: text as sent, an integer (gamedig's `parseInt`: the leading digits,
/// `null` where there are none), or a flag (an integer, true unless 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Text,
    Integer,
    Flag,
}

/// The fields in the order the list writes them.
const FIELDS: [(&str, Kind); 20] = [
    ("countrycode", Kind::Text),
    ("country", Kind::Text),
    ("ip", Kind::Text),
    ("port", Kind::Integer),
    ("name", Kind::Text),
    ("map", Kind::Text),
    ("numplayers", Kind::Integer),
    ("maxplayers", Kind::Integer),
    ("field8", Kind::Text),
    ("rules", Kind::Text),
    ("gamemode", Kind::Integer),
    ("gangsters", Kind::Integer),
    ("cashrate", Kind::Integer),
    ("missions", Kind::Flag),
    ("vehicles", Kind::Flag),
    ("customweapons", Kind::Flag),
    ("friendlyfire", Kind::Flag),
    ("mercs", Kind::Flag),
    ("field18", Kind::Text),
    ("version", Kind::Text),
];

/// The fields gamedig puts in its `raw`, in its order.
pub const GAMEDIG_RAW: [&str; 11] = [
    "countrycode",
    "country",
    "rules",
    "gamemode",
    "gangsters",
    "cashrate",
    "missions",
    "vehicles",
    "customweapons",
    "friendlyfire",
    "mercs",
];

/// A record ends with this; fields are split by [`SEPARATOR`].
pub const END: &str = "<br/>";
pub const SEPARATOR: &str = "::";

/// A record's fields as named members; `None` for one too short to name a server (fewer
/// fields than up to its player limit). Fields past the known ones are left out.
pub fn read(record: &str) -> Option<Map<String, Value>> {
    let fields: Vec<&str> = record.split(SEPARATOR).collect();
    if fields.len() < 8 {
        return None;
    }
    let members = FIELDS.iter().zip(&fields).map(|((name, kind), field)| {
        let value = match kind {
            Kind::Text => Value::from(*field),
            Kind::Integer => leading_integer(field).map_or(Value::Null, Value::from),
            Kind::Flag => Value::from(leading_integer(field).is_some_and(|n| n != 0)),
        };
        (name.to_string(), value)
    });
    Some(members.collect())
}

/// An entry written as the list writes its record (the responder): each member in its
/// place, text without the separators in it, a flag as `1` or `0`.
pub fn write(entry: &Value) -> String {
    let field = |(name, kind): &(&str, Kind)| -> String {
        let v = &entry[*name];
        match (kind, v) {
            (Kind::Flag, Value::Bool(b)) => u8::from(*b).to_string(),
            (_, Value::Number(n)) => n.to_string(),
            (_, Value::String(s)) => s.replace(SEPARATOR, ":").replace(END, ""),
            (Kind::Flag, _) => "0".into(),
            _ => String::new(),
        }
    };
    let mut out = FIELDS.iter().map(field).collect::<Vec<_>>().join(SEPARATOR);
    out.push_str(END);
    out
}

/// A record (the TypeScript shape of `raw`): every field, named.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "GeneshiftQueryResult", optional_fields)]
pub struct GeneshiftReply {
    /// Two letters (`DE`).
    pub countrycode: String,
    pub country: String,
    pub ip: String,
    pub port: Option<f64>,
    pub name: String,
    pub map: String,
    pub numplayers: Option<f64>,
    pub maxplayers: Option<f64>,
    /// Not known (gamedig: "unknown").
    pub field8: String,
    pub rules: String,
    pub gamemode: Option<f64>,
    pub gangsters: Option<f64>,
    pub cashrate: Option<f64>,
    pub missions: bool,
    pub vehicles: bool,
    pub customweapons: bool,
    pub friendlyfire: bool,
    pub mercs: bool,
    /// Not known (gamedig: "listen server?").
    pub field18: String,
    pub version: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_read_and_written_back() {
        let line = "DE::Germany::10.0.0.1::11235::Name::Map::3::16::x::r::2::4::100::1::0::1::0::1::y::1.2";
        let e = read(line).unwrap();
        assert_eq!(
            (
                e["port"].as_i64(),
                e["numplayers"].as_i64(),
                e["missions"].as_bool(),
                e["vehicles"].as_bool()
            ),
            (Some(11235), Some(3), Some(true), Some(false))
        );
        assert_eq!(e["version"], "1.2");
        assert_eq!(write(&Value::Object(e)), format!("{line}<br/>"));
        assert!(read("DE::Germany::10.0.0.1").is_none());
        let short = read("a::b::c::7x::n::m::zz::-2").unwrap();
        assert_eq!(
            (
                short["port"].as_i64(),
                short["numplayers"].is_null(),
                short["maxplayers"].as_i64()
            ),
            (Some(7), true, Some(-2))
        );
        assert!(short.get("version").is_none());
    }
}
