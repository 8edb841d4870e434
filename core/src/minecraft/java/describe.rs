//! A Minecraft Java status (or legacy ping) for people (`crate::spec::describe`): the
//! MOTD as the terminal can show it, how the version and latency were learnt, SRV, the
//! favicon, Forge.

use serde_json::Value;

use crate::spec::describe::{described, motd, ms, players, text, truthy, Description, Fields};

pub fn describe(s: &Value, color: bool) -> Description {
    described(s, fields(s, color), vec![], None)
}

/// Its fields (the `minecraft` race shows them for the edition that answered).
pub fn fields(s: &Value, color: bool) -> Fields {
    let raw = &s["raw"];
    let protocol = format!(
        "{}{}{}",
        text(&s["protocol"]).unwrap_or_default(),
        if truthy(&raw["legacy"]) {
            " (legacy ping fallback)"
        } else {
            ""
        },
        text(&raw["variant"])
            .filter(|v| !v.is_empty())
            .map_or(String::new(), |v| format!(" ({v} reply)"))
    );
    let protocol_number = text(&raw["version"]["protocol"]).or_else(|| text(&raw["protocol"]));
    let version = text(&s["version"]).map(|v| match &protocol_number {
        Some(p) => format!("{v} (protocol {p})"),
        None => v,
    });
    let via = if raw["latencySource"] == "status" {
        " (status round trip)"
    } else {
        ""
    };
    let srv = &raw["srv"];
    let favicon = &raw["favicon"];
    let forge = &raw["forge"];
    let mut f = Fields::default();
    f.add("motd", motd(&raw["motd"], color))
        .add("protocol", Some(protocol))
        .add("version", version)
        .add("players", Some(players(s)))
        .add("ping", ms(&s["pingMs"]).map(|m| format!("{m}{via}")))
        .add(
            "srv",
            truthy(srv).then(|| {
                format!(
                    "{}:{}",
                    text(&srv["target"]).unwrap_or_default(),
                    text(&srv["port"]).unwrap_or_default()
                )
            }),
        )
        .add(
            "favicon",
            truthy(favicon).then(|| {
                format!(
                    "{}, {} bytes",
                    text(&favicon["mimeType"]).unwrap_or_default(),
                    text(&favicon["byteLength"]).unwrap_or_default()
                )
            }),
        )
        .add(
            "forge",
            truthy(forge).then(|| {
                let mods = forge["mods"].as_array().map_or(0, Vec::len);
                format!("FML{}, {mods} mods", text(&forge["fml"]).unwrap_or_default())
            }),
        )
        .add(
            "secure chat",
            raw["enforcesSecureChat"]
                .as_bool()
                .map(|e| if e { "enforced" } else { "not enforced" }.into()),
        );
    f
}
