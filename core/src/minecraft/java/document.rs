//! The status document as the server sent it, every key in order, as a [`Json`] tree: the
//! one parse of a status decode (the typed fields are read from it), serialized into the
//! result as it is, and turned into a `serde_json` object only when a responder edits it.

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value};

use crate::error::Result;
use crate::input::{At, Input};
use crate::json::{Json, Key};
use crate::tape::{Share, Shared};

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
            Json::Object(members) if cfg!(feature = "share") => Members { members, top: true }.serialize(s),
            Json::Null => s.serialize_none(),
            doc => doc.serialize(s),
        }
    }
}

/// The document's members, with `description` and `players.sample` [`Shared`]: the typed
/// status holds its own copy of each (`motd.raw`, `players.sample`), which the tape refers
/// to. Only at those two places (`top`: the document itself, else its `players`): a hostile
/// document nests `players` a hundred deep, and each shared value is compared with every
/// one before it.
struct Members<'a> {
    members: &'a [(Key, Json)],
    top: bool,
}

impl Serialize for Members<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // As `Json` writes an object: a shape on the tape when every name comes from code.
        if crate::json::named_by_code(self.members) {
            s.serialize_newtype_struct(crate::tape::NAMED_BY_CODE, &Entries(self))
        } else {
            Entries(self).serialize(s)
        }
    }
}

struct Entries<'a>(&'a Members<'a>);

impl Serialize for Entries<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Members { members, top } = *self.0;
        let mut map = s.serialize_map(Some(members.len()))?;
        for (key, value) in members {
            match (top, key.as_ref(), value) {
                (true, "description", _) => map.serialize_entry(key, &Shared(Share::Description, value))?,
                (true, "players", Json::Object(members)) => {
                    map.serialize_entry(key, &Members { members, top: false })?
                }
                (false, "sample", _) => map.serialize_entry(key, &Shared(Share::Players, value))?,
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
