//! Inputs — requests, responses, states and options — read from JSON text by hand-written
//! readers over [`Json`] instead of serde's derive. serde's `Deserialize` derive made
//! every input type a family of visitors instantiated once for serde_json's reader and
//! again for the buffer its tagged enums and flattened fields go through (`Content`): the
//! encoders were ~100 KB of the browser's ~275 KB gzipped codec. Here the tree is parsed
//! once (the parser status documents use), and each type's reader is one small function
//! whose field reads share one instance per field type.
//!
//! Readers follow what the derive did: unknown members are ignored unless the type denies
//! them, `null` reads as an absent optional; a repeated member keeps its last value (as
//! `JSON.parse` does), except in maps that keep every entry (rule lists). Errors name the value's path: `invalid Bedrock pong: players: expected
//! an integer in 0..=4294967295, got "x"`.

use std::fmt;

use crate::error::{Error, Result};
use crate::json::{Json, Key};

/// A value that can be read from a parsed JSON value.
pub trait Input: Sized {
    fn read(value: Json, at: At<'_>) -> Result<Self>;
}

/// Parses `text` and reads a `T` from it; `what` names it in errors ("SA:MP request").
pub fn from_json<T: Input>(what: &str, text: &str) -> Result<T> {
    let value = crate::json::parse_all_members(text)
        .map_err(|e| Error::invalid(format!("invalid {what}: {}", crate::json::error_text(&e))))?;
    T::read(value, At::root(what))
}

/// JSON text into a serde value (a `serde_json::Value`: targets and call options, which
/// [`crate::options`] reads); the protocols' inputs are read by [`from_json`].
pub fn from_serde_json<T: serde::de::DeserializeOwned>(what: &str, json: &str) -> Result<T> {
    serde_json::from_str(json).map_err(|e| Error::invalid(format!("invalid {what}: {}", crate::json::error_text(&e))))
}

/// Caller options as the bindings hold them: `null` (none given) reads as `{}`.
pub fn from_options<T: Input>(what: &str, options: serde_json::Value) -> Result<T> {
    let value = match options {
        serde_json::Value::Null => Json::Object(Vec::new()),
        other => Json::from_value(&other),
    };
    T::read(value, At::root(what))
}

/// Where a value sits in the input, for errors.
#[derive(Clone, Copy)]
pub struct At<'a> {
    what: &'a str,
    parent: Option<&'a At<'a>>,
    step: Step<'a>,
}

#[derive(Clone, Copy)]
enum Step<'a> {
    Root,
    Key(&'a str),
    Index(usize),
}

impl<'a> At<'a> {
    pub fn root(what: &'a str) -> Self {
        Self {
            what,
            parent: None,
            step: Step::Root,
        }
    }

    pub fn key<'b>(&'b self, key: &'b str) -> At<'b> {
        At {
            what: self.what,
            parent: Some(self),
            step: Step::Key(key),
        }
    }

    pub fn index<'b>(&'b self, index: usize) -> At<'b> {
        At {
            what: self.what,
            parent: Some(self),
            step: Step::Index(index),
        }
    }

    /// `invalid <what>: <path>: <problem>`.
    pub fn error(&self, problem: impl fmt::Display) -> Error {
        let mut steps = Vec::new();
        let mut at = Some(self);
        while let Some(a) = at {
            steps.push(a.step);
            at = a.parent;
        }
        let mut path = String::new();
        for step in steps.iter().rev() {
            match step {
                Step::Root => {}
                Step::Key(k) if path.is_empty() => path.push_str(k),
                Step::Key(k) => {
                    path.push('.');
                    path.push_str(k);
                }
                Step::Index(i) => path.push_str(&format!("[{i}]")),
            }
        }
        if path.is_empty() {
            Error::invalid(format!("invalid {}: {problem}", self.what))
        } else {
            Error::invalid(format!("invalid {}: {path}: {problem}", self.what))
        }
    }

    /// `expected <expected>, got <what the value is>`.
    pub fn expected(&self, expected: &str, got: &Json) -> Error {
        self.error(format_args!("expected {expected}, got {}", Kind(got)))
    }
}

/// A value described for an error: its type, and short scalars themselves.
struct Kind<'a>(&'a Json);

impl fmt::Display for Kind<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Json::Null => f.write_str("null"),
            Json::Bool(b) => write!(f, "{b}"),
            Json::Number(n) => write!(f, "{n}"),
            Json::String(s) if s.chars().count() <= 40 => write!(f, "the string {}", crate::error::quoted(s)),
            Json::String(_) => f.write_str("a string"),
            Json::Array(_) => f.write_str("an array"),
            Json::Object(_) => f.write_str("an object"),
        }
    }
}

/// An object's members, taken one by one by a type's reader.
pub struct Obj<'a> {
    members: Vec<(Key, Option<Json>)>,
    at: At<'a>,
    /// Every name a reader asked for: what an unknown member's error lists.
    asked: Vec<&'static str>,
}

impl<'a> Obj<'a> {
    pub fn new(value: Json, at: At<'a>) -> Result<Self> {
        match value {
            Json::Object(members) => Ok(Self {
                members: members.into_iter().map(|(k, v)| (k, Some(v))).collect(),
                at,
                asked: Vec::new(),
            }),
            other => Err(at.expected("an object", &other)),
        }
    }

    pub fn at(&self) -> At<'a> {
        self.at
    }

    /// The member's value, if present and not taken yet; of a repeated member, the last
    /// (as `JSON.parse` reads it).
    pub fn take(&mut self, key: &'static str) -> Option<Json> {
        self.asked.push(key);
        self.take_data(key)
    }

    /// [`Obj::take`] for a name that comes from data (a record's fields), not from the
    /// reader: an unknown member's error does not list it.
    pub fn take_data(&mut self, key: &str) -> Option<Json> {
        self.members
            .iter_mut()
            .filter(|(k, _)| k == key)
            .fold(None, |last, (_, v)| v.take().or(last))
    }

    /// Every member not taken yet, in order (a map's entries, repeated names included).
    pub fn rest(&mut self) -> impl Iterator<Item = (Key, Json)> + '_ {
        self.members
            .iter_mut()
            .filter_map(|(k, v)| Some((std::mem::take(k), v.take()?)))
    }

    /// Takes these members and drops them: what a query's `raw` adds to a state (its
    /// latency, the encoding it read with …), so that a saved result serves as a state.
    pub fn skip(&mut self, keys: &[&'static str]) {
        for key in keys {
            self.take(key);
        }
    }

    /// Whether the member is present (taken or not).
    pub fn has(&self, key: &str) -> bool {
        self.members.iter().any(|(k, _)| k == key)
    }

    /// A member that must be present.
    pub fn req<T: Input>(&mut self, key: &'static str) -> Result<T> {
        match self.take(key) {
            Some(v) => T::read(v, self.at.key(key)),
            None => Err(self.at.key(key).error("required, but missing")),
        }
    }

    /// An optional member: absent or `null` is `None`.
    pub fn opt<T: Input>(&mut self, key: &'static str) -> Result<Option<T>> {
        match self.take(key) {
            None | Some(Json::Null) => Ok(None),
            Some(v) => T::read(v, self.at.key(key)).map(Some),
        }
    }

    /// A member with a default when absent (`null` is read as a value, as serde's `default` does).
    pub fn or_default<T: Input + Default>(&mut self, key: &'static str) -> Result<T> {
        self.or_else(key, T::default)
    }

    pub fn or_else<T: Input>(&mut self, key: &'static str, default: impl FnOnce() -> T) -> Result<T> {
        match self.take(key) {
            Some(v) => T::read(v, self.at.key(key)),
            None => Ok(default()),
        }
    }

    /// The tag of an internally tagged enum: a string member that must be present.
    pub fn tag(&mut self, key: &'static str) -> Result<String> {
        self.req(key)
    }

    /// An unknown tag value: names the ones known.
    pub fn unknown(&self, key: &str, value: &str, known: &[&str]) -> Error {
        self.at.key(key).error(format_args!(
            "unknown variant {}, expected one of {}",
            crate::error::quoted(value),
            known.join(", ")
        ))
    }

    /// For types that refuse members they do not know (options, where a typo must not
    /// pass silently): errors on the first member no reader took.
    pub fn deny_unknown(self) -> Result<()> {
        match self.members.iter().find(|(_, v)| v.is_some()) {
            Some((k, _)) => {
                let mut known = self.asked.clone();
                known.dedup();
                Err(self
                    .at
                    .key(k)
                    .error(format_args!("unknown member; the known ones: {}", known.join(", "))))
            }
            None => Ok(()),
        }
    }
}

impl Input for Json {
    fn read(value: Json, _: At<'_>) -> Result<Self> {
        Ok(value.merged())
    }
}

impl Input for String {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        match value {
            Json::String(s) => Ok(s),
            other => Err(at.expected("a string", &other)),
        }
    }
}

impl Input for bool {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        match value {
            Json::Bool(b) => Ok(b),
            other => Err(at.expected("true or false", &other)),
        }
    }
}

impl<T: Input> Input for Option<T> {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        match value {
            Json::Null => Ok(None),
            v => T::read(v, at).map(Some),
        }
    }
}

impl<T: Input> Input for Box<T> {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        T::read(value, at).map(Box::new)
    }
}

impl<T: Input> Input for Vec<T> {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        match value {
            // A loop, not `collect` into a `Result`: one small function per element type.
            Json::Array(items) => {
                let mut out = Vec::with_capacity(items.len());
                for (i, v) in items.into_iter().enumerate() {
                    out.push(T::read(v, at.index(i))?);
                }
                Ok(out)
            }
            other => Err(at.expected("an array", &other)),
        }
    }
}

/// Integers: any JSON number that is a whole number in the type's range.
fn integer(value: &Json, at: At<'_>, min: i64, max: u64) -> Result<i128> {
    let n = match value {
        Json::Number(n) => n.as_i64().map(i128::from).or_else(|| n.as_u64().map(i128::from)),
        _ => None,
    };
    match n {
        Some(n) if (i128::from(min)..=i128::from(max)).contains(&n) => Ok(n),
        _ => Err(at.expected(&format!("an integer in {min}..={max}"), value)),
    }
}

macro_rules! integers {
    ($($t:ty),*) => {$(
        impl Input for $t {
            fn read(value: Json, at: At<'_>) -> Result<Self> {
                integer(&value, at, <$t>::MIN as i64, <$t>::MAX as u64).map(|n| n as $t)
            }
        }
    )*};
}

integers!(u8, u16, u32, u64, usize, i32, i64);

impl Input for f64 {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        match &value {
            Json::Number(n) => n.as_f64().ok_or_else(|| at.expected("a number", &value)),
            _ => Err(at.expected("a number", &value)),
        }
    }
}

impl Input for f32 {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        f64::read(value, at).map(|v| v as f32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Default)]
    struct Point {
        x: u16,
        label: Option<String>,
        tags: Vec<i32>,
    }

    impl Input for Point {
        fn read(value: Json, at: At<'_>) -> Result<Self> {
            let mut o = Obj::new(value, at)?;
            let p = Self {
                x: o.req("x")?,
                label: o.opt("label")?,
                tags: o.or_default("tags")?,
            };
            o.deny_unknown()?;
            Ok(p)
        }
    }

    fn message(text: &str) -> String {
        from_json::<Vec<Point>>("points", text).unwrap_err().message
    }

    #[test]
    fn reads_fields_defaults_and_nulls() {
        let points: Vec<Point> = from_json(
            "points",
            r#"[{"x":1,"label":null},{"x":65535,"label":"a","tags":[-1,2],"x":7}]"#,
        )
        .unwrap();
        assert_eq!(
            points,
            [
                Point {
                    x: 1,
                    ..Point::default()
                },
                Point {
                    x: 7,
                    label: Some("a".into()),
                    tags: vec![-1, 2]
                }
            ]
        );
    }

    #[test]
    fn errors_name_the_path_and_the_value() {
        assert_eq!(
            message(r#"[{"x":1},{"y":2}]"#),
            "invalid points: [1].x: required, but missing"
        );
        assert_eq!(
            message(r#"[{"x":65536}]"#),
            "invalid points: [0].x: expected an integer in 0..=65535, got 65536"
        );
        assert_eq!(
            message(r#"[{"x":1.5}]"#),
            "invalid points: [0].x: expected an integer in 0..=65535, got 1.5"
        );
        assert_eq!(
            message(r#"[{"x":1,"tags":[1,"2"]}]"#),
            "invalid points: [0].tags[1]: expected an integer in -2147483648..=2147483647, got the string \"2\""
        );
        assert_eq!(
            message(r#"[{"x":1,"z":0}]"#),
            "invalid points: [0].z: unknown member; the known ones: x, label, tags"
        );
        assert_eq!(
            message(r#"{"x":1}"#),
            "invalid points: expected an array, got an object"
        );
        assert_eq!(message("["), "invalid points: the JSON ends early (line 1, column 1)");
    }
}
