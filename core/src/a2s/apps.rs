//! What particular games (by Steam app id) do with A2S that the protocol does not say:
//! where their status really is. Facts from gamedig's `protocols/valve.js` (5.3.3); the
//! code is ours. Rust's player counts in its keywords are in `unified.rs`.

use super::A2sQueryResult;
use crate::values::RuleList;

pub const CSGO: u32 = 730;
pub const SQUAD: u32 = 393_380;
pub const BATTALION_1944: u32 = 489_940;
pub const SOULMASK: u32 = 2_646_460;

/// Games whose status is partly in their rules: A2S_RULES is asked even when the caller
/// did not (and a silent rules step costs nothing but the step).
pub fn needs_rules(app_id: u32) -> bool {
    matches!(app_id, SQUAD | BATTALION_1944)
}

/// CS:GO lists a player named "Max Players" that is not one.
pub fn fake_player(app_id: u32, name: &str) -> bool {
    app_id == CSGO && name == "Max Players"
}

/// The status fields a game keeps in its rules, over what A2S_INFO said.
#[derive(Debug, Default, PartialEq)]
pub struct FromRules {
    pub name: Option<String>,
    pub online: Option<u32>,
    pub max: Option<u32>,
    pub password: Option<bool>,
    pub version: Option<String>,
}

pub fn from_rules(raw: &A2sQueryResult) -> FromRules {
    let (Some(info), Some(rules)) = (&raw.info, &raw.rules) else {
        return FromRules::default();
    };
    let number = |rules: &RuleList, key: &str| rules.get(key).and_then(|v| v.trim().parse().ok());
    match info.app_id {
        // Battalion 1944 puts its real name, counts and password in rules.
        BATTALION_1944 if rules.get("bat_name_s").is_some() => FromRules {
            name: rules.get("bat_name_s").map(str::to_string),
            online: number(rules, "bat_player_count_s"),
            max: number(rules, "bat_max_players_i"),
            password: rules.get("bat_has_password_s").map(|v| v == "Y"),
            version: None,
        },
        SQUAD => FromRules {
            password: (rules.get("Password_b") == Some("true")).then_some(true),
            ..FromRules::default()
        },
        SOULMASK => FromRules {
            version: rules.get("NO_s").map(str::to_string),
            ..FromRules::default()
        },
        _ => FromRules::default(),
    }
}
