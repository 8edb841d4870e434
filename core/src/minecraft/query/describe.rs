//! A Minecraft Query status for people (`crate::spec::describe`): the stat asked for, the
//! server software and its plugins, the game port.

use serde_json::Value;

use crate::spec::describe::{described, motd, ms, players, text, truthy, Description, Fields};

pub fn describe(s: &Value, color: bool) -> Description {
    let raw = &s["raw"];
    let stat = if truthy(&raw["full"]) { "full" } else { "basic" };
    let plugins = raw["pluginList"]
        .as_array()
        .filter(|p| !p.is_empty())
        .map(|p| p.iter().filter_map(text).collect::<Vec<_>>().join(", "));
    let mut f = Fields::default();
    f.add("motd", motd(&raw["motd"], color))
        .add("protocol", Some(format!("minecraft-query ({stat} stat)")))
        .add("version", text(&s["version"]))
        .add("software", text(&raw["serverMod"]))
        .add("plugins", plugins)
        .add("map", text(&s["map"]))
        .add("players", Some(players(s)))
        .add("ping", ms(&s["pingMs"]))
        .add("game port", text(&raw["hostPort"]));
    described(s, f, vec![], None)
}
