//! The status document as the server sent it, every key in order, as a [`Json`] tree: the
//! one parse of a status decode (the typed fields are read from it), serialized into the
//! result as it is, and turned into a `serde_json` object only when a responder edits it.

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value};

use crate::error::Result;
use crate::input::{At, Input};
use crate::json::{Json, Key};
use crate::tape::Shared;

/// `Json::Null` when there is none.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Document(Json);

impl Document {
    /// `doc` must be a JSON object.
    pub(crate) fn new(doc: Json) -> Self {
        Self(doc)
    }

    /// The tree (`Json::Null` when there is none).
    pub fn json(&self) -> &Json {
        &self.0
    }

    /// True when there is none (a legacy reply, or a state without one).
    pub fn is_empty(&self) -> bool {
        self.0.is_null()
    }

    /// The object, to edit (empty when there is none).
    pub fn to_map(&self) -> Map<String, Value> {
        match self.0.to_value() {
            Value::Object(map) => map,
            _ => Map::new(),
        }
    }
}

impl Serialize for Document {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            Json::Object(members) if cfg!(feature = "share") => Members(members, "description").serialize(s),
            Json::Null => s.serialize_none(),
            doc => doc.serialize(s),
        }
    }
}

/// An object whose member named `.1` is [`Shared`]: the typed status holds its own copy of
/// `description` (`motd.raw`) and of `players.sample`, which the tape then refers to.
struct Members<'a>(&'a [(Key, Json)], &'static str);

impl Serialize for Members<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (key, value) in self.0 {
            match (key.as_ref(), value) {
                (name, _) if name == self.1 => map.serialize_entry(key, &Shared(value))?,
                ("players", Json::Object(players)) => map.serialize_entry(key, &Members(players, "sample"))?,
                _ => map.serialize_entry(key, value)?,
            }
        }
        map.end()
    }
}

/// Anything but an object is no document.
impl Input for Document {
    fn read(value: Json, _: At<'_>) -> Result<Self> {
        Ok(match value.merged() {
            doc @ Json::Object(_) => Self(doc),
            _ => Self::default(),
        })
    }
}
