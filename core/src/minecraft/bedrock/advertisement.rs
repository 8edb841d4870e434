//! The pong's text: `edition;motd;protocol;version;online;max;serverId;levelName;
//! gameMode;gameModeNumeric;portV4;portV6;` — BDS sends those 12, PocketMine 3/4 nine,
//! PocketMine 5 fifteen, others ten without the trailing `;`. Missing fields are `null`,
//! fields past the twelfth are kept in `extra`, and numbers that are not numbers are
//! `null` (the text as sent stays in `Pong::advertisement`). PocketMine escapes a `;`
//! inside the MOTD as `\;`.

use serde::Serialize;

use crate::error::Result;
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::text::Motd;

/// What a Bedrock server advertises about itself.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "BedrockAdvertisement"))]
pub struct Advertisement {
    /// `MCPE` (Bedrock) or `MCEE` (Education Edition).
    #[serde(default = "mcpe")]
    pub edition: String,
    /// Line 1 of the server list entry. When serving: a `§` string, or this object.
    #[serde(default = "no_motd")]
    pub motd: Motd,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub protocol: Option<i64>,
    #[serde(default)]
    pub version: Option<String>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub online: Option<i64>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub max: Option<i64>,
    /// As sent: it can be negative or beyond 64 bits, and need not equal the pong's GUID.
    #[serde(default)]
    pub server_id: Option<String>,
    /// Line 2 (BDS: the world's name).
    #[serde(default)]
    pub level_name: Option<Motd>,
    #[serde(default)]
    pub game_mode: Option<String>,
    /// BDS: the game mode's number; Geyser/Nukkit: 1 unless Nintendo-limited.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub game_mode_numeric: Option<i64>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub port_v4: Option<i64>,
    /// Servers without IPv6 send `-1` or `0`.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub port_v6: Option<i64>,
    /// Fields after the twelfth (PocketMine 5 adds three).
    #[serde(default)]
    pub extra: Vec<String>,
}

impl Input for Advertisement {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        Self::take(&mut Obj::new(value, at)?)
    }
}

impl Advertisement {
    /// Its members, out of an object that may hold others (the Bedrock state's).
    pub fn take(o: &mut Obj<'_>) -> Result<Self> {
        Ok(Self {
            edition: o.or_else("edition", mcpe)?,
            motd: o.or_else("motd", no_motd)?,
            protocol: o.or_default("protocol")?,
            version: o.or_default("version")?,
            online: o.or_default("online")?,
            max: o.or_default("max")?,
            server_id: o.or_default("serverId")?,
            level_name: o.or_default("levelName")?,
            game_mode: o.or_default("gameMode")?,
            game_mode_numeric: o.or_default("gameModeNumeric")?,
            port_v4: o.or_default("portV4")?,
            port_v6: o.or_default("portV6")?,
            extra: o.or_default("extra")?,
        })
    }
}

fn mcpe() -> String {
    "MCPE".into()
}

fn no_motd() -> Motd {
    Motd::from_legacy("")
}

impl Default for Advertisement {
    fn default() -> Self {
        Self {
            edition: mcpe(),
            motd: no_motd(),
            protocol: None,
            version: None,
            online: None,
            max: None,
            server_id: None,
            level_name: None,
            game_mode: None,
            game_mode_numeric: None,
            port_v4: None,
            port_v6: None,
            extra: vec![],
        }
    }
}

/// Splits at `;`, reading `\;` as a `;` inside a field; the empty field after a trailing
/// `;` is not a field.
fn fields(text: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&';') => {
                chars.next();
                out.last_mut().expect("never empty").push(';');
            }
            ';' => out.push(String::new()),
            c => out.last_mut().expect("never empty").push(c),
        }
    }
    if out.len() > 1 && out.last().is_some_and(String::is_empty) {
        out.pop();
    }
    out
}

fn number(field: Option<&String>) -> Option<i64> {
    field.and_then(|f| f.trim_ascii().parse().ok())
}

/// Empty is unknown: the wire has no other way to leave a field out.
fn text(field: Option<&String>) -> Option<String> {
    field.filter(|f| !f.is_empty()).cloned()
}

fn motd_text(motd: &Motd) -> String {
    motd.raw.as_str().map_or_else(|| motd.minecraft.clone(), str::to_string)
}

impl Advertisement {
    pub fn parse(text_: &str) -> Self {
        let f = fields(text_);
        Self {
            edition: f[0].clone(),
            motd: Motd::from_legacy(f.get(1).map_or("", String::as_str)),
            protocol: number(f.get(2)),
            version: text(f.get(3)),
            online: number(f.get(4)),
            max: number(f.get(5)),
            server_id: text(f.get(6)),
            level_name: text(f.get(7)).map(|l| Motd::from_legacy(&l)),
            game_mode: text(f.get(8)),
            game_mode_numeric: number(f.get(9)),
            port_v4: number(f.get(10)),
            port_v6: number(f.get(11)),
            extra: f.get(12..).map(<[String]>::to_vec).unwrap_or_default(),
        }
    }

    /// The text BDS would send: the twelve fields (empty where unknown), each ended by
    /// `;`, then `extra`. A `;` inside a field is written `\;`, as PocketMine does.
    pub fn to_text(&self) -> String {
        let n = |v: Option<i64>| v.map(|v| v.to_string()).unwrap_or_default();
        let s = |v: &Option<String>| v.clone().unwrap_or_default();
        let fields = [
            self.edition.clone(),
            motd_text(&self.motd),
            n(self.protocol),
            s(&self.version),
            n(self.online),
            n(self.max),
            s(&self.server_id),
            self.level_name.as_ref().map(motd_text).unwrap_or_default(),
            s(&self.game_mode),
            n(self.game_mode_numeric),
            n(self.port_v4),
            n(self.port_v6),
        ];
        let mut out = String::with_capacity(128);
        for field in fields.iter().chain(&self.extra) {
            out.push_str(&field.replace(';', "\\;"));
            out.push(';');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bds_twelve_fields_and_trailing_semicolon() {
        let a = Advertisement::parse(
            "MCPE;§aDedicated Server;766;1.21.50;3;10;13253860892328930865;Bedrock level;Survival;1;19132;19133;",
        );
        assert_eq!(a.edition, "MCPE");
        assert_eq!(a.motd.plain, "Dedicated Server");
        assert_eq!((a.protocol, a.online, a.max), (Some(766), Some(3), Some(10)));
        assert_eq!(a.version.as_deref(), Some("1.21.50"));
        assert_eq!(a.server_id.as_deref(), Some("13253860892328930865"));
        assert_eq!(a.level_name.unwrap().plain, "Bedrock level");
        assert_eq!(a.game_mode.as_deref(), Some("Survival"));
        assert_eq!(
            (a.game_mode_numeric, a.port_v4, a.port_v6),
            (Some(1), Some(19132), Some(19133))
        );
        assert!(a.extra.is_empty());
    }

    #[test]
    fn short_long_escaped_and_odd() {
        // PocketMine 3: nine fields, no ports.
        let a = Advertisement::parse("MCPE;A\\;B;407;1.16.0;0;20;-7208218497214390000;PocketMine-MP;Survival");
        assert_eq!(a.motd.plain, "A;B");
        assert_eq!(a.server_id.as_deref(), Some("-7208218497214390000"));
        assert_eq!((a.game_mode_numeric, a.port_v4, a.port_v6), (None, None, None));
        // PocketMine 5: fifteen.
        let a = Advertisement::parse("MCPE;m;1;1.0;1;2;3;w;Survival;1;19132;19133;0;1;0;");
        assert_eq!(a.extra, ["0", "1", "0"]);
        // Numbers that are not.
        let a = Advertisement::parse("MCPE;m;x;;;;");
        assert_eq!((a.protocol, a.online), (None, None));
        assert_eq!(a.version, None);
        assert_eq!(Advertisement::parse("MCEE").edition, "MCEE");
    }

    #[test]
    fn text_round_trips() {
        let text = "MCPE;x\\;y;766;1.21.50;3;10;1;lvl;Creative;1;19132;-1;";
        assert_eq!(Advertisement::parse(text).to_text(), text);
    }
}
