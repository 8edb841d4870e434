//! A Bedrock status for people (`crate::spec::describe`): both MOTD lines, the edition,
//! the advertised ports and the server's GUID.

use serde_json::Value;

use crate::spec::describe::{described, motd, ms, players, text, truthy, Description, Fields};

pub fn describe(s: &Value, color: bool) -> Description {
    described(s, fields(s, color), vec![], None)
}

/// Its fields (the `minecraft` race shows them when only Bedrock answered).
pub fn fields(s: &Value, color: bool) -> Fields {
    let raw = &s["raw"];
    let edition = match text(&raw["edition"]).as_deref() {
        Some("MCEE") => "Education Edition".to_string(),
        other => other.unwrap_or("undefined").to_string(),
    };
    let version = text(&s["version"]).map(|v| match text(&raw["protocol"]) {
        Some(p) => format!("{v} (protocol {p})"),
        None => v,
    });
    let ports = text(&raw["portV4"]).map(|v4| match raw["portV6"].as_f64() {
        Some(v6) if v6 > 0.0 => format!("IPv4 {v4}, IPv6 {}", text(&raw["portV6"]).unwrap_or_default()),
        _ => format!("IPv4 {v4}"),
    });
    let mut f = Fields::default();
    f.add("motd", motd(&raw["motd"], color))
        .add("protocol", Some(format!("minecraft-bedrock ({edition})")))
        .add("version", version)
        .add(
            "world",
            truthy(&raw["levelName"]["plain"])
                .then(|| motd(&raw["levelName"], color))
                .flatten(),
        )
        .add("mode", text(&s["mode"]))
        .add("players", Some(players(s)))
        .add("ping", ms(&s["pingMs"]))
        .add("ports", ports)
        .add("server guid", text(&raw["serverGuid"]));
    f
}
