//! An A2S status for people (`crate::spec::describe`): the game and its app id, VAC,
//! the bots among the players, the rules, Arma 3's and DayZ's DLCs and mods, and each
//! player's time on the server (7 Days to Die's console: its names).

use serde_json::Value;

use crate::spec::describe::{described, ms, plain_rule, players, players_title, rules, text, truthy};
use crate::spec::describe::{number, Description, Fields, Section};

pub fn describe(s: &Value, _color: bool) -> Description {
    let raw = &s["raw"];
    let info = if raw["info"].is_null() {
        &raw["goldSrc"]
    } else {
        &raw["info"]
    };
    let protocol = if truthy(&raw["goldSrc"]) {
        " (GoldSrc)".to_string()
    } else {
        format!(" (protocol {})", text(&info["protocol"]).unwrap_or_default())
    };
    let app = match &raw["info"]["appId"] {
        id if truthy(id) => format!(", app {}", text(id).unwrap_or_default()),
        _ => String::new(),
    };
    let game = format!(
        "{} ({}{app})",
        text(&s["mode"]).unwrap_or_default(),
        text(&info["folder"]).unwrap_or_default()
    );
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", Some(format!("a2s{protocol}")))
        .add("game", Some(game))
        .add("map", text(&s["map"]))
        .add("players", Some(players(s)))
        .add("version", text(&s["version"]))
        .add("password", (s["password"] == true).then(|| "yes".into()))
        .add("VAC", truthy(&info["vac"]).then(|| "secured".into()))
        .add("game port", text(&raw["info"]["gamePort"]))
        .add("keywords", text(&raw["info"]["keywords"]))
        .add("ping", ms(&s["pingMs"]));
    // Arma 3's and DayZ's message: the DLCs it needs beside the rules, then its mods.
    let browser = &raw["serverBrowser"];
    let names = |key: &str, field: &str| {
        let list: Vec<String> = browser[key]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|d| text(&d[field]))
            .collect();
        (!list.is_empty()).then(|| list.join(", "))
    };
    f.add("DLCs", names("dlcs", "name"))
        .add("description", text(&browser["description"]));
    let mut sections: Vec<Section> = rules(s, plain_rule).into_iter().collect();
    if let Some(mods) = browser["mods"].as_array().filter(|m| !m.is_empty()) {
        let rows = mods
            .iter()
            .map(|m| vec![m["name"].clone(), m["workshopId"].clone()])
            .collect();
        sections.push(Section::table(
            format!("mods ({})", mods.len()),
            &["name", "workshop id"],
            rows,
        ));
    }
    described(s, f, sections, Some(table))
}

/// Names, scores and time on the server, from A2S_PLAYER's records.
fn table(s: &Value, list: &[Value]) -> Section {
    // 7 Days to Die's console named them: its names are the list.
    if s["raw"]["console"].is_object() {
        let rows = list.iter().map(|p| vec![p["name"].clone()]).collect();
        return Section::table(players_title(s, list.len()), &["name"], rows);
    }
    let time = |sec: f64| format!("{}m{:02}s", number((sec / 60.0).floor()), (sec % 60.0).floor() as i64);
    let rows = s["raw"]["players"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            let duration = time(p["duration"].as_f64().unwrap_or(0.0));
            vec![p["name"].clone(), p["score"].clone(), Value::String(duration)]
        })
        .collect();
    Section::table(players_title(s, list.len()), &["name", "score", "time"], rows)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn arma_mods_and_a_7dtd_console_are_described() {
        let status = json!({
            "protocol": "a2s", "name": "Arma", "mode": "Arma 3", "players": { "online": 1, "max": 10, "list": [{ "name": "Kane" }] },
            "raw": {
                "info": { "protocol": 17, "folder": "Arma3", "appId": 107410 },
                "players": [{ "name": "", "score": 0, "duration": 1.0 }],
                "serverBrowser": {
                    "version": 3,
                    "dlcs": [{ "flag": 1, "name": "Karts", "hash": 1 }, { "flag": 16, "name": "Apex", "hash": 2 }],
                    "mods": [{ "name": "CBA_A3", "workshopId": "450814997", "hash": 3 }],
                    "creatorDlcs": [], "signatures": ["a3"]
                },
                "console": { "players": [{ "name": "Kane", "line": "0. id=1, Kane," }], "responses": [] }
            }
        });
        let d = super::describe(&status, false);
        assert!(
            d.fields.contains(&("DLCs".into(), "Karts, Apex".into())),
            "{:?}",
            d.fields
        );
        let mods = d.sections.iter().find(|s| s.title == "mods (1)").expect("a mods table");
        assert_eq!(mods.rows.as_ref().unwrap()[0], [json!("CBA_A3"), json!("450814997")]);
        let players = d
            .sections
            .iter()
            .find(|s| s.title.starts_with("players"))
            .expect("a players table");
        assert_eq!(players.headers.as_deref(), Some(&["name".to_string()][..]));
        assert_eq!(players.rows.as_ref().unwrap()[0], [json!("Kane")]);
    }
}
