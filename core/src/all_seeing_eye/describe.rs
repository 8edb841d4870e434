//! An All-Seeing Eye status for people (`crate::spec::describe`): the game, the rules the
//! server's scripts announce, and the players with whichever of score, ping and team it
//! sent (MTA sends all, most empty).

use serde_json::Value;

use crate::spec::describe::{described, plain_rule, raw_columns, rules, server_fields, text, Description, Section};

pub fn describe(s: &Value, color: bool) -> Description {
    let f = server_fields(s, color, text(&s["raw"]["game"]));
    described(s, f, rules(s, plain_rule).into_iter().collect(), Some(table))
}

fn table(s: &Value, list: &[Value]) -> Section {
    raw_columns(s, list, &["score", "ping", "team"], |v| {
        v.as_str().is_some_and(|v| !v.is_empty())
    })
}
