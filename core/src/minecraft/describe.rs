//! `query('minecraft')` for people (`crate::spec::describe`): the fields of the edition
//! that answered (Java's when both did), which editions answered, and why the others did
//! not.

use serde_json::Value;

use crate::spec::describe::{described, text, truthy, Description};

pub fn describe(s: &Value, color: bool) -> Description {
    let raw = &s["raw"];
    let java = truthy(&raw["java"]);
    let mut edition = s.clone();
    edition["protocol"] = Value::String(if java { "minecraft-java" } else { "minecraft-bedrock" }.into());
    edition["raw"] = if java {
        raw["java"].clone()
    } else {
        raw["bedrock"].clone()
    };
    let mut f = if java {
        super::java::describe::fields(&edition, color)
    } else {
        super::bedrock::describe::fields(&edition, color)
    };
    let editions: Vec<String> = raw["editions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(text)
        .collect();
    let query = if truthy(&raw["query"]) {
        " (+ Query full stat)"
    } else {
        ""
    };
    f.replace("protocol", "editions", format!("{}{query}", editions.join(" + ")));
    for (part, e) in raw["errors"].as_object().into_iter().flatten() {
        let why = format!(
            "{}: {}",
            text(&e["code"]).unwrap_or_default(),
            text(&e["message"]).unwrap_or_default()
        );
        f.add(&format!("no {part}"), Some(why));
    }
    described(s, f, vec![], None)
}
