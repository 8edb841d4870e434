//! Forge's mod lists in the status: FML1 `modinfo`, FML2 `forgeData`, and FML3's
//! `forgeData.d` — binary packed 15 bits per UTF-16 unit, the first two units holding
//! the byte length, bits LSB-first (Forge's ServerStatusPing).

use serde::Serialize;

use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::wire::{Reader, Writer};

/// Upper bound on the unpacked `d` payload.
const D_CAP: usize = 1 << 20;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ForgeData {
    /// 1 (`modinfo`), 2 or 3 (`forgeData`).
    pub fml: u8,
    pub mods: Vec<ForgeMod>,
    #[serde(default)]
    pub channels: Vec<ForgeChannel>,
    /// The server cut the list short (FML3).
    #[serde(default)]
    pub truncated: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ForgeMod {
    pub id: String,
    /// Absent for server-only mods (FML3) and when the server did not say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub version: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ForgeChannel {
    pub name: String,
    pub version: String,
    pub required: bool,
}

impl Input for ForgeData {
    fn read(value: Json, at: At<'_>) -> crate::error::Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            fml: o.req("fml")?,
            mods: o.req("mods")?,
            channels: o.or_default("channels")?,
            truncated: o.or_default("truncated")?,
        })
    }
}

impl Input for ForgeMod {
    fn read(value: Json, at: At<'_>) -> crate::error::Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            id: o.req("id")?,
            version: o.or_default("version")?,
        })
    }
}

impl Input for ForgeChannel {
    fn read(value: Json, at: At<'_>) -> crate::error::Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            name: o.req("name")?,
            version: o.req("version")?,
            required: o.req("required")?,
        })
    }
}

fn str_of<'a>(v: &'a Json, k: &str) -> Option<&'a str> {
    v.get(k).and_then(Json::as_str)
}

impl ForgeData {
    /// `None` when the status carries no Forge data.
    pub fn from_document(doc: &Json) -> Option<Result<Self, String>> {
        Self::from_members(doc.get("modinfo"), doc.get("forgeData"))
    }

    /// From the status' `modinfo` and `forgeData` members.
    pub fn from_members(modinfo: Option<&Json>, forge_data: Option<&Json>) -> Option<Result<Self, String>> {
        if let Some(info) = modinfo.filter(|v| v.is_object()) {
            let mods = info.get("modList").and_then(Json::as_array).map(|l| {
                l.iter()
                    .filter_map(|m| {
                        Some(ForgeMod {
                            id: str_of(m, "modid")?.into(),
                            version: str_of(m, "version").map(Into::into),
                        })
                    })
                    .collect()
            });
            return Some(Ok(Self {
                fml: 1,
                mods: mods.unwrap_or_default(),
                channels: vec![],
                truncated: false,
            }));
        }
        let data = forge_data.filter(|v| v.is_object())?;
        if let Some(d) = str_of(data, "d") {
            return Some(decode_d(d).map(|(truncated, mods, channels)| Self {
                fml: 3,
                mods,
                channels,
                truncated,
            }));
        }
        let mods = data.get("mods").and_then(Json::as_array).map(|l| {
            l.iter()
                .filter_map(|m| {
                    Some(ForgeMod {
                        id: str_of(m, "modId")?.into(),
                        version: str_of(m, "modmarker").map(Into::into),
                    })
                })
                .collect()
        });
        let channels = data.get("channels").and_then(Json::as_array).map(|l| {
            l.iter()
                .filter_map(|c| {
                    Some(ForgeChannel {
                        name: str_of(c, "res")?.into(),
                        version: str_of(c, "version").unwrap_or_default().into(),
                        required: c.get("required").and_then(Json::as_bool).unwrap_or(false),
                    })
                })
                .collect()
        });
        let fml = data
            .get("fmlNetworkVersion")
            .and_then(Json::as_u64)
            .unwrap_or(2)
            .min(255) as u8;
        Some(Ok(Self {
            fml,
            mods: mods.unwrap_or_default(),
            channels: channels.unwrap_or_default(),
            truncated: data.get("truncated").and_then(Json::as_bool).unwrap_or(false),
        }))
    }

    /// The status key and value that carry this data.
    pub fn to_document(&self) -> (&'static str, Json) {
        let version = |m: &ForgeMod| Json::from(m.version.clone().unwrap_or_default());
        match self.fml {
            1 => {
                let list = self
                    .mods
                    .iter()
                    .map(|m| Json::object([("modid", m.id.clone().into()), ("version", version(m))]))
                    .collect::<Vec<_>>();
                (
                    "modinfo",
                    Json::object([("type", Json::from("FML".to_string())), ("modList", list.into())]),
                )
            }
            3 => (
                "forgeData",
                Json::object([
                    ("channels", Json::Array(vec![])),
                    ("mods", Json::Array(vec![])),
                    ("fmlNetworkVersion", Json::from(3i64)),
                    ("truncated", self.truncated.into()),
                    ("d", encode_d(self).into()),
                ]),
            ),
            v => {
                let mods = self
                    .mods
                    .iter()
                    .map(|m| Json::object([("modId", m.id.clone().into()), ("modmarker", version(m))]))
                    .collect::<Vec<_>>();
                let channels = self
                    .channels
                    .iter()
                    .map(|c| {
                        Json::object([
                            ("res", c.name.clone().into()),
                            ("version", c.version.clone().into()),
                            ("required", c.required.into()),
                        ])
                    })
                    .collect::<Vec<_>>();
                (
                    "forgeData",
                    Json::object([
                        ("channels", channels.into()),
                        ("mods", mods.into()),
                        ("fmlNetworkVersion", i64::from(v).into()),
                        ("truncated", self.truncated.into()),
                    ]),
                )
            }
        }
    }
}

type Decoded = (bool, Vec<ForgeMod>, Vec<ForgeChannel>);

fn unpack(d: &str) -> Result<Vec<u8>, String> {
    let units: Vec<u16> = d.encode_utf16().collect();
    if units.len() < 2 {
        return Err("`d` is shorter than its length prefix".into());
    }
    let size = usize::from(units[0] & 0x7fff) | usize::from(units[1] & 0x7fff) << 15;
    if size > D_CAP || size > ((units.len() - 2) * 15).div_ceil(8) {
        return Err(format!("`d` declares {size} bytes, more than it holds"));
    }
    let mut bytes = Vec::with_capacity(size);
    let (mut acc, mut bits) = (0u32, 0);
    for &u in &units[2..] {
        if bytes.len() == size {
            break;
        }
        acc |= u32::from(u & 0x7fff) << bits;
        bits += 15;
        while bits >= 8 && bytes.len() < size {
            bytes.push(acc as u8);
            acc >>= 8;
            bits -= 8;
        }
    }
    // Forge writes the last partial byte too.
    while bytes.len() < size {
        bytes.push(acc as u8);
        acc >>= 8;
    }
    Ok(bytes)
}

fn decode_d(d: &str) -> Result<Decoded, String> {
    let bytes = unpack(d)?;
    let mut r = Reader::new(&bytes);
    let truncated = r.u8("truncated").map_err(|e| e.message)? != 0;
    let mut mods = Vec::new();
    let mut channels = Vec::new();
    match read_lists(&mut r, &mut mods, &mut channels) {
        Ok(()) => Ok((truncated, mods, channels)),
        // A truncated list may stop anywhere: keep what was read.
        Err(_) if truncated => Ok((truncated, mods, channels)),
        Err(e) => Err(e),
    }
}

fn read_lists(r: &mut Reader<'_>, mods: &mut Vec<ForgeMod>, channels: &mut Vec<ForgeChannel>) -> Result<(), String> {
    let e = |e: crate::Error| e.message;
    let count = r.u16_be("mod count").map_err(e)?;
    for _ in 0..count {
        let flags = r.varint("mod flags").map_err(e)?;
        let id = r.mc_string(32767, "mod id").map_err(e)?.to_string();
        let server_only = flags & 1 != 0;
        let version = if server_only {
            None
        } else {
            Some(r.mc_string(32767, "mod version").map_err(e)?.to_string())
        };
        for _ in 0..(flags as u32 >> 1) {
            let path = r.mc_string(32767, "channel").map_err(e)?;
            let version = r.mc_string(32767, "channel version").map_err(e)?.to_string();
            let required = r.u8("channel required").map_err(e)? != 0;
            channels.push(ForgeChannel {
                name: format!("{id}:{path}"),
                version,
                required,
            });
        }
        mods.push(ForgeMod { id, version });
    }
    let others = r.varint("channel count").map_err(e)?;
    for _ in 0..others.max(0) {
        let name = r.mc_string(32767, "channel").map_err(e)?.to_string();
        let version = r.mc_string(32767, "channel version").map_err(e)?.to_string();
        let required = r.u8("channel required").map_err(e)? != 0;
        channels.push(ForgeChannel {
            name,
            version,
            required,
        });
    }
    Ok(())
}

fn encode_d(data: &ForgeData) -> String {
    let mut w = Writer::new();
    w.u8(data.truncated.into())
        .u16_be(data.mods.len().min(usize::from(u16::MAX)) as u16);
    let (mut own, mut others): (Vec<&ForgeChannel>, Vec<&ForgeChannel>) = (vec![], vec![]);
    for c in &data.channels {
        match c.name.split_once(':') {
            Some((ns, _)) if data.mods.iter().any(|m| m.id == ns) => own.push(c),
            _ => others.push(c),
        }
    }
    for m in data.mods.iter().take(usize::from(u16::MAX)) {
        let mine: Vec<&&ForgeChannel> = own
            .iter()
            .filter(|c| c.name.split_once(':').is_some_and(|(ns, _)| ns == m.id))
            .collect();
        w.varint(((mine.len() as i32) << 1) | i32::from(m.version.is_none()))
            .mc_string(&m.id);
        if let Some(v) = &m.version {
            w.mc_string(v);
        }
        for c in mine {
            let path = c.name.split_once(':').map_or("", |(_, p)| p);
            w.mc_string(path).mc_string(&c.version).u8(c.required.into());
        }
    }
    w.varint(others.len() as i32);
    for c in others {
        w.mc_string(&c.name).mc_string(&c.version).u8(c.required.into());
    }
    pack(&w.into_bytes())
}

fn pack(bytes: &[u8]) -> String {
    let mut units = vec![(bytes.len() & 0x7fff) as u16, ((bytes.len() >> 15) & 0x7fff) as u16];
    let (mut acc, mut bits) = (0u32, 0);
    for &b in bytes {
        acc |= u32::from(b) << bits;
        bits += 8;
        if bits >= 15 {
            units.push((acc & 0x7fff) as u16);
            acc >>= 15;
            bits -= 15;
        }
    }
    if bits > 0 {
        units.push((acc & 0x7fff) as u16);
    }
    String::from_utf16_lossy(&units)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn sample() -> ForgeData {
        ForgeData {
            fml: 3,
            mods: vec![
                ForgeMod {
                    id: "forge".into(),
                    version: Some("47.2.0".into()),
                },
                ForgeMod {
                    id: "jei".into(),
                    version: Some("15.2.0.27".into()),
                },
                ForgeMod {
                    id: "serveronly".into(),
                    version: None,
                },
            ],
            channels: vec![
                ForgeChannel {
                    name: "jei:channel".into(),
                    version: "1.0.0".into(),
                    required: true,
                },
                ForgeChannel {
                    name: "minecraft:register".into(),
                    version: "FML3".into(),
                    required: false,
                },
            ],
            truncated: false,
        }
    }

    #[test]
    fn fml3_d_round_trip() {
        let data = sample();
        let (key, doc) = data.to_document();
        assert_eq!(key, "forgeData");
        let back = ForgeData::from_members(None, Some(&doc)).unwrap().unwrap();
        assert_eq!(back, data);
    }

    #[test]
    fn fml1_and_fml2() {
        let v1 = json!({"modinfo": {"type": "FML", "modList": [{"modid": "mcp", "version": "9.42"}, {"modid": "FML", "version": "8.0.99"}]}});
        let f = ForgeData::from_document(&Json::from_value(&v1)).unwrap().unwrap();
        assert_eq!(
            (f.fml, f.mods.len(), f.mods[1].version.as_deref()),
            (1, 2, Some("8.0.99"))
        );
        let v2 = json!({"forgeData": {"fmlNetworkVersion": 2, "channels": [{"res": "fml:handshake", "version": "1.2.3.4", "required": true}], "mods": [{"modId": "forge", "modmarker": "ANY"}]}});
        let f = ForgeData::from_document(&Json::from_value(&v2)).unwrap().unwrap();
        assert_eq!(
            (f.fml, f.channels[0].name.as_str(), f.mods[0].version.as_deref()),
            (2, "fml:handshake", Some("ANY"))
        );
        assert_eq!(
            ForgeData::from_members(None, Some(&f.to_document().1))
                .unwrap()
                .unwrap(),
            f
        );
    }

    #[test]
    fn surplus_units_after_the_declared_size_are_padding() {
        let (_, mut doc) = sample().to_document();
        let d = format!(
            "{}{}",
            doc.get("d").and_then(Json::as_str).unwrap(),
            "\u{7fff}".repeat(8)
        );
        doc.set("d", Some(d.into()));
        assert_eq!(ForgeData::from_members(None, Some(&doc)).unwrap().unwrap(), sample());
    }

    #[test]
    fn hostile_d_is_an_error() {
        for d in ["", "a", "\u{7fff}\u{7fff}xyz", "\u{10}\u{0}\u{1}"] {
            assert!(decode_d(d).is_err(), "{d:?}");
        }
    }
}
