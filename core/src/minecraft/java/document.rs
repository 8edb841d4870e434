//! The status document as the server sent it: its validated JSON text, not a tree. A
//! `serde_json::Value` costs an allocation per object and string (most of a 9 KB status
//! decode); the text is transcoded straight into the output when the result is
//! serialized, and parsed into a tree only when a responder edits it.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Document(String);

impl Document {
    /// `text` must be a JSON object, already validated.
    pub(crate) fn from_valid_json(text: &str) -> Self {
        Self(text.to_string())
    }

    pub fn from_value(value: &Value) -> Self {
        match value {
            Value::Object(_) => Self(value.to_string()),
            _ => Self::default(),
        }
    }

    /// True when there is none (a legacy reply, or a state without one).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The JSON text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The object, to edit (empty when there is none).
    pub fn to_map(&self) -> Map<String, Value> {
        serde_json::from_str(&self.0).unwrap_or_default()
    }
}

impl Serialize for Document {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0.is_empty() {
            return s.serialize_none();
        }
        let mut de = serde_json::Deserializer::from_str(&self.0);
        serde_transcode::Transcoder::new(&mut de).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Document {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Self::from_value(&Value::deserialize(d)?))
    }
}
