//! The status document as the server sent it, every key in order, as a [`Json`] tree: the
//! one parse of a status decode (the typed fields are read from it), serialized into the
//! result as it is, and turned into a `serde_json` object only when a responder edits it.

use std::sync::Arc;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value};

use crate::error::Result;
use crate::input::{At, Input};
use crate::json::{Json, Key};
use crate::tape::{Share, Shared};

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Document {
    /// `Json::Null` when there is none. Its `description` member holds `Json::Null` in its
    /// place, the value being `description`: the typed status renders that same value
    /// (`motd.raw`), so a decode neither copies it nor writes it to the result twice.
    tree: Json,
    description: Option<Arc<Json>>,
}

impl Document {
    /// `doc` must be a JSON object. Without feature `share` (the browser's codec module,
    /// for its size) the description stays in the tree.
    pub(crate) fn new(mut doc: Json) -> Self {
        let mut description = None;
        if let Json::Object(members) = &mut doc {
            if let Some((_, value)) = members
                .iter_mut()
                .find(|(k, _)| k == "description" && cfg!(feature = "share"))
            {
                description = Some(Arc::new(std::mem::take(value)));
            }
        }
        Self { tree: doc, description }
    }

    /// The tree (its description out, when [`Document::description`] has it), and the
    /// description to render.
    pub(crate) fn parts(&self) -> (&Json, Option<Arc<Json>>) {
        let description = match &self.description {
            Some(description) if cfg!(feature = "share") => Some(Arc::clone(description)),
            _ => self.tree.get("description").cloned().map(Arc::new),
        };
        (&self.tree, description)
    }

    /// The tree (`Json::Null` when there is none).
    pub fn json(&self) -> Json {
        let mut doc = self.tree.clone();
        match &self.description {
            Some(description) if cfg!(feature = "share") => doc.set("description", Some((**description).clone())),
            _ => {}
        }
        doc
    }

    /// True when there is none (a legacy reply, or a state without one).
    pub fn is_empty(&self) -> bool {
        self.tree.is_null()
    }

    /// The object, to edit (empty when there is none).
    pub fn to_map(&self) -> Map<String, Value> {
        match self.json().to_value() {
            Value::Object(map) => map,
            _ => Map::new(),
        }
    }
}

impl Serialize for Document {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.tree {
            Json::Object(members) if cfg!(feature = "share") => Members {
                members,
                top: true,
                description: self.description.as_deref(),
            }
            .serialize(s),
            Json::Null => s.serialize_none(),
            doc => doc.serialize(s),
        }
    }
}

/// The document's members, with `description` and `players.sample` [`Shared`]: the typed
/// status holds the description itself (`motd.raw`) and its own copy of the sample
/// (`players.sample`), which the tape refers to. Only at those two places (`top`: the document itself, else its `players`): a hostile
/// document nests `players` a hundred deep, and each shared value is compared with every
/// one before it.
struct Members<'a> {
    members: &'a [(Key, Json)],
    top: bool,
    /// The document's description, written in its member's place.
    description: Option<&'a Json>,
}

impl Serialize for Members<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // As `Json` writes an object: a shape on the tape when every name comes from code.
        if cfg!(feature = "share") && crate::json::named_by_code(self.members) {
            s.serialize_newtype_struct(crate::tape::NAMED_BY_CODE, &Entries(self))
        } else {
            Entries(self).serialize(s)
        }
    }
}

struct Entries<'a>(&'a Members<'a>);

impl Serialize for Entries<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Members {
            members,
            top,
            description,
        } = *self.0;
        let mut map = s.serialize_map(Some(members.len()))?;
        for (key, value) in members {
            match (top, key.as_ref(), value) {
                (true, "description", _) => {
                    map.serialize_entry(key, &Shared(Share::Description, description.unwrap_or(value)))?
                }
                (true, "players", Json::Object(members)) => map.serialize_entry(
                    key,
                    &Members {
                        members,
                        top: false,
                        description: None,
                    },
                )?,
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
            doc @ Json::Object(_) => Self::new(doc),
            _ => Self::default(),
        })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::minecraft::java::JavaStatus;

    #[test]
    fn a_decoded_status_renders_its_documents_own_description() {
        let text = r#"{"players":{"max":1,"online":0},"description":{"text":"a","extra":[{"text":"b"}]},"x":1}"#;
        let status = JavaStatus::from_json(text, 0).unwrap();
        let (tree, description) = status.document.parts();
        let description = description.unwrap();
        if cfg!(feature = "share") {
            // One value, not a copy; its member keeps its place in the tree.
            assert!(Arc::ptr_eq(&status.motd.raw, &description));
            assert!(tree.get("description").unwrap().is_null());
        }
        assert_eq!(status.motd.plain, "ab");
        let whole: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(status.document.json().to_value(), whole);
        assert_eq!(serde_json::to_value(&status.document).unwrap(), whole);
        assert_eq!(status.to_json(), text);
        assert_eq!(status.document.to_map()["description"], whole["description"]);
    }
}
