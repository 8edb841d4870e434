//! A JSON value that is cheap to build from untrusted text: objects are key/value lists,
//! not hash maps. `serde_json::Value` (an IndexMap per object, SipHash per key) cost more
//! than the rest of a status decode; the parts of a status we read have a handful of keys
//! per object, where a linear search is the fastest lookup anyway.
//!
//! A repeated key replaces the earlier value in its position, as `JSON.parse` does, so
//! serializing a parsed value gives what JavaScript would see.

use std::borrow::Cow;
use std::fmt;

use serde::de::{DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Number, Value};

use crate::index::Index;

// Not in the browser's module, where its few KB of download would buy less (no memchr
// SIMD there).
#[cfg(not(target_family = "wasm"))]
mod long_string;
pub mod members;
#[cfg(not(target_family = "wasm"))]
pub use long_string::parse_with_long_string;
#[cfg(not(target_family = "wasm"))]
mod to_json;
#[cfg(not(target_family = "wasm"))]
pub use to_json::to_json;

const INDEX_FROM: usize = 16;

/// An object member's name: the protocol's own names are not allocated (a status with a
/// component MOTD has a hundred of them; allocating them was a tenth of its decode time).
pub type Key = Cow<'static, str>;

/// The names in a status document (vanilla's, Forge's and chat components'), as statics.
fn key(name: &str) -> Option<&'static str> {
    macro_rules! names {
        ($($name:literal),* $(,)?) => {
            match name {
                $($name => Some($name),)*
                _ => None,
            }
        };
    }
    names![
        "version",
        "name",
        "protocol",
        "players",
        "max",
        "online",
        "sample",
        "id",
        "description",
        "favicon",
        "enforcesSecureChat",
        "previewsChat",
        "preventsChatReports",
        "modinfo",
        "forgeData",
        "text",
        "extra",
        "color",
        "bold",
        "italic",
        "underlined",
        "strikethrough",
        "obfuscated",
        "font",
        "insertion",
        "clickEvent",
        "hoverEvent",
        "translate",
        "with",
        "type",
        "modList",
        "modid",
        "mods",
        "modId",
        "modmarker",
        "channels",
        "res",
        "required",
        "fmlNetworkVersion",
        "truncated",
        "d"
    ]
}

fn to_key(name: &str) -> Key {
    key(name).map_or_else(|| Cow::Owned(name.to_owned()), Cow::Borrowed)
}

#[derive(Debug, Clone, Default, PartialEq)]
pub enum Json {
    #[default]
    Null,
    Bool(bool),
    Number(Number),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(Key, Json)>),
}

impl Json {
    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Self::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Self::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Self::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Self::Number(n) => n.as_i64(),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Self::Number(n) => n.as_f64(),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Json]> {
        match self {
            Self::Array(items) => Some(items),
            _ => None,
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Self::Null)
    }

    pub fn is_object(&self) -> bool {
        matches!(self, Self::Object(_))
    }

    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Self::Number(n) => n.as_u64(),
            _ => None,
        }
    }

    /// An object of these members, in order (the protocols' own names, not allocated).
    pub fn object<const N: usize>(members: [(&'static str, Json); N]) -> Self {
        Self::Object(members.into_iter().map(|(k, v)| (Key::Borrowed(k), v)).collect())
    }

    /// The value as `JSON.parse` reads it: a repeated member name, at any depth, keeps its
    /// first position and its last value. Inputs are parsed keeping every member (for rule
    /// lists); a value kept as it is (a MOTD, a status document) goes through this.
    pub fn merged(self) -> Json {
        match self {
            Self::Object(list) => {
                let mut members = Members::default();
                for (k, v) in list {
                    members.merge(k, v.merged());
                }
                Self::Object(members.list)
            }
            Self::Array(items) => Self::Array(items.into_iter().map(Json::merged).collect()),
            other => other,
        }
    }

    /// On an object: sets member `key` in its place, or last when new; `None` removes it.
    pub fn set(&mut self, key: &str, value: Option<Json>) {
        let Self::Object(members) = self else { return };
        let at = members.iter().position(|(k, _)| k == key);
        match (at, value) {
            (Some(i), Some(v)) => members[i].1 = v,
            (Some(i), None) => {
                members.remove(i);
            }
            (None, Some(v)) => members.push((to_key(key), v)),
            (None, None) => {}
        }
    }

    /// On an object: sets the member named by the code's `key` in its place, or last when new.
    pub fn insert(&mut self, key: &'static str, value: Json) {
        let Self::Object(members) = self else { return };
        match members.iter_mut().find(|(k, _)| k == key) {
            Some(member) => member.1 = value,
            None => members.push((Key::Borrowed(key), value)),
        }
    }

    /// On an object: takes member `key` out.
    pub fn remove(&mut self, key: &str) -> Option<Json> {
        let Self::Object(members) = self else { return None };
        let at = members.iter().position(|(k, _)| k == key)?;
        Some(members.remove(at).1)
    }

    pub fn to_value(&self) -> Value {
        match self {
            Self::Null => Value::Null,
            Self::Bool(b) => Value::Bool(*b),
            Self::Number(n) => Value::Number(n.clone()),
            Self::String(s) => Value::String(s.clone()),
            Self::Array(items) => Value::Array(items.iter().map(Json::to_value).collect()),
            Self::Object(members) => {
                Value::Object(members.iter().map(|(k, v)| (k.to_string(), v.to_value())).collect())
            }
        }
    }

    pub fn from_value(value: &Value) -> Self {
        match value {
            Value::Null => Self::Null,
            Value::Bool(b) => Self::Bool(*b),
            Value::Number(n) => Self::Number(n.clone()),
            Value::String(s) => Self::String(s.clone()),
            Value::Array(items) => Self::Array(items.iter().map(Json::from_value).collect()),
            Value::Object(members) => {
                Self::Object(members.iter().map(|(k, v)| (to_key(k), Json::from_value(v))).collect())
            }
        }
    }
}

/// What a value could not be serialized as (the tape's and [`to_json`]'s error).
#[derive(Debug)]
pub struct SerializeError(pub(crate) String);

impl fmt::Display for SerializeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SerializeError {}

impl serde::ser::Error for SerializeError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Self(msg.to_string())
    }
}

/// What a value is, for a message (`an array`, `null` …).
pub fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// `value["key"]`: the member, or null (as `serde_json::Value` indexes).
impl std::ops::Index<&str> for Json {
    type Output = Json;
    fn index(&self, key: &str) -> &Json {
        static NULL: Json = Json::Null;
        self.get(key).unwrap_or(&NULL)
    }
}

impl PartialEq<&str> for Json {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == Some(*other)
    }
}

impl From<&str> for Json {
    fn from(s: &str) -> Self {
        Self::String(s.to_owned())
    }
}

impl From<u64> for Json {
    fn from(n: u64) -> Self {
        Self::Number(n.into())
    }
}

impl<T: Into<Json>> From<Option<T>> for Json {
    fn from(v: Option<T>) -> Self {
        v.map_or(Json::Null, Into::into)
    }
}

impl From<String> for Json {
    fn from(s: String) -> Self {
        Self::String(s)
    }
}

impl From<bool> for Json {
    fn from(b: bool) -> Self {
        Self::Bool(b)
    }
}

impl From<i64> for Json {
    fn from(n: i64) -> Self {
        Self::Number(n.into())
    }
}

impl From<Vec<Json>> for Json {
    fn from(items: Vec<Json>) -> Self {
        Self::Array(items)
    }
}

/// Compact JSON text, byte for byte as serde_json writes it (a test holds the two
/// together). Written here, not by serde_json: its writer goes through `std::io::Write`,
/// whose error paths were 1 KB of the browser's download gzipped.
impl fmt::Display for Json {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write(&mut out);
        f.write_str(&out)
    }
}

impl Json {
    pub fn write(&self, out: &mut String) {
        match self {
            Self::Null => out.push_str("null"),
            Self::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Self::Number(n) => {
                use fmt::Write;
                let _ = write!(out, "{n}");
            }
            Self::String(s) => write_string(out, s),
            Self::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write(out);
                }
                out.push(']');
            }
            Self::Object(members) => {
                out.push('{');
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_string(out, k);
                    out.push(':');
                    v.write(out);
                }
                out.push('}');
            }
        }
    }
}

/// `s` as a JSON string: quotes, backslashes and control characters escaped as serde_json
/// escapes them (`\n`-style where JSON has one, `\u00XX` otherwise), nothing else.
pub fn write_string(out: &mut String, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    let mut from = 0;
    for (i, b) in s.bytes().enumerate() {
        let short = match b {
            b'"' => '"',
            b'\\' => '\\',
            b'\n' => 'n',
            b'\r' => 'r',
            b'\t' => 't',
            0x08 => 'b',
            0x0C => 'f',
            0..=0x1F => 'u',
            _ => continue,
        };
        // `i` is an ASCII byte's index, so a character boundary.
        out.push_str(s.get(from..i).unwrap_or_default());
        out.push('\\');
        out.push(short);
        if short == 'u' {
            out.push_str("00");
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 0xF)]));
        }
        from = i + 1;
    }
    out.push_str(s.get(from..).unwrap_or_default());
    out.push('"');
}

impl Serialize for Json {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Null => s.serialize_unit(),
            Self::Bool(b) => s.serialize_bool(*b),
            Self::Number(n) => n.serialize(s),
            Self::String(v) => s.serialize_str(v),
            Self::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            // Feature `share`: such an object gets a shape on the tape.
            #[cfg(feature = "share")]
            Self::Object(members) if named_by_code(members) => {
                s.serialize_newtype_struct(NAMED_BY_CODE, &Entries(members))
            }
            Self::Object(members) => {
                let mut map = s.serialize_map(Some(members.len()))?;
                for (k, v) in members {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

/// The newtype name an object is serialized under when every member name comes from code
/// (`Key::Borrowed`): the tape serializer gives it a shape like a struct, where a data
/// map's names go on the tape one by one (a status document's components and samples are
/// such objects). Other serializers see the object itself. Declared here, below the tape,
/// so that the values marked with it need not import the tape.
pub(crate) const NAMED_BY_CODE: &str = "\u{1}gamequery::NamedByCode";

/// Whether every member's name comes from code (a protocol's own names, not allocated):
/// the tape gives such an object a shape ([`NAMED_BY_CODE`]).
pub(crate) fn named_by_code(members: &[(Key, Json)]) -> bool {
    members.iter().all(|(k, _)| matches!(k, Cow::Borrowed(_)))
}

/// An object's members, written as a map.
#[cfg(feature = "share")]
struct Entries<'a>(&'a [(Key, Json)]);

#[cfg(feature = "share")]
impl Serialize for Entries<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(JsonVisitor { merge: true })
    }
}

/// What is wrong with JSON text, and where, in our words. serde_json's own messages
/// (its `Display`) bring the standard library's I/O error texts along: 1.5 KB of the
/// browser's download for errors no JSON text read here can have.
pub fn error_text(e: &serde_json::Error) -> String {
    use serde_json::error::Category;
    let what = match e.classify() {
        Category::Eof => "the JSON ends early",
        Category::Syntax => "not valid JSON",
        Category::Data => "a JSON value of the wrong type",
        Category::Io => "unreadable JSON",
    };
    format!("{what} (line {}, column {})", e.line(), e.column())
}

/// Parses JSON text keeping every member of an object, a repeated name included: inputs
/// are read this way, where a rule list given as JSON text by a Rust caller may repeat one.
pub fn parse_all_members(text: &str) -> serde_json::Result<Json> {
    let mut d = serde_json::Deserializer::from_str(text);
    let value = JsonVisitor { merge: false }.deserialize(&mut d)?;
    d.end()?;
    Ok(value)
}

/// `merge`: a repeated member name replaces the earlier value, as `JSON.parse` does.
#[derive(Clone, Copy)]
struct JsonVisitor {
    merge: bool,
}

impl<'de> DeserializeSeed<'de> for JsonVisitor {
    type Value = Json;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Json, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_unit<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_none<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Json, D::Error> {
        self.deserialize(d)
    }
    fn visit_bool<E>(self, v: bool) -> Result<Json, E> {
        Ok(Json::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Json, E> {
        Ok(Json::Number(v.into()))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Json, E> {
        Ok(Json::Number(v.into()))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Json, E> {
        Ok(Number::from_f64(v).map_or(Json::Null, Json::Number))
    }
    fn visit_str<E>(self, v: &str) -> Result<Json, E> {
        Ok(Json::String(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Json, E> {
        Ok(Json::String(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(self)? {
            items.push(item);
        }
        Ok(Json::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut members = Members::default();
        while let Some(k) = map.next_key_seed(KeySeed)? {
            let v = map.next_value_seed(self)?;
            if self.merge {
                members.merge(k, v);
            } else {
                members.list.push((k, v));
            }
        }
        Ok(Json::Object(members.list))
    }
}

/// An object's members being collected, a repeated name replacing the earlier value in its
/// position (as `JSON.parse` does).
#[derive(Default)]
struct Members {
    list: Vec<(Key, Json)>,
    /// Past a few members a repeated key is found through an index: a hostile object with
    /// thousands of keys must not cost a quadratic search.
    index: Option<Index>,
}

impl Members {
    fn merge(&mut self, k: Key, v: Json) {
        if self.list.len() == INDEX_FROM {
            let mut index = Index::exact();
            for (i, (key, _)) in self.list.iter().enumerate() {
                index.insert(key_hash(key), i);
            }
            self.index = Some(index);
        }
        let hash = self.index.as_ref().map(|_| key_hash(&k));
        let at = match (&self.index, hash) {
            (Some(index), Some(hash)) => index.find(hash, |i| self.list[i].0 == k),
            _ => self.list.iter().position(|(key, _)| *key == k),
        };
        match at {
            Some(i) => self.list[i].1 = v,
            None => {
                if let (Some(index), Some(hash)) = (&mut self.index, hash) {
                    index.insert(hash, self.list.len());
                }
                self.list.push((k, v));
            }
        }
    }
}

/// A member name's hash for [`Members`]' index, keyed by a secret so a document cannot be
/// made of names that collide: natively std's per-process random keys (SipHash); in the
/// browser build, where std's keys are fixed, a seed the binding draws from the host
/// (`install_hash_seed`).
#[cfg(not(host_text))]
fn key_hash(k: &str) -> u64 {
    use std::hash::{BuildHasher, RandomState};
    static KEYS: std::sync::OnceLock<RandomState> = std::sync::OnceLock::new();
    KEYS.get_or_init(RandomState::new).hash_one(k)
}

#[cfg(host_text)]
static HASH_SEED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Called by the browser binding at start with randomness from the host (the module has no
/// source of its own).
#[cfg(host_text)]
pub fn install_hash_seed(seed: u64) {
    HASH_SEED.store(seed, std::sync::atomic::Ordering::Relaxed);
}

#[cfg(host_text)]
fn key_hash(k: &str) -> u64 {
    crate::index::seeded_hash(HASH_SEED.load(std::sync::atomic::Ordering::Relaxed), k)
}

/// Reads a member name into a [`Key`].
struct KeySeed;

impl<'de> DeserializeSeed<'de> for KeySeed {
    type Value = Key;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Key, D::Error> {
        d.deserialize_str(self)
    }
}

impl Visitor<'_> for KeySeed {
    type Value = Key;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a member name")
    }
    fn visit_str<E>(self, v: &str) -> Result<Key, E> {
        Ok(to_key(v))
    }
    fn visit_string<E>(self, v: String) -> Result<Key, E> {
        Ok(key(&v).map_or(Cow::Owned(v), Cow::Borrowed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn protocol_member_names_are_not_allocated() {
        let j: Json = serde_json::from_str(r#"{"text":1,"te\u0078t":2,"extra":[{"color":"red"}],"custom":3}"#).unwrap();
        let Json::Object(members) = &j else { panic!("{j:?}") };
        let keys: Vec<(&str, bool)> = members
            .iter()
            .map(|(k, _)| (k.as_ref(), matches!(k, Cow::Borrowed(_))))
            .collect();
        // The escaped "text" is the same member, replaced in place as JSON.parse does.
        assert_eq!(keys, [("text", true), ("extra", true), ("custom", false)]);
        assert_eq!(j.get("text").and_then(Json::as_i64), Some(2));
        let inner = &j.get("extra").and_then(Json::as_array).unwrap()[0];
        assert!(matches!(inner, Json::Object(m) if matches!(m[0].0, Cow::Borrowed("color"))));
        assert_eq!(
            j.to_value(),
            serde_json::json!({"text": 2, "extra": [{"color": "red"}], "custom": 3})
        );
    }

    #[test]
    fn parses_like_json_parse() {
        let j: Json = serde_json::from_str(r#"{"a":1,"b":[true,null,"x"],"a":2.5}"#).unwrap();
        assert_eq!(j.get("a").and_then(Json::as_f64), Some(2.5));
        assert_eq!(j.to_string(), r#"{"a":2.5,"b":[true,null,"x"]}"#);
        assert_eq!(Json::from_value(&j.to_value()), j);
    }

    fn any_value() -> impl proptest::strategy::Strategy<Value = Value> {
        use proptest::prelude::*;
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(|n| serde_json::json!(n)),
            any::<u64>().prop_map(|n| serde_json::json!(n)),
            any::<f64>()
                .prop_filter("finite", |f| f.is_finite())
                .prop_map(|f| serde_json::json!(f)),
            any::<String>().prop_map(Value::String),
            "[\\u{0}-\\u{20}\"\\\\\\u{7f}é]{0,8}".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 32, 5, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
                proptest::collection::btree_map(any::<String>(), inner, 0..5)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest::proptest! {
        #[test]
        fn writes_the_text_serde_json_writes(v in any_value()) {
            let ours = Json::from_value(&v).to_string();
            proptest::prop_assert_eq!(&ours, &serde_json::to_string(&v).unwrap());
            let mut quoted = String::new();
            if let Value::String(s) = &v {
                write_string(&mut quoted, s);
                proptest::prop_assert_eq!(quoted, ours);
            }
        }
    }

    #[test]
    fn many_keys_and_repeats() {
        let keys: Vec<String> = (0..5000).map(|i| format!("\"k{i}\":{i}")).collect();
        let text = format!("{{{},\"k3\":\"late\",\"k4000\":null}}", keys.join(","));
        let j: Json = serde_json::from_str(&text).unwrap();
        let Json::Object(members) = &j else { panic!() };
        assert_eq!(members.len(), 5000);
        assert_eq!(j.get("k3").and_then(Json::as_str), Some("late"));
        assert!(j.get("k4000").unwrap().is_null());
    }
}
