//! The status document (JSON) as a typed result. Extraction is lenient, as vanilla's is:
//! a malformed optional part is dropped with a warning, never a failure. Every key stays
//! in `document`, and encoding overlays the typed fields onto it, so a decoded status
//! encodes back to the same bytes and unknown keys survive `serve(query(...).raw)`.

use std::sync::Arc;

use serde::Serialize;

use super::document::Document;
use super::forge::ForgeData;
pub use super::sample::{Sample, SamplePlayer};
use crate::error::{Error, ErrorCode, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::text::Motd;

#[derive(Debug, Clone, PartialEq, Serialize)]
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
    #[serde(default, skip_serializing_if = "Document::is_empty")]
    #[cfg_attr(feature = "ts", ts(type = "Record<string, unknown>", optional))]
    pub document: Document,
    /// Parts that were malformed and dropped, in words.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<String>>", optional))]
    pub warnings: Vec<String>,
}

impl Input for JavaStatus {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        Self::take(&mut Obj::new(value, at)?)
    }
}

impl JavaStatus {
    /// Its members, out of an object that may hold others (a status response's, a query
    /// result's).
    pub fn take(o: &mut Obj<'_>) -> Result<Self> {
        Ok(Self {
            version: o.or_default("version")?,
            players: o.or_default("players")?,
            motd: o.or_else("motd", empty_motd)?,
            favicon: o.or_default("favicon")?,
            enforces_secure_chat: o.or_default("enforcesSecureChat")?,
            previews_chat: o.or_default("previewsChat")?,
            prevents_chat_reports: o.or_default("preventsChatReports")?,
            forge: o.or_default("forge")?,
            document: o.or_default("document")?,
            warnings: o.or_default("warnings")?,
        })
    }
}

impl Input for Version {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            name: o.req("name")?,
            protocol: o.req("protocol")?,
        })
    }
}

impl Input for Players {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            online: o.req("online")?,
            max: o.req("max")?,
            sample: Arc::new(o.or_default("sample")?),
        })
    }
}

/// As [`crate::tape::Shared`] the list itself (not its `Arc`), so a document holding the
/// same `Arc` refers to the same value.
fn shared_sample<S: serde::Serializer>(sample: &Sample, s: S) -> Result<S::Ok, S::Error> {
    crate::tape::shared_players(&**sample, s)
}

fn empty_motd() -> Motd {
    Motd::from_legacy("")
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "JavaVersion"))]
pub struct Version {
    pub name: String,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub protocol: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "JavaPlayers"))]
pub struct Players {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub online: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub max: i64,
    /// In a query result, the same array as `players.list` when no line was left out; in
    /// a decoded status, the document's own when its entries are plain `{name, id}`.
    #[serde(default, serialize_with = "shared_sample")]
    #[cfg_attr(feature = "ts", ts(as = "Vec<SamplePlayer>"))]
    pub sample: Sample,
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
impl Input for Favicon {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let uri = match value {
            Json::String(uri) => uri,
            Json::Object(_) => Obj::new(value, at)?.req("dataUri")?,
            other => return Err(at.expected("a data URI", &other)),
        };
        Favicon::parse(uri).map_err(|e| at.error(e))
    }
}

impl Favicon {
    /// Checks the data URI: an image MIME type, base64 that decodes.
    pub fn parse(uri: String) -> std::result::Result<Self, String> {
        let rest = uri.strip_prefix("data:").ok_or("favicon is not a data: URI")?;
        let (mime, data) = split_base64(rest).ok_or("favicon is not base64")?;
        if !mime.starts_with("image/") {
            return Err(format!("favicon type {} is not an image", crate::error::quoted(mime)));
        }
        let byte_length = match base64_len(data) {
            Ok(n) => n,
            // Some servers wrap the base64 in lines (MIME style): strip them only then.
            Err(e) if !data.bytes().any(|b| b.is_ascii_whitespace()) => return Err(e),
            Err(_) => base64_len(&data.replace(|c: char| c.is_ascii_whitespace(), ""))?,
        };
        let mime_type = mime.to_string();
        Ok(Self {
            data_uri: uri,
            mime_type,
            byte_length: byte_length as u32,
        })
    }
}

/// `split_once(";base64,")` without the substring searcher, which only this would link
/// into the browser's module (with core's slice panic path; see `text/detect.rs`'s `has`).
fn split_base64(rest: &str) -> Option<(&str, &str)> {
    const MARK: &[u8] = b";base64,";
    let at = rest.as_bytes().windows(MARK.len()).position(|w| w == MARK)?;
    Some((rest.get(..at)?, rest.get(at + MARK.len()..)?))
}

/// The decoded length of standard (padded) base64, after checking every character.
fn base64_len(data: &str) -> Result<usize, String> {
    let b64 = &base64_simd::STANDARD;
    b64.check(data.as_bytes())
        .and_then(|()| b64.decoded_length(data.as_bytes()))
        .map_err(|_| "favicon is not valid base64".to_string())
}

/// The members of a status the typed fields come from (a `null` member is absent).
#[derive(Debug, Default)]
struct Parts<'a> {
    version: Option<&'a Json>,
    players: Option<&'a Json>,
    favicon: Option<&'a Json>,
    enforces_secure_chat: Option<&'a Json>,
    previews_chat: Option<&'a Json>,
    prevents_chat_reports: Option<&'a Json>,
    modinfo: Option<&'a Json>,
    forge_data: Option<&'a Json>,
}

impl<'a> Parts<'a> {
    fn of(doc: &'a Json) -> Self {
        let mut parts = Self::default();
        let Json::Object(members) = doc else {
            return parts;
        };
        for (key, value) in members.iter().filter(|(_, v)| !v.is_null()) {
            let slot = match key.as_ref() {
                "version" => &mut parts.version,
                "players" => &mut parts.players,
                "favicon" => &mut parts.favicon,
                "enforcesSecureChat" => &mut parts.enforces_secure_chat,
                "previewsChat" => &mut parts.previews_chat,
                "preventsChatReports" => &mut parts.prevents_chat_reports,
                "modinfo" => &mut parts.modinfo,
                "forgeData" => &mut parts.forge_data,
                _ => continue,
            };
            *slot = Some(value);
        }
        parts
    }
}

impl JavaStatus {
    /// `at`: offset of the JSON text in the packet, for errors.
    pub fn from_json(text: &str, at: usize) -> Result<Self> {
        let fail = |detail: String| Error::at(ErrorCode::BadJson, "status json", at, detail).with_text(text);
        // One parse: the typed fields are read from the tree the document keeps.
        #[cfg(not(target_family = "wasm"))]
        let doc = crate::json::parse_with_long_string(text, "favicon");
        #[cfg(target_family = "wasm")]
        let doc = serde_json::from_str::<Json>(text);
        let doc = doc.map_err(|e| fail(format!("invalid JSON: {}", crate::json::error_text(&e))))?;
        if !matches!(doc, Json::Object(_)) {
            return Err(fail("the status is not a JSON object".into()));
        }
        Ok(Self::from_tree(doc))
    }

    pub fn from_document(document: Json) -> Self {
        match document {
            Json::Object(_) => Self::from_tree(document),
            _ => Self::from_parts(Parts::default(), None, None),
        }
    }

    fn from_tree(doc: Json) -> Self {
        let document = Document::new(doc);
        let (tree, description, sample) = document.parts();
        let mut status = Self::from_parts(Parts::of(tree), description.filter(|d| !d.is_null()), sample);
        status.document = document;
        status
    }

    /// `description` and `sample`: the document's, which the status shares.
    fn from_parts(parts: Parts, description: Option<Arc<Json>>, sample: Option<Sample>) -> Self {
        let mut warnings = Vec::new();
        let version = parts.version.as_ref().and_then(|v| {
            let name = v.get("name").and_then(Json::as_str);
            let protocol = v.get("protocol").and_then(Json::as_i64);
            let out = name.zip(protocol).map(|(name, protocol)| Version {
                name: name.into(),
                protocol,
            });
            if out.is_none() {
                warnings.push("version is not {name, protocol}".to_string());
            }
            out
        });
        let players = parts.players.as_ref().and_then(|p| {
            let count = |k: &str| {
                p.get(k)
                    .and_then(|v| v.as_i64().or_else(|| v.as_f64().map(|f| f as i64)))
            };
            let Some((online, max)) = count("online").zip(count("max")) else {
                warnings.push("players has no numeric online/max".to_string());
                return None;
            };
            let sample = sample.unwrap_or_else(|| {
                let list = p.get("sample").and_then(Json::as_array).unwrap_or_default();
                let entries = list.iter().filter_map(|e| {
                    let name = e.get("name").and_then(Json::as_str)?;
                    let id = e.get("id").and_then(Json::as_str).unwrap_or_default();
                    Some(SamplePlayer {
                        name: name.into(),
                        id: id.into(),
                    })
                });
                Arc::new(entries.collect())
            });
            Some(Players { online, max, sample })
        });
        let motd = match description {
            Some(description) => Motd::render_shared(description),
            None => empty_motd(),
        };
        let favicon = parts.favicon.and_then(|f| match f {
            Json::String(uri) => Favicon::parse(uri.clone()).map_err(|e| warnings.push(e)).ok(),
            _ => {
                warnings.push("favicon is not a string".into());
                None
            }
        });
        let flag = |v: Option<&Json>| v.and_then(Json::as_bool);
        let forge = match ForgeData::from_members(parts.modinfo, parts.forge_data) {
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
            enforces_secure_chat: flag(parts.enforces_secure_chat),
            previews_chat: flag(parts.previews_chat),
            prevents_chat_reports: flag(parts.prevents_chat_reports),
            forge,
            document: Document::default(),
            warnings,
        }
    }

    /// The JSON text to send: `document`, with every part whose typed field differs from
    /// what `document` itself says replaced (in place: key order and unknown keys survive,
    /// and a decoded status encodes back to the same bytes).
    pub fn to_json(&self) -> String {
        let mut doc = match self.document.json() {
            doc @ Json::Object(_) => doc,
            _ => Json::Object(Vec::new()),
        };
        let was = Self::from_tree(doc.clone());
        if was.version != self.version {
            let version = self
                .version
                .as_ref()
                .map(|v| Json::object([("name", v.name.clone().into()), ("protocol", v.protocol.into())]));
            doc.set("version", version);
        }
        if was.players != self.players {
            let players = self.players.as_ref().map(|p| {
                let sample = p
                    .sample
                    .iter()
                    .map(|s| Json::object([("name", s.name.clone().into()), ("id", s.id.clone().into())]))
                    .collect::<Vec<_>>();
                Json::object([
                    ("max", p.max.into()),
                    ("online", p.online.into()),
                    ("sample", sample.into()),
                ])
            });
            doc.set("players", players);
        }
        if was.motd != self.motd {
            doc.set("description", Some((*self.motd.raw).clone()));
        }
        if was.favicon != self.favicon {
            doc.set("favicon", self.favicon.as_ref().map(|f| f.data_uri.clone().into()));
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
                doc.set(key, mine.map(Json::Bool));
            }
        }
        if was.forge != self.forge {
            if let Some(forge) = &self.forge {
                let (key, value) = forge.to_document();
                doc.set(key, Some(value));
            }
        }
        doc.to_string()
    }
}
