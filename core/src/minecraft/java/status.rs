//! The status document (JSON) as a typed result. Extraction is lenient, as vanilla's is:
//! a malformed optional part is dropped with a warning, never a failure. Every key stays
//! in `document`, and encoding overlays the typed fields onto it, so a decoded status
//! encodes back to the same bytes and unknown keys survive `serve(query(...).raw)`.

use base64::Engine;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{json, Map, Value};

use super::forge::ForgeData;
use crate::error::{Error, ErrorCode, Result};
use crate::text::Motd;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct JavaStatus {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub version: Option<Version>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub players: Option<Players>,
    /// The `description`, rendered. When serving: a `§` string, a component, or this object.
    #[serde(default = "empty_motd")]
    pub motd: Motd,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub favicon: Option<Favicon>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub enforces_secure_chat: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub previews_chat: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub prevents_chat_reports: Option<bool>,
    /// Forge's mod list (FML1 `modinfo`, FML2/FML3 `forgeData`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub forge: Option<ForgeData>,
    /// The whole document as the server sent it, unknown keys included.
    #[serde(default, skip_serializing_if = "Value::is_null")]
    #[cfg_attr(feature = "ts", ts(type = "Record<string, unknown>", optional))]
    pub document: Value,
    /// Parts that were malformed and dropped, in words.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<String>>", optional))]
    pub warnings: Vec<String>,
}

fn empty_motd() -> Motd {
    Motd::from_legacy("")
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "JavaVersion"))]
pub struct Version {
    pub name: String,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub protocol: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "JavaPlayers"))]
pub struct Players {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub online: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub max: i64,
    #[serde(default)]
    pub sample: Vec<SamplePlayer>,
}

/// Servers also use fake entries (zero UUIDs) as extra MOTD lines.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "JavaSamplePlayer"))]
pub struct SamplePlayer {
    pub name: String,
    pub id: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Favicon {
    /// `data:image/png;base64,…` — decode the part after the comma for the bytes.
    pub data_uri: String,
    pub mime_type: String,
    pub byte_length: u32,
}

/// When serving: the data URI alone, or the decoded object (its `dataUri` is checked).
impl<'de> Deserialize<'de> for Favicon {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let uri = match Value::deserialize(d)? {
            Value::String(uri) => uri,
            Value::Object(mut o) => match o.remove("dataUri") {
                Some(Value::String(uri)) => uri,
                _ => return Err(serde::de::Error::custom("favicon.dataUri must be a string")),
            },
            _ => return Err(serde::de::Error::custom("favicon must be a data URI")),
        };
        Favicon::parse(&uri).map_err(serde::de::Error::custom)
    }
}

impl Favicon {
    /// Checks the data URI: an image MIME type, base64 that decodes.
    pub fn parse(uri: &str) -> std::result::Result<Self, String> {
        let rest = uri.strip_prefix("data:").ok_or("favicon is not a data: URI")?;
        let (mime, data) = rest.split_once(";base64,").ok_or("favicon is not base64")?;
        if !mime.starts_with("image/") {
            return Err(format!("favicon type {mime:?} is not an image"));
        }
        let clean: String = data.chars().filter(|c| !c.is_ascii_whitespace()).collect();
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(clean)
            .map_err(|e| format!("favicon base64: {e}"))?;
        Ok(Self {
            data_uri: uri.to_string(),
            mime_type: mime.to_string(),
            byte_length: bytes.len() as u32,
        })
    }
}

impl JavaStatus {
    /// `at`: offset of the JSON text in the packet, for errors.
    pub fn from_json(text: &str, at: usize) -> Result<Self> {
        let document: Value = serde_json::from_str(text).map_err(|e| {
            Error::at(ErrorCode::BadJson, "status json", at, format_args!("invalid JSON: {e}")).with_text(text)
        })?;
        if !document.is_object() {
            return Err(
                Error::at(ErrorCode::BadJson, "status json", at, "the status is not a JSON object").with_text(text),
            );
        }
        Ok(Self::from_document(document))
    }

    pub fn from_document(document: Value) -> Self {
        let mut warnings = Vec::new();
        let get = |k: &str| document.get(k).filter(|v| !v.is_null());
        let version = get("version").and_then(|v| {
            let name = v.get("name").and_then(Value::as_str);
            let protocol = v.get("protocol").and_then(Value::as_i64);
            let out = name.zip(protocol).map(|(name, protocol)| Version {
                name: name.into(),
                protocol,
            });
            if out.is_none() {
                warnings.push("version is not {name, protocol}".to_string());
            }
            out
        });
        let players = get("players").and_then(|p| {
            let count = |k: &str| {
                p.get(k)
                    .and_then(|v| v.as_i64().or_else(|| v.as_f64().map(|f| f as i64)))
            };
            let Some((online, max)) = count("online").zip(count("max")) else {
                warnings.push("players has no numeric online/max".to_string());
                return None;
            };
            let sample = p
                .get("sample")
                .and_then(Value::as_array)
                .map(|list| {
                    list.iter()
                        .filter_map(|e| {
                            let name = e.get("name").and_then(Value::as_str)?;
                            let id = e.get("id").and_then(Value::as_str).unwrap_or_default();
                            Some(SamplePlayer {
                                name: name.into(),
                                id: id.into(),
                            })
                        })
                        .collect()
                })
                .unwrap_or_default();
            Some(Players { online, max, sample })
        });
        let motd = Motd::render(get("description").cloned().unwrap_or(Value::String(String::new())));
        let favicon = get("favicon").and_then(|f| match f.as_str().map(Favicon::parse) {
            Some(Ok(f)) => Some(f),
            Some(Err(e)) => {
                warnings.push(e);
                None
            }
            None => {
                warnings.push("favicon is not a string".into());
                None
            }
        });
        let flag = |k: &str| get(k).and_then(Value::as_bool);
        let forge = match ForgeData::from_document(&document) {
            Some(Ok(f)) => Some(f),
            Some(Err(e)) => {
                warnings.push(format!("forge data: {e}"));
                None
            }
            None => None,
        };
        Self {
            version,
            players,
            motd,
            favicon,
            enforces_secure_chat: flag("enforcesSecureChat"),
            previews_chat: flag("previewsChat"),
            prevents_chat_reports: flag("preventsChatReports"),
            forge,
            document,
            warnings,
        }
    }

    /// The JSON text to send: `document`, with every part whose typed field differs from
    /// what `document` itself says replaced (in place: key order and unknown keys survive,
    /// and a decoded status encodes back to the same bytes).
    pub fn to_json(&self) -> String {
        let mut doc = match &self.document {
            Value::Object(o) => o.clone(),
            _ => Map::new(),
        };
        let was = Self::from_document(Value::Object(doc.clone()));
        let mut set = |key: &str, value: Option<Value>| match value {
            Some(v) => {
                doc.insert(key.into(), v);
            }
            None => {
                doc.shift_remove(key);
            }
        };
        if was.version != self.version {
            set(
                "version",
                self.version
                    .as_ref()
                    .map(|v| json!({"name": v.name, "protocol": v.protocol})),
            );
        }
        if was.players != self.players {
            set(
                "players",
                self.players.as_ref().map(|p| {
                    let sample: Vec<Value> = p.sample.iter().map(|s| json!({"name": s.name, "id": s.id})).collect();
                    json!({"max": p.max, "online": p.online, "sample": sample})
                }),
            );
        }
        if was.motd != self.motd {
            set("description", Some(self.motd.raw.clone()));
        }
        if was.favicon != self.favicon {
            set(
                "favicon",
                self.favicon.as_ref().map(|f| Value::String(f.data_uri.clone())),
            );
        }
        for (key, mine, theirs) in [
            (
                "enforcesSecureChat",
                self.enforces_secure_chat,
                was.enforces_secure_chat,
            ),
            ("previewsChat", self.previews_chat, was.previews_chat),
            (
                "preventsChatReports",
                self.prevents_chat_reports,
                was.prevents_chat_reports,
            ),
        ] {
            if mine != theirs {
                set(key, mine.map(Value::Bool));
            }
        }
        if was.forge != self.forge {
            if let Some(forge) = &self.forge {
                let (key, value) = forge.to_document();
                set(key, Some(value));
            }
        }
        Value::Object(doc).to_string()
    }
}
