//! An Unreal 2 status for people (`crate::spec::describe`): the rules, and the players with
//! their scores and pings.

use serde_json::Value;

use crate::spec::describe::{described, plain_rule, raw_columns, rules, server_fields, Description, Section};

pub fn describe(s: &Value, color: bool) -> Description {
    // Its game type is the mode already: no game line.
    let f = server_fields(s, color, None);
    described(s, f, rules(s, plain_rule).into_iter().collect(), Some(table))
}

fn table(s: &Value, list: &[Value]) -> Section {
    raw_columns(s, list, &["score", "ping"], Value::is_number)
}
