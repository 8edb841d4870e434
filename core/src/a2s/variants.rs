//! What gamedig's classes for particular A2S games (`dayz`, `toxikk`) add to its result:
//! the drop-in gives the same (facts from gamedig 5.3.3's `protocols/dayz.js` and
//! `toxikk.js`; the code is ours). Picked by the game asked for (the games table's
//! `variant`), as gamedig picks its class by the game's id.

use serde_json::{json, Map, Value};

/// DayZ's keywords as flags and numbers: `no3rd` (first person only), `isDLC`,
/// `privHive`, `external`, `lqs<n>` (queue), `etm<n>`/`entm<n>` (day/night speed), the
/// in-game time (`hh:mm`); a server neither external nor on a private hive is official.
/// With the rules asked for, `dayzMods`: the mods of the server browser message in the
/// rules (`serverBrowser`), then its keys as entries with a title only, as gamedig lists
/// them ({} when the rules hold no message).
pub fn dayz(raw: &mut Map<String, Value>, ours: &Value) {
    if ours["rules"].is_object() {
        let message = &ours["serverBrowser"];
        let mods = message["mods"].as_array().map(|mods| {
            let mods = mods.iter().map(|m| {
                let id = m["workshopId"].as_str().and_then(|id| id.parse::<u64>().ok());
                json!({ "unknown": m["hash"], "workshopId": id, "title": m["name"] })
            });
            let keys = message["signatures"].as_array().into_iter().flatten();
            Value::Array(mods.chain(keys.map(|k| json!({ "title": k }))).collect())
        });
        raw.insert("dayzMods".into(), mods.unwrap_or_else(|| json!({})));
    }
    let Some(tags) = raw.get("tags").and_then(Value::as_array).cloned() else {
        return;
    };
    let tags: Vec<&str> = tags.iter().filter_map(Value::as_str).collect();
    let has = |word: &str| Value::Bool(tags.iter().any(|t| t.contains(word)));
    let (dlc, first, private, external) = (has("isDLC"), has("no3rd"), has("privHive"), has("external"));
    let official = Value::Bool(private == Value::Bool(false) && external == Value::Bool(false));
    raw.insert("dlcEnabled".into(), dlc);
    raw.insert("firstPerson".into(), first);
    raw.insert("privateHive".into(), private);
    raw.insert("external".into(), external);
    raw.insert("official".into(), official);
    // The leading digits, as JavaScript's parseInt reads `etm4.000000` (4).
    let number = |prefix: &str| {
        tags.iter()
            .rev()
            .find_map(|t| {
                let rest = t.strip_prefix(prefix)?;
                let end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
                rest[..end].parse::<i64>().ok()
            })
            .map(Value::from)
    };
    for (prefix, key) in [
        ("lqs", "queue"),
        ("etm", "dayAcceleration"),
        ("entm", "nightAcceleration"),
    ] {
        if let Some(n) = number(prefix) {
            raw.insert(key.into(), n);
        }
    }
    if let Some(time) = tags.iter().rev().find(|t| t.contains(':')) {
        raw.insert("time".into(), Value::from(*time));
    }
}

/// Frontlines: Fuel of War: its info's own names (`mod`, `gamemode`, `description`) and
/// fields, as gamedig's `ffow` class gives them; no app id or bot count (its reply has none).
pub fn ffow(raw: &mut Map<String, Value>, ours: &Value) {
    let info = &ours["info"];
    let own = &ours["ffow"];
    for key in ["folder", "game", "appId", "numbots"] {
        raw.shift_remove(key);
    }
    let fields = [
        ("mod", &info["folder"]),
        ("gamemode", &own["mode"]),
        ("description", &info["game"]),
        ("averagefps", &own["averageFps"]),
        ("round", &own["round"]),
        ("maxrounds", &own["maxRounds"]),
        ("timeleft", &own["timeLeft"]),
    ];
    for (key, value) in fields {
        if !value.is_null() {
            raw.insert(key.into(), value.clone());
        }
    }
}

/// 7 Days to Die with its console asked: what it said, under gamedig's names (the
/// players themselves go to the list), its lines ending as gamedig's telnet client gives them.
pub fn sdtd(raw: &mut Map<String, Value>, ours: &Value) {
    let console = &ours["console"];
    if !console.is_object() {
        return;
    }
    let output = |command: &str| {
        let responses = console["responses"].as_array().into_iter().flatten();
        let output = responses.clone().find(|r| r["command"] == command)?["output"].as_str()?;
        // Its telnet client gives lines ending in `\n`.
        Some(Value::from(output.replace("\r\n", "\n")))
    };
    if let Some(text) = output("listplayers") {
        raw.insert("telnetPlayersResponse".into(), text);
    }
    if let Some(text) = output("gettime") {
        for (key, ours) in [("day", "day"), ("time", "time"), ("hordeDay", "hordeDay")] {
            if !console[ours].is_null() {
                raw.insert(key.into(), console[ours].clone());
            }
        }
        raw.insert("telnetGettimeResponse".into(), text);
    }
    if let Some(text) = output("version") {
        for (key, ours) in [
            ("gameVersion", "gameVersion"),
            ("compatibilityVersion", "compatibilityVersion"),
        ] {
            if !console[ours].is_null() {
                raw.insert(key.into(), console[ours].clone());
            }
        }
        raw.insert("mods".into(), console["mods"].clone());
        raw.insert("telnetVersionResponse".into(), text);
    }
}

/// Toxikk (UDK): its rules beside the other raw fields, their property ids named, the
/// mutator lists split.
pub fn toxikk(raw: &mut Map<String, Value>) {
    let Some(Value::Object(rules)) = raw.get("rules").cloned() else {
        return;
    };
    for (key, value) in rules {
        match TOXIKK_NAMES.iter().find(|(id, _)| *id == key) {
            Some((_, "")) => {}
            Some((_, name)) => {
                raw.insert((*name).into(), value);
            }
            None => {
                raw.insert(key, value);
            }
        }
    }
    for key in ["custom_mutators", "stock_mutators"] {
        if let Some(list) = raw.get(key).and_then(Value::as_str) {
            let parts: Vec<Value> = list
                .split('\u{1c}')
                .filter(|s| !s.is_empty())
                .map(Value::from)
                .collect();
            raw.insert(key.into(), Value::Array(parts));
        }
    }
}

/// Toxikk's rule keys (UE3 property and localized-setting ids) and their names; an empty
/// name is dropped.
const TOXIKK_NAMES: &[(&str, &str)] = &[
    ("p1073741825", "map"),
    ("p1073741826", "game"),
    ("p268435704", "frag_limit"),
    ("p268435705", "time_limit"),
    ("p268435703", "numbots"),
    ("p1073741827", "servername"),
    ("p268435717", ""),
    ("p1073741828", "custom_mutators"),
    ("s32779", "GameMode"),
    ("s0", "bot_skill"),
    ("s1", ""),
    ("s6", "pure_server"),
    ("s7", "password"),
    ("s8", "vs_bots"),
    ("s9", "Campaign"),
    ("s10", "force_respawn"),
    ("s11", "AllowKeyboard"),
    ("s12", "IsFullServer"),
    ("s13", "IsEmptyServer"),
    ("s14", "IsDedicated"),
    ("s15", "RankedServer"),
    ("s16", "OnlyFullGamePlayers"),
    ("s17", "IgnoredByMatchmaking"),
    ("s18", "OfficialServer"),
    ("s19", "ModdingLevel"),
    ("p268435706", "MaxPlayers"),
    ("p268435707", "MinNetPlayers"),
    ("p268435708", "MinSkillClass"),
    ("p268435709", "MaxSkillClass"),
    ("p1073741829", "PLAYERIDS1"),
    ("p1073741830", "PLAYERIDS2"),
    ("p1073741831", "PLAYERIDS3"),
    ("p1073741832", "PLAYERNAMES1"),
    ("p1073741833", "PLAYERNAMES2"),
    ("p1073741834", "PLAYERNAMES3"),
    ("p1073741837", "PLAYERSCS"),
    ("p1073741838", "PLAYERBadgeRanks"),
    ("p1073741839", "GameVersion"),
    ("p1073741840", "GameVoteList"),
];

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn dayz_keywords_become_flags_and_numbers_as_parse_int_reads_them() {
        let mut raw =
            json!({ "tags": ["battleye", "no3rd", "privHive", "lqs3", "etm4.000000", "entm6.000000", "12:30"] });
        super::dayz(raw.as_object_mut().unwrap(), &json!({}));
        assert_eq!(raw["firstPerson"], true);
        assert_eq!(raw["privateHive"], true);
        assert_eq!(raw["external"], false);
        assert_eq!(raw["official"], false);
        assert_eq!(raw["dlcEnabled"], false);
        assert_eq!(
            (
                raw["queue"].clone(),
                raw["dayAcceleration"].clone(),
                raw["nightAcceleration"].clone()
            ),
            (json!(3), json!(4), json!(6))
        );
        assert_eq!(raw["time"], "12:30");
    }

    #[test]
    fn dayz_mods_are_listed_with_the_keys_after_them_as_gamedig_lists_them() {
        let message =
            json!({ "mods": [{ "name": "Trader", "workshopId": "1559212036", "hash": 7 }], "signatures": ["dayz"] });
        let mut raw = json!({});
        super::dayz(
            raw.as_object_mut().unwrap(),
            &json!({ "rules": {}, "serverBrowser": message }),
        );
        let want = json!([{ "unknown": 7, "workshopId": 1559212036u64, "title": "Trader" }, { "title": "dayz" }]);
        assert_eq!(raw["dayzMods"], want);
        super::dayz(raw.as_object_mut().unwrap(), &json!({ "rules": {} }));
        assert_eq!(raw["dayzMods"], json!({}), "rules without a message");
        let mut raw = json!({});
        super::dayz(raw.as_object_mut().unwrap(), &json!({}));
        assert_eq!(raw.get("dayzMods"), None, "rules not asked for");
    }

    #[test]
    fn toxikk_rules_are_named_and_mutators_split() {
        let mut raw = json!({ "rules": { "p1073741825": "CTF-Foundation", "s7": "1", "s1": "0", "p1073741828": "A\u{1c}B\u{1c}", "other": "x" } });
        super::toxikk(raw.as_object_mut().unwrap());
        assert_eq!(raw["map"], "CTF-Foundation");
        assert_eq!(raw["password"], "1");
        assert_eq!(raw["custom_mutators"], json!(["A", "B"]));
        assert_eq!(raw["other"], "x");
        assert!(raw.get("s1").is_none(), "a property gamedig drops");
        assert_eq!(raw["rules"]["s7"], "1", "rules stay as sent");
    }
}
