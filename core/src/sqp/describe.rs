//! An SQP status for people (`crate::spec::describe`): the chunks that came, typed rules,
//! and the players' and teams' records as tables with the fields the server declared.

use serde_json::Value;

use crate::spec::describe::{ms, players, rules, text, Description, Fields, Section};

pub fn describe(s: &Value, _color: bool) -> Description {
    let raw = &s["raw"];
    let list = |v: &Value| {
        v.as_array()
            .filter(|a| !a.is_empty())
            .map(|a| a.iter().filter_map(text).collect::<Vec<_>>().join(", "))
    };
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add(
            "protocol",
            Some(format!("sqp (version {})", text(&raw["version"]).unwrap_or_default())),
        )
        .add("mode", text(&s["mode"]))
        .add("map", text(&s["map"]))
        .add("build", text(&s["version"]))
        .add("players", (!raw["info"].is_null()).then(|| players(s)))
        .add("game port", text(&raw["info"]["port"]))
        .add("ping", ms(&s["pingMs"]))
        .add("metrics", list(&raw["metrics"]))
        .add(
            "missing",
            list(&raw["missing"]).map(|m| format!("{m} (requested, not sent)")),
        );
    let typed = |v: &Value| {
        format!(
            "{} ({})",
            text(&v["value"]).unwrap_or_default(),
            text(&v["type"]).unwrap_or_default()
        )
    };
    let mut sections: Vec<Section> = rules(s, typed).into_iter().collect();
    sections.extend(records("players", &raw["players"]));
    sections.extend(records("teams", &raw["teams"]));
    // The records are the players: no list of names after them.
    Description {
        fields: f.into_vec(),
        sections,
        ..Description::default()
    }
}

/// A records chunk as a table of the fields the server declared.
fn records(title: &str, r: &Value) -> Option<Section> {
    let records = r["records"].as_array().filter(|r| !r.is_empty())?;
    let fields: Vec<&str> = r["fields"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|f| f["name"].as_str())
        .collect();
    let rows = records
        .iter()
        .map(|rec| fields.iter().map(|f| rec[*f].clone()).collect())
        .collect();
    Some(Section::table(format!("{title} ({})", records.len()), &fields, rows))
}
