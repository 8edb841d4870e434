//! The status document as the server sent it, every key in order, as a [`Json`] tree: the
//! one parse of a status decode (the typed fields are read from it, and share its
//! description and sample), serialized into the result as it is, and turned into a
//! `serde_json` object only when a responder edits it.

use std::sync::Arc;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value};

use super::sample::{Sample, SamplePlayer};
use crate::error::Result;
use crate::input::{At, Input};
use crate::json::{Json, Key};
use crate::tape::{Share, Shared};

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Document {
    /// `Json::Null` when there is none.
    tree: Json,
    /// Members taken out of `tree` (a `Json::Null` holds each one's place) because the
    /// typed status holds them as they are — `motd.raw` renders this description,
    /// `players.sample` is this list — so a decode neither copies them nor writes them to
    /// the result twice.
    description: Option<Arc<Json>>,
    sample: Option<Sample>,
}

impl Document {
    /// `doc` must be a JSON object. Without feature `share` (the browser's codec module,
    /// for its size) nothing is taken out of it.
    pub(crate) fn new(mut doc: Json) -> Self {
        let (mut description, mut sample) = (None, None);
        if let (true, Json::Object(members)) = (cfg!(feature = "share"), &mut doc) {
            for (key, value) in members.iter_mut() {
                match (key.as_ref(), value) {
                    ("description", value) => description = Some(Arc::new(std::mem::take(value))),
                    ("players", Json::Object(players)) => sample = take_sample(players),
                    _ => {}
                }
            }
        }
        Self {
            tree: doc,
            description,
            sample,
        }
    }

    /// The tree, and the members taken out of it (the description, when the tree has one,
    /// whether taken out or not).
    pub(crate) fn parts(&self) -> (&Json, Option<Arc<Json>>, Option<Sample>) {
        let description = match &self.description {
            Some(description) if cfg!(feature = "share") => Some(Arc::clone(description)),
            _ => self.tree.get("description").cloned().map(Arc::new),
        };
        (&self.tree, description, self.sample.clone())
    }

    /// The whole document, the members taken out put back in their places (`Json::Null`
    /// when there is none).
    pub fn json(&self) -> Json {
        let mut doc = self.tree.clone();
        if !cfg!(feature = "share") {
            return doc;
        }
        if let Some(description) = &self.description {
            doc.set("description", Some((**description).clone()));
        }
        if let (Some(sample), Json::Object(members)) = (&self.sample, &mut doc) {
            if let Some((_, players)) = members.iter_mut().find(|(k, _)| k == "players") {
                let sample = sample
                    .iter()
                    .map(|p| Json::object([("name", p.name.clone().into()), ("id", p.id.clone().into())]));
                players.set("sample", Some(Json::Array(sample.collect())));
            }
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

/// A `players.sample` whose every entry is `{name, id}`, two strings in that order — what
/// the typed list holds as it is — moved out of the tree.
fn take_sample(players: &mut [(Key, Json)]) -> Option<Sample> {
    let (_, value) = players.iter_mut().find(|(k, _)| k == "sample")?;
    let plain = |entry: &Json| match entry {
        Json::Object(m) => matches!(&m[..], [(n, Json::String(_)), (i, Json::String(_))] if n == "name" && i == "id"),
        _ => false,
    };
    if !value.as_array()?.iter().all(plain) {
        return None;
    }
    let Json::Array(entries) = std::mem::take(value) else {
        return None;
    };
    let sample = entries.into_iter().filter_map(|entry| {
        let Json::Object(m) = entry else { return None };
        let mut m = m.into_iter();
        match (m.next(), m.next()) {
            (Some((_, Json::String(name))), Some((_, Json::String(id)))) => Some(SamplePlayer { name, id }),
            _ => None,
        }
    });
    Some(Arc::new(sample.collect()))
}

impl Serialize for Document {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.tree {
            Json::Object(members) if cfg!(feature = "share") => Members {
                members,
                top: true,
                description: self.description.as_deref(),
                sample: self.sample.as_deref(),
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
    /// The members taken out of the tree, written in their places.
    description: Option<&'a Json>,
    sample: Option<&'a Vec<SamplePlayer>>,
}

impl Serialize for Members<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // As `Json` writes an object: a shape on the tape when every name comes from code.
        if cfg!(feature = "share") && crate::json::named_by_code(self.members) {
            s.serialize_newtype_struct(crate::json::NAMED_BY_CODE, &Entries(self))
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
            sample,
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
                        sample,
                    },
                )?,
                (false, "sample", _) => match sample {
                    Some(sample) => map.serialize_entry(key, &Shared(Share::Players, sample))?,
                    None => map.serialize_entry(key, &Shared(Share::Players, value))?,
                },
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
    fn a_decoded_status_holds_its_documents_own_description_and_sample() {
        let text = r#"{"players":{"max":1,"online":1,"sample":[{"name":"A","id":"1"}]},"description":{"text":"a","extra":[{"text":"b"}]},"x":1}"#;
        let status = JavaStatus::from_json(text, 0).unwrap();
        let (tree, description, sample) = status.document.parts();
        let players = status.players.as_ref().unwrap();
        if cfg!(feature = "share") {
            // One value each, not a copy; the members keep their places in the tree.
            assert!(Arc::ptr_eq(&status.motd.raw, &description.unwrap()));
            assert!(Arc::ptr_eq(&players.sample, &sample.unwrap()));
            assert!(tree.get("description").unwrap().is_null());
            assert!(tree.get("players").unwrap().get("sample").unwrap().is_null());
        }
        assert_eq!(
            (status.motd.plain.as_str(), players.sample[0].name.as_str()),
            ("ab", "A")
        );
        let whole: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(status.document.json().to_value(), whole);
        assert_eq!(serde_json::to_value(&status.document).unwrap(), whole);
        assert_eq!(status.to_json(), text);
        assert_eq!(status.document.to_map()["players"], whole["players"]);
    }

    #[test]
    fn a_sample_with_other_members_stays_in_the_document() {
        for sample in [
            r#"[{"name":"A","id":"1","extra":1}]"#,
            r#"[{"id":"1","name":"A"}]"#,
            r#"[{"name":"A"}]"#,
            r#"[{"name":"A","id":1}]"#,
        ] {
            let text = format!(r#"{{"players":{{"max":1,"online":1,"sample":{sample}}}}}"#);
            let status = JavaStatus::from_json(&text, 0).unwrap();
            assert!(status.document.parts().2.is_none(), "{sample}");
            assert_eq!(status.to_json(), text);
            let whole: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(serde_json::to_value(&status.document).unwrap(), whole);
        }
    }
}
