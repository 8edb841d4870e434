//! RAGE MP's list and the server asked for, as the unified `Status`: its `name`, `gamemode`
//! as the mode, `players.amount` of `players.max` (the list names no players); the project
//! it is listed in, with all its servers, in `raw` as sent (gamedig's `raw`).

use serde_json::{Map, Value};

use super::{MAX_BODY, PATH};
use crate::error::Result;
use crate::http::vendor::{as_list, entries, not_listed, Asked, Vendor};
use crate::json::members::{integer_or_text, text};
use crate::spec::query::About;
use crate::status::{count, known, Known, Status, StatusPlayers};

/// What `query('ragemp')` returns in `raw`: the project the server is listed in, as sent.
pub type RageMpQueryResult = Map<String, Value>;

/// RAGE MP's master list, for [`crate::http::vendor`].
#[derive(Debug, Clone, Copy)]
pub struct Listed;

/// The project and the server in it that the target is: the project's `id` (its first
/// server then) or a server's `id` is the target's `host:port` as given.
pub fn entry(list: Vec<Value>, asked: &Asked) -> Option<(Map<String, Value>, Map<String, Value>)> {
    let servers = |project: &Map<String, Value>| -> Vec<Map<String, Value>> {
        match project.get("servers") {
            Some(Value::Array(s)) => s.iter().filter_map(|s| s.as_object().cloned()).collect(),
            _ => vec![],
        }
    };
    list.into_iter().find_map(|item| {
        let Value::Object(project) = item else { return None };
        let all = servers(&project);
        let server = match text(&project, "id").is_some_and(|id| asked.at(id)) {
            true => all.into_iter().next(),
            false => all.into_iter().find(|s| text(s, "id").is_some_and(|id| asked.at(id))),
        }?;
        Some((project, server))
    })
}

pub fn status(project: Map<String, Value>, server: &Map<String, Value>, latency_ms: f64) -> Status<RageMpQueryResult> {
    let players = server.get("players").and_then(Value::as_object);
    let number = |key| players.and_then(|p| integer_or_text(p, key)).map_or(0, count);
    Status::new(
        Known {
            name: text(server, "name").unwrap_or_default().trim().to_string(),
            mode: text(server, "gamemode").and_then(known),
            players: StatusPlayers::new(number("amount"), number("max"), vec![]),
            ping_ms: Some(latency_ms),
            ..Known::default()
        },
        project,
    )
}

impl Vendor for Listed {
    const MAX_BODY: usize = MAX_BODY;
    /// The list writes the address a server announced (a name, where it has one): compared
    /// as given, as gamedig does.
    const BY_ADDRESS: bool = false;
    const STATE: &'static str = "RAGE MP state";
    type Raw = RageMpQueryResult;

    fn path(&self, _about: &About<'_>) -> Result<String> {
        Ok(PATH.to_string())
    }

    fn status(&self, body: &[u8], latency_ms: f64, asked: &Asked) -> Result<Status<Self::Raw>> {
        let list = entries(body, PATH, None, "RAGE MP's master list")?;
        let size = list.len();
        match entry(list, asked) {
            Some((project, server)) => Ok(status(project, &server, latency_ms)),
            None => Err(not_listed("RAGE MP's master list", size, asked)),
        }
    }

    /// The state's projects (or its one: a saved query's `raw`) as the list.
    fn answer(state: &Value, path: &str) -> Option<(u16, Vec<u8>)> {
        (path == PATH).then(|| (200, serde_json::to_vec(&as_list(state)).unwrap_or_default()))
    }
}

/// A project of the list (the TypeScript shape of `raw`): its id and its servers.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "RageMpQueryResult", optional_fields)]
pub struct RageMpReply {
    /// Its first server's `host:port`.
    pub id: String,
    pub servers: Vec<RageMpServer>,
}

/// A server of a project. `gamemode`, `url`, `lang` and `players.peak` are the members the
/// first list (`/master/`) had; gamedig reads only `id`, `name` and the counts.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(optional_fields)]
pub struct RageMpServer {
    /// `host:port`, as the server is queried and joined.
    pub id: String,
    pub name: String,
    pub gamemode: String,
    pub url: String,
    pub lang: String,
    pub players: RageMpPlayers,
}

/// A server's counts.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(optional_fields)]
pub struct RageMpPlayers {
    pub amount: f64,
    pub max: f64,
    pub peak: f64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn asked(host: &str, port: u16) -> Asked {
        Asked::named(host, port)
    }

    #[test]
    fn the_project_or_one_of_its_servers() {
        let list = || {
            vec![
                json!({"id":"s1.example.org:22005","servers":[{"id":"s1.example.org:22005","name":"one"},{"id":"s2.example.org:22005","name":"two","players":{"amount":"7","max":200},"gamemode":"rp"}]}),
                json!({"id":"10.0.0.1:22005","servers":[]}),
                json!(null),
            ]
        };
        let found = |host, port| entry(list(), &asked(host, port)).map(|(p, s)| (p["id"].clone(), s["name"].clone()));
        assert_eq!(
            found("S1.example.org", 22005),
            Some((json!("s1.example.org:22005"), json!("one")))
        );
        assert_eq!(
            found("s2.example.org", 22005),
            Some((json!("s1.example.org:22005"), json!("two")))
        );
        assert_eq!(found("s2.example.org", 22006), None);
        assert_eq!(
            found("10.0.0.1", 22005),
            None,
            "a project without servers has none to report"
        );
        let s = Listed
            .status(
                serde_json::to_vec(&list()).unwrap().as_slice(),
                1.0,
                &asked("s2.example.org", 22005),
            )
            .unwrap();
        assert_eq!(
            (s.name.as_str(), s.players.online, s.players.max, s.mode.as_deref()),
            ("two", 7, 200, Some("rp"))
        );
        assert_eq!(s.raw["id"], "s1.example.org:22005");
        let e = Listed.status(b"[]", 1.0, &asked("x", 1)).unwrap_err();
        assert_eq!(e.code, crate::error::ErrorCode::NotListed);
    }
}
