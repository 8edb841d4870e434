//! What gamedig's classes for particular A2S games (`dayz`, `toxikk`) add to its result:
//! the drop-in gives the same (facts from gamedig 5.3.3's `protocols/dayz.js` and
//! `toxikk.js`; the code is ours). Picked by the game asked for (the games table's
//! `variant`), as gamedig picks its class by the game's id. `raw` is the object being built.

use crate::json::Json;

/// DayZ's keywords as flags and numbers: `no3rd` (first person only), `isDLC`,
/// `privHive`, `external`, `lqs<n>` (queue), `etm<n>`/`entm<n>` (day/night speed), the
/// in-game time (`hh:mm`); a server neither external nor on a private hive is official.
/// With the rules asked for, `dayzMods`: the mods of the server browser message in the
/// rules (`serverBrowser`), then its keys as entries with a title only, as gamedig lists
/// them ({} when the rules hold no message).
pub fn dayz(raw: &mut Json, ours: &Json) {
    if ours["rules"].is_object() {
        let message = &ours["serverBrowser"];
        let mods = message["mods"].as_array().map(|mods| {
            let mods = mods.iter().map(|m| {
                let id = m["workshopId"].as_str().and_then(|id| id.parse::<u64>().ok());
                Json::object([
                    ("unknown", m["hash"].clone()),
                    ("workshopId", Json::from(id)),
                    ("title", m["name"].clone()),
                ])
            });
            let keys = message["signatures"].as_array().into_iter().flatten();
            Json::Array(mods.chain(keys.map(|k| Json::object([("title", k.clone())]))).collect())
        });
        raw.insert("dayzMods", mods.unwrap_or_else(|| Json::Object(vec![])));
    }
    let Some(tags) = raw["tags"].as_array().map(<[Json]>::to_vec) else {
        return;
    };
    let tags: Vec<&str> = tags.iter().filter_map(Json::as_str).collect();
    let has = |word: &str| tags.iter().any(|t| t.contains(word));
    let (dlc, first, private, external) = (has("isDLC"), has("no3rd"), has("privHive"), has("external"));
    raw.insert("dlcEnabled", Json::Bool(dlc));
    raw.insert("firstPerson", Json::Bool(first));
    raw.insert("privateHive", Json::Bool(private));
    raw.insert("external", Json::Bool(external));
    raw.insert("official", Json::Bool(!private && !external));
    // The leading digits, as JavaScript's parseInt reads `etm4.000000` (4).
    let number = |prefix: &str| {
        tags.iter()
            .rev()
            .find_map(|t| {
                let rest = t.strip_prefix(prefix)?;
                let end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
                rest[..end].parse::<i64>().ok()
            })
            .map(Json::from)
    };
    for (prefix, key) in [
        ("lqs", "queue"),
        ("etm", "dayAcceleration"),
        ("entm", "nightAcceleration"),
    ] {
        if let Some(n) = number(prefix) {
            raw.insert(key, n);
        }
    }
    if let Some(time) = tags.iter().rev().find(|t| t.contains(':')) {
        raw.insert("time", Json::from(*time));
    }
}

/// Frontlines: Fuel of War: its info's own names (`mod`, `gamemode`, `description`) and
/// fields, as gamedig's `ffow` class gives them; no app id or bot count (its reply has none).
pub fn ffow(raw: &mut Json, ours: &Json) {
    let info = &ours["info"];
    let own = &ours["ffow"];
    for key in ["folder", "game", "appId", "numbots"] {
        raw.remove(key);
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
            raw.insert(key, value.clone());
        }
    }
}

/// 7 Days to Die with its console asked: what it said, under gamedig's names (the
/// players themselves go to the list), its lines ending as gamedig's telnet client gives them.
pub fn sdtd(raw: &mut Json, ours: &Json) {
    let console = &ours["console"];
    if !console.is_object() {
        return;
    }
    let output = |command: &str| {
        let responses = console["responses"].as_array().into_iter().flatten();
        let output = responses.clone().find(|r| r["command"] == command)?["output"].as_str()?;
        // Its telnet client gives lines ending in `\n`.
        Some(Json::from(output.replace("\r\n", "\n")))
    };
    if let Some(text) = output("listplayers") {
        raw.insert("telnetPlayersResponse", text);
    }
    if let Some(text) = output("gettime") {
        for (key, ours) in [("day", "day"), ("time", "time"), ("hordeDay", "hordeDay")] {
            if !console[ours].is_null() {
                raw.insert(key, console[ours].clone());
            }
        }
        raw.insert("telnetGettimeResponse", text);
    }
    if let Some(text) = output("version") {
        for (key, ours) in [
            ("gameVersion", "gameVersion"),
            ("compatibilityVersion", "compatibilityVersion"),
        ] {
            if !console[ours].is_null() {
                raw.insert(key, console[ours].clone());
            }
        }
        raw.insert("mods", console["mods"].clone());
        raw.insert("telnetVersionResponse", text);
    }
}

/// Toxikk (UDK): its rules beside the other raw fields, their property ids named, the
/// mutator lists split.
pub fn toxikk(raw: &mut Json) {
    let Some(Json::Object(rules)) = raw.get("rules").cloned() else {
        return;
    };
    for (key, value) in rules {
        match TOXIKK_NAMES.iter().find(|(id, _)| *id == key) {
            Some((_, "")) => {}
            Some((_, name)) => raw.insert(name, value),
            None => raw.set(&key, Some(value)),
        }
    }
    for key in ["custom_mutators", "stock_mutators"] {
        if let Some(list) = raw[key].as_str() {
            let parts: Vec<Json> = list.split('\u{1c}').filter(|s| !s.is_empty()).map(Json::from).collect();
            raw.insert(key, Json::Array(parts));
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

    use crate::json::Json;

    fn of(v: serde_json::Value) -> Json {
        Json::from_value(&v)
    }

    #[test]
    fn dayz_keywords_become_flags_and_numbers_as_parse_int_reads_them() {
        let mut raw =
            of(json!({ "tags": ["battleye", "no3rd", "privHive", "lqs3", "etm4.000000", "entm6.000000", "12:30"] }));
        super::dayz(&mut raw, &of(json!({})));
        let raw = raw.to_value();
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
        let mut raw = of(json!({}));
        super::dayz(&mut raw, &of(json!({ "rules": {}, "serverBrowser": message })));
        let want = json!([{ "unknown": 7, "workshopId": 1559212036u64, "title": "Trader" }, { "title": "dayz" }]);
        assert_eq!(raw.to_value()["dayzMods"], want);
        super::dayz(&mut raw, &of(json!({ "rules": {} })));
        assert_eq!(raw.to_value()["dayzMods"], json!({}), "rules without a message");
        let mut raw = of(json!({}));
        super::dayz(&mut raw, &of(json!({})));
        assert_eq!(raw.get("dayzMods"), None, "rules not asked for");
    }

    #[test]
    fn toxikk_rules_are_named_and_mutators_split() {
        let mut raw = of(
            json!({ "rules": { "p1073741825": "CTF-Foundation", "s7": "1", "s1": "0", "p1073741828": "A\u{1c}B\u{1c}", "other": "x" } }),
        );
        super::toxikk(&mut raw);
        let raw = raw.to_value();
        assert_eq!(raw["map"], "CTF-Foundation");
        assert_eq!(raw["password"], "1");
        assert_eq!(raw["custom_mutators"], json!(["A", "B"]));
        assert_eq!(raw["other"], "x");
        assert!(raw.get("s1").is_none(), "a property gamedig drops");
        assert_eq!(raw["rules"]["s7"], "1", "rules stay as sent");
    }
}
