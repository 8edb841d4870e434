//! TeamSpeak 3 in gamedig's shape (its `teamspeak3` class): `raw` the `serverinfo` record
//! with `raw.channels`, each voice client a player (its nickname as `name`, its other fields
//! in its `raw`); gamedig's `teamspeakQueryPort` is our `queryPort`, its `queryPort` the
//! voice port it was given; its `token` (a WebQuery API key) ours. The counts are numbers (gamedig's are the record's text, and
//! count the query clients, its own connection among them). And the status for people.

use serde_json::{Map, Value};

use crate::json::{Json, Key};
use crate::spec::describe::{described, ms, password, players, text, Description, Fields, Section};
use crate::spec::gamedig::{player_of, Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig {
    options,
    results,
    unanswered: |_, _, _| None,
    target: None,
};

fn options(gamedig: &Value, ours: &mut Map<String, Value>) {
    if let Some(port) = gamedig["teamspeakQueryPort"].as_u64() {
        ours.insert("queryPort".into(), Value::from(port));
    }
    // TeamSpeak 6's WebQuery key, as gamedig's pull request #756 names it.
    if let Some(token) = gamedig["token"].as_str() {
        ours.insert("token".into(), Value::from(token));
    }
}

fn results(status: &Json, _variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    let mut out = match &raw["serverinfo"] {
        Json::Object(members) => members.clone(),
        _ => vec![],
    };
    out.push((
        Key::Borrowed("channels"),
        raw["channels"]
            .as_array()
            .map_or(Json::Array(vec![]), |c| Json::Array(c.to_vec())),
    ));
    r.raw = Json::Object(out);
    r.players = raw["clients"]
        .as_array()
        .unwrap_or_default()
        .iter()
        .filter(|c| c["client_type"].as_str() == Some("0"))
        .map(|c| {
            // gamedig renames the nickname `name`; the other fields are the player's raw.
            let mut fields = match c {
                Json::Object(members) => members.clone(),
                _ => vec![],
            };
            for (k, _) in fields.iter_mut().filter(|(k, _)| k == "client_nickname") {
                *k = Key::Borrowed("name");
            }
            player_of(Json::Object(fields))
        })
        .collect();
    if let Some(port) = raw["serverinfo"]["virtualserver_port"]
        .as_str()
        .and_then(|p| p.parse().ok())
    {
        r.query_port = port;
    }
}

pub fn describe(s: &Value, _color: bool) -> Description {
    let info = &s["raw"]["serverinfo"];
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("version", text(&s["version"]))
        .add("platform", text(&info["virtualserver_platform"]))
        .add("players", Some(players(s)))
        .add("password", password(s))
        .add("channels", text(&info["virtualserver_channelsonline"]))
        .add(
            "uptime",
            info["virtualserver_uptime"].as_str().map(|u| format!("{u} s")),
        )
        .add("ping", ms(&s["pingMs"]));
    let mut sections = vec![];
    if let Some(welcome) = info["virtualserver_welcomemessage"].as_str().filter(|w| !w.is_empty()) {
        sections.push(Section::list("welcome", vec![("message".into(), welcome.into())]));
    }
    let channels: Vec<Vec<Value>> = s["raw"]["channels"]
        .as_array()
        .map(|c| {
            c.iter()
                .map(|ch| {
                    let n = ch["total_clients"].as_str().and_then(|t| t.parse::<i64>().ok());
                    vec![
                        ch["channel_name"].clone(),
                        n.map_or(Value::Null, Value::from),
                        ch["channel_topic"].clone(),
                    ]
                })
                .collect()
        })
        .unwrap_or_default();
    if !channels.is_empty() {
        sections.push(Section::table("channels", &["name", "clients", "topic"], channels));
    }
    described(s, f, sections, None)
}
