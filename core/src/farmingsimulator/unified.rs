//! A Farming Simulator stats feed as the unified `Status`: `<Server>`'s `name`, `mapName` as
//! the map and `version`; `<Slots>`' `numUsed` of `capacity`; the players from the used
//! slots' `<Player>`s. `raw` keeps the attributes as sent, the players and mods read, and the
//! whole document (`data`, as gamedig has it).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::{MAX_NODES, PATH};
use crate::error::{Error, ErrorCode, Result};
use crate::status::{count, known, named, number, Known, Status, StatusPlayers};

/// What `query('farmingsimulator')` returns in `raw`, and what `serve('farmingsimulator')`
/// takes: without `data`, the document is written from the rest.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct FarmingSimulatorQueryResult {
    /// `<Server>`'s attributes as sent: `game`, `version`, `name`, `mapName`, `dayTime`,
    /// `mapOverviewFilename`, `mapSize` …
    #[cfg_attr(feature = "ts", ts(type = "Record<string, string>", optional = false))]
    pub server: Map<String, Value>,
    /// `<Slots>`' attributes as sent: `capacity`, `numUsed`.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "Record<string, string>"))]
    pub slots: Map<String, Value>,
    /// The used slots' players.
    #[serde(default)]
    pub players: Vec<FarmingSimulatorPlayer>,
    /// `<Mods>`: each `<Mod>` that names itself.
    #[serde(default)]
    pub mods: Vec<FarmingSimulatorMod>,
    /// The document as sent (its vehicles, farmlands and fields are there); a state with it
    /// is served as it is.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub data: String,
}

/// A used slot's `<Player>`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct FarmingSimulatorPlayer {
    /// The element's text.
    #[cfg_attr(feature = "ts", ts(optional = false))]
    pub name: String,
    #[serde(default)]
    pub is_admin: bool,
    /// Minutes on the server.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uptime: Option<f64>,
    /// Where the player is on the map (absent while not in the world).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub x: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub y: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub z: Option<f64>,
}

/// A `<Mod>`: its title (the element's text) and attributes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct FarmingSimulatorMod {
    /// The title, as the element's text.
    #[cfg_attr(feature = "ts", ts(optional = false))]
    pub title: String,
    /// The attribute `name`: the mod's file name (`FS25_Courseplay`).
    #[cfg_attr(feature = "ts", ts(optional = false))]
    pub name: String,
    #[serde(default)]
    pub author: String,
    #[serde(default)]
    pub version: String,
    #[serde(default)]
    pub hash: String,
}

/// Attributes on one element at most: roxmltree checks each against the others before it
/// (quadratic); the feed's have eight.
pub const MAX_ATTRIBUTES: usize = 64;

/// The feed read: not XML is `GQ_MALFORMED` naming the line and column, another document
/// `GQ_WRONG_PROTOCOL`, a `<Server>` without its attributes (as a wrong code may get)
/// `GQ_AUTH` naming the option (`code_given`: whether one was sent).
pub fn read(body: &[u8], code_given: bool) -> Result<FarmingSimulatorQueryResult> {
    let text = std::str::from_utf8(body)
        .map_err(|e| Error::new(ErrorCode::Malformed, format!("GET {PATH} is not UTF-8: {e}")))?;
    within_bounds(body)?;
    let options = roxmltree::ParsingOptions {
        allow_dtd: false,
        nodes_limit: MAX_NODES,
        ..Default::default()
    };
    let doc = roxmltree::Document::parse_with_options(text, options).map_err(|e| {
        Error::new(ErrorCode::Malformed, format!("GET {PATH} is not XML: {e}")).with_text(crate::http::excerpt(body))
    })?;
    let root = doc.root_element();
    if !root.has_tag_name("Server") {
        return Err(Error::new(
            ErrorCode::WrongProtocol,
            format!(
                "GET {PATH} answered a <{}> document, not <Server>: not a Farming Simulator server",
                root.tag_name().name()
            ),
        ));
    }
    if root.attribute("name").is_none() {
        let what = if code_given {
            "check the option token"
        } else {
            "give the option token"
        };
        return Err(Error::new(
            ErrorCode::Auth,
            format!("GET {PATH} answered a <Server> without its name: {what} ({WHERE})"),
        ));
    }
    let slots = child(root, "Slots");
    let players = slots
        .into_iter()
        .flat_map(|s| s.children().filter(|c| c.has_tag_name("Player")))
        .filter(|p| p.attribute("isUsed") == Some("true"))
        .map(|p| FarmingSimulatorPlayer {
            name: p.text().unwrap_or_default().trim().to_string(),
            is_admin: p.attribute("isAdmin") == Some("true"),
            uptime: decimal(p, "uptime"),
            x: decimal(p, "x"),
            y: decimal(p, "y"),
            z: decimal(p, "z"),
        })
        .collect();
    let mods = child(root, "Mods")
        .into_iter()
        .flat_map(|m| m.children().filter(|c| c.has_tag_name("Mod")))
        .filter_map(|m| {
            Some(FarmingSimulatorMod {
                title: m.text().unwrap_or_default().trim().to_string(),
                name: m.attribute("name")?.to_string(),
                author: m.attribute("author").unwrap_or_default().to_string(),
                version: m.attribute("version").unwrap_or_default().to_string(),
                hash: m.attribute("hash").unwrap_or_default().to_string(),
            })
        })
        .collect();
    Ok(FarmingSimulatorQueryResult {
        server: attributes(root),
        slots: slots.map(attributes).unwrap_or_default(),
        players,
        mods,
        data: text.to_string(),
    })
}

/// Where the code is, for an error that may be its absence or a wrong one.
pub const WHERE: &str = "the server's code, in its web interface under Settings: the XML link's code=";

/// What roxmltree's node limit does not bound, refused before it reads: a namespace
/// declaration (each copied into every element below it; the feed declares none) and more
/// than [`MAX_ATTRIBUTES`] on an element.
fn within_bounds(body: &[u8]) -> Result<()> {
    let refuse = |why: &str| {
        Err(Error::new(
            ErrorCode::Malformed,
            format!("GET {PATH} is no stats feed: {why}"),
        ))
    };
    if body.windows(5).any(|w| w == b"xmlns") {
        return refuse("it declares XML namespaces");
    }
    // Quotes in a tag hold values, where `=` and `>` are text; comments and CDATA are
    // counted loosely (their `=` too), which only errs towards refusing.
    let (mut in_tag, mut quote, mut equals) = (false, 0u8, 0usize);
    for &b in body {
        match (in_tag, quote, b) {
            (false, _, b'<') => (in_tag, equals) = (true, 0),
            (true, 0, b'"' | b'\'') => quote = b,
            (true, q, b) if q != 0 && b == q => quote = 0,
            (true, 0, b'=') => {
                equals += 1;
                if equals > MAX_ATTRIBUTES {
                    return refuse("an element with more than 64 attributes");
                }
            }
            (true, 0, b'>') => in_tag = false,
            _ => {}
        }
    }
    Ok(())
}

/// An element's attributes, as sent.
fn attributes(node: roxmltree::Node<'_, '_>) -> Map<String, Value> {
    node.attributes()
        .map(|a| (a.name().to_string(), Value::from(a.value())))
        .collect()
}

fn child<'a, 'i>(node: roxmltree::Node<'a, 'i>, name: &str) -> Option<roxmltree::Node<'a, 'i>> {
    node.children().find(|c| c.has_tag_name(name))
}

/// A numeric attribute, where it reads as a finite number.
fn decimal(node: roxmltree::Node<'_, '_>, name: &str) -> Option<f64> {
    number::<f64>(node.attribute(name)).filter(|f| f.is_finite())
}

pub(super) fn attribute<'a>(map: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    map.get(key).and_then(Value::as_str).map(str::trim)
}

pub fn status(raw: FarmingSimulatorQueryResult, latency_ms: f64) -> Status<FarmingSimulatorQueryResult> {
    let names: Vec<String> = raw.players.iter().map(|p| p.name.clone()).collect();
    let list = named(&names);
    let online = number::<i64>(attribute(&raw.slots, "numUsed")).map_or(list.len() as u32, count);
    let max = number::<i64>(attribute(&raw.slots, "capacity")).map_or(0, count);
    Status::new(
        Known {
            name: attribute(&raw.server, "name").unwrap_or_default().to_string(),
            map: attribute(&raw.server, "mapName").and_then(known),
            mode: None,
            version: attribute(&raw.server, "version").and_then(known),
            password: false,
            players: StatusPlayers::new(online, max, list),
            ping_ms: Some(latency_ms),
            advertised_port: None,
        },
        raw,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const FEED: &str = r#"<?xml version="1.0" encoding="utf-8" standalone="no" ?>
<Server game="Farming Simulator 22" version="1.14.0.0" name="Farm &amp; Co" mapName="Elmcreek" dayTime="43200000" mapOverviewFilename="x.png" mapSize="2048">
    <Slots capacity="4" numUsed="1">
        <Player isUsed="true" isAdmin="true" uptime="12" x="1.5" y="2" z="-3">Ann</Player>
        <Player isUsed="false"/>
    </Slots>
    <Mods>
        <Mod name="FS22_Mod" author="Me" version="1.0.0.0" hash="ab">A Mod</Mod>
        <Mod>nameless</Mod>
    </Mods>
</Server>"#;

    #[test]
    fn feed_status_and_what_is_not_a_feed() {
        let s = status(read(FEED.as_bytes(), true).unwrap(), 1.0);
        assert_eq!(
            (s.name.as_str(), s.map.as_deref(), s.version.as_deref()),
            ("Farm & Co", Some("Elmcreek"), Some("1.14.0.0"))
        );
        assert_eq!((s.players.online, s.players.max), (1, 4));
        assert_eq!(
            s.raw.players,
            [FarmingSimulatorPlayer {
                name: "Ann".into(),
                is_admin: true,
                uptime: Some(12.0),
                x: Some(1.5),
                y: Some(2.0),
                z: Some(-3.0),
            }]
        );
        assert_eq!((s.raw.mods.len(), s.raw.mods[0].title.as_str()), (1, "A Mod"));
        assert_eq!(s.raw.server["game"], "Farming Simulator 22");
        assert_eq!(read(b"<html/>", true).unwrap_err().code, ErrorCode::WrongProtocol);
        assert_eq!(read(b"<Server/>", true).unwrap_err().code, ErrorCode::Auth);
        let bad = read(b"<Server name='x'><Slots></Server>", true).unwrap_err();
        assert_eq!(bad.code, ErrorCode::Malformed);
        assert!(bad.message.contains("1:"), "{}", bad.message);
        let dtd = br#"<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaa">]><Server name="&a;"/>"#;
        assert_eq!(read(dtd, true).unwrap_err().code, ErrorCode::Malformed);
        // As deep as the node limit lets a document be: no recursion to overflow a stack.
        let depth = MAX_NODES as usize - 10;
        let deep = format!(
            "<Server name='x'>{}{}</Server>",
            "<a>".repeat(depth),
            "</a>".repeat(depth)
        );
        assert_eq!(read(deep.as_bytes(), true).unwrap().server["name"], "x");
        let wide = format!("<Server name='x'>{}</Server>", "<a/>".repeat(MAX_NODES as usize));
        assert_eq!(read(wide.as_bytes(), true).unwrap_err().code, ErrorCode::Malformed);
        // What the node limit does not bound.
        let spaces = format!(
            "<Server name='x' xmlns:p='u'>{}</Server>",
            "<a xmlns:q='u'/>".repeat(10)
        );
        assert_eq!(read(spaces.as_bytes(), true).unwrap_err().code, ErrorCode::Malformed);
        let many: String = (0..65).map(|i| format!(" a{i}='=>'")).collect();
        let many = format!("<Server name='x'{many}/>");
        assert_eq!(read(many.as_bytes(), true).unwrap_err().code, ErrorCode::Malformed);
        let enough: String = (0..63).map(|i| format!(" a{i}='=>'")).collect();
        assert_eq!(
            read(format!("<Server name='x'{enough}/>").as_bytes(), true)
                .unwrap()
                .server
                .len(),
            64
        );
        // A character across the excerpt's cut: no panic.
        let cut = format!("<Server name='x'>{}é<</Server>", "a".repeat(199));
        assert_eq!(read(cut.as_bytes(), true).unwrap_err().code, ErrorCode::Malformed);
    }
}
