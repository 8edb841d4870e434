//! A GameSpy 3 status for people (`crate::spec::describe`): the server keys, and the
//! players with whichever of score, ping, team and deaths they have.

use serde_json::Value;

use crate::spec::describe::{described, raw_columns, server_fields, settings, text, Description, Section};

pub fn describe(s: &Value, color: bool) -> Description {
    let f = server_fields(s, color, text(&s["raw"]["rules"]["gamename"]));
    described(s, f, settings(&s["raw"]["rules"]).into_iter().collect(), Some(table))
}

fn table(s: &Value, list: &[Value]) -> Section {
    raw_columns(s, list, &["score", "ping", "team", "deaths"], Value::is_string)
}
