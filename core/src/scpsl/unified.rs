//! The account's servers and the one asked for, as the unified `Status`: its name (`Info`,
//! base64, without the Unity rich-text tags it is styled with), its version, `Players`
//! (`"3/30"`), the players by nickname (else their user id); the reply in `raw` as sent.
//! A server the API says is offline is not reported as up.

use serde_json::{Map, Value};

use super::{MAX_BODY, PATH, WANTED};
use crate::error::{Error, ErrorCode, Result};
use crate::http::vendor::{Asked, Vendor};
use crate::json::members::{integer_or_text, text};
use crate::spec::query::About;
use crate::status::{count, known, Known, PlayerId, Status, StatusPlayer, StatusPlayers};

/// What `query('scpsl')` returns in `raw`: the API's reply as sent (every server of the
/// account).
pub type ScpSlQueryResult = Map<String, Value>;

/// The account asked about, for [`crate::http::vendor`]: its id and key (form-encoded),
/// and the server's id, if given.
#[derive(Debug, Clone)]
pub struct Account {
    pub id: String,
    pub key: String,
    pub server: Option<String>,
}

/// A server's `Info` decoded: its name as the server list shows it, tags and all.
pub fn info(server: &Map<String, Value>) -> String {
    let encoded = text(server, "Info").unwrap_or_default().trim();
    match base64_simd::STANDARD.decode_to_vec(encoded.as_bytes()) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(_) => encoded.to_string(),
    }
}

/// Text without Unity's rich-text tags (`<color=#f00>`, `</b>`, `<size=12>` …): a `<`, an
/// optional `/`, a letter or `#`, to the next `>`. A `<` that starts no tag (`<3`) stays.
pub fn plain(styled: &str) -> String {
    let mut out = String::with_capacity(styled.len());
    let mut rest = styled;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let name = after.strip_prefix('/').unwrap_or(after);
        let tag = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '#');
        match (tag, after.find('>'), after.find('<')) {
            (true, Some(end), next) if next.is_none_or(|n| n > end) => rest = &after[end + 1..],
            _ => {
                out.push('<');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn players(server: &Map<String, Value>) -> Vec<StatusPlayer> {
    let Some(Value::Array(list)) = server.get("PlayersList") else {
        return vec![];
    };
    list.iter()
        .filter_map(|p| {
            let (id, nickname) = match p {
                Value::String(id) => (id.as_str(), None),
                Value::Object(o) => (text(o, "ID").unwrap_or_default(), text(o, "Nickname")),
                _ => return None,
            };
            Some(StatusPlayer {
                name: nickname.filter(|n| !n.is_empty()).unwrap_or(id).to_string(),
                id: Some(PlayerId::Text(id.to_string())).filter(|_| !id.is_empty()),
                score: None,
                ping: None,
            })
        })
        .collect()
}

/// The reply's status: the server `server` of the account's, read; the reply in `raw`.
pub fn status(reply: Map<String, Value>, server: &Map<String, Value>, latency_ms: f64) -> Status<ScpSlQueryResult> {
    let counts = text(server, "Players").unwrap_or_default();
    let (online, max) = counts.split_once('/').unwrap_or((counts, ""));
    let parse = |n: &str| n.trim().parse::<i64>().map_or(0, count);
    Status::new(
        Known {
            name: plain(&info(server)),
            version: text(server, "Version").and_then(known),
            players: StatusPlayers::new(parse(online), parse(max), players(server)),
            ping_ms: Some(latency_ms),
            ..Known::default()
        },
        reply,
    )
}

impl Account {
    /// The server asked for among the account's: by `serverId`, else by the port asked.
    fn find<'a>(&self, servers: &'a [Value], asked: &Asked) -> Option<&'a Map<String, Value>> {
        servers
            .iter()
            .filter_map(Value::as_object)
            .find(|s| match &self.server {
                Some(id) => integer_or_text(s, "ID").is_some_and(|n| n.to_string() == *id),
                None => integer_or_text(s, "Port") == Some(i64::from(asked.port)),
            })
    }

    /// The API's own refusal (`Success: false`), as the error it is.
    fn refusal(reply: &Map<String, Value>) -> Error {
        let said = text(reply, "Error").unwrap_or("no reason given");
        let slow = reply.contains_key("Cooldown") || said.to_ascii_lowercase().contains("cooldown");
        match slow {
            true => Error::new(
                ErrorCode::RateLimited,
                format!("SCP: SL's API said {}: ask less often", crate::error::quoted(said)),
            ),
            false => Error::new(
                ErrorCode::Auth,
                format!(
                    "SCP: SL's API said {}: check the options accountId and apiKey (a verified server's account)",
                    crate::error::quoted(said)
                ),
            ),
        }
    }
}

impl Vendor for Account {
    const MAX_BODY: usize = MAX_BODY;
    /// The API knows servers by account and id, not by address.
    const BY_ADDRESS: bool = false;
    const STATE: &'static str = "SCP: SL state";
    type Raw = ScpSlQueryResult;

    fn path(&self, _about: &About<'_>) -> Result<String> {
        Ok(format!("{PATH}?id={}&key={}&{WANTED}", self.id, self.key))
    }

    fn status(&self, body: &[u8], latency_ms: f64, asked: &Asked) -> Result<Status<Self::Raw>> {
        let reply = match serde_json::from_slice::<Value>(body) {
            Ok(Value::Object(o)) if o.contains_key("Success") => o,
            _ => {
                return Err(Error::new(
                    ErrorCode::WrongProtocol,
                    format!("GET {PATH} answered what is not SCP: SL's server info"),
                )
                .with_text(crate::http::excerpt(body)))
            }
        };
        if reply.get("Success").and_then(Value::as_bool) != Some(true) {
            return Err(Self::refusal(&reply));
        }
        let servers = reply
            .get("Servers")
            .and_then(Value::as_array)
            .map_or(&[][..], Vec::as_slice);
        let which = match &self.server {
            Some(id) => format!("of id {id}"),
            None => format!("at port {} (or give its id: the option serverId)", asked.port),
        };
        let Some(server) = self.find(servers, asked) else {
            return Err(Error::new(
                ErrorCode::NotListed,
                format!("the account's {} servers have none {which}", servers.len()),
            ));
        };
        if server.get("Online").and_then(Value::as_bool) == Some(false) {
            let last = text(server, "LastOnline").map_or(String::new(), |d| format!(" (last online {d})"));
            return Err(Error::new(
                ErrorCode::NotListed,
                format!("SCP: SL's API says the server {which} is offline{last}"),
            ));
        }
        let server = server.clone();
        Ok(status(reply, &server, latency_ms))
    }

    /// The state (the API's reply) for any account and key.
    fn answer(state: &Value, path: &str) -> Option<(u16, Vec<u8>)> {
        let (route, _query) = path.split_once('?').unwrap_or((path, ""));
        (route == PATH).then(|| (200, serde_json::to_vec(state).unwrap_or_default()))
    }
}

/// The API's reply (the TypeScript shape of `raw`).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "ScpSlQueryResult", optional_fields)]
#[allow(non_snake_case)] // The API's own names.
pub struct ScpSlReply {
    pub Success: bool,
    /// Why not, where `Success` is false.
    pub Error: String,
    /// Seconds to wait, where the API refused for asking too often.
    pub Cooldown: f64,
    pub Servers: Vec<ScpSlServer>,
}

/// A server of the account.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(optional_fields)]
#[allow(non_snake_case)] // The API's own names.
pub struct ScpSlServer {
    pub ID: f64,
    pub Port: f64,
    /// `YYYY-MM-DD`.
    pub LastOnline: String,
    /// `"3/30"`.
    pub Players: String,
    pub PlayersList: Vec<ScpSlPlayer>,
    /// The name as the server list shows it, base64, with Unity rich-text tags.
    pub Info: String,
    /// The Pastebin id of the server's description.
    pub Pastebin: String,
    pub Version: String,
    /// Friendly fire.
    pub FF: bool,
    /// Whitelist.
    pub WL: bool,
    pub Modded: bool,
    pub Mods: f64,
    pub Suppress: bool,
    pub AutoSuppress: bool,
    pub Online: bool,
}

/// A player: `{ ID, Nickname }` with nicknames asked (as they are), else the user id alone.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(optional_fields)]
#[allow(non_snake_case)] // The API's own names.
pub struct ScpSlPlayer {
    /// `76561198000000000@steam`.
    pub ID: String,
    pub Nickname: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn account(server: Option<&str>) -> Account {
        Account {
            id: "1".into(),
            key: "k".into(),
            server: server.map(str::to_string),
        }
    }

    #[test]
    fn names_without_their_tags() {
        assert_eq!(
            plain("<color=#FF0000><b>Big</b></color>  <size=12>server</size>"),
            "Big server"
        );
        assert_eq!(plain("I <3 SCP <i"), "I <3 SCP <i");
        assert_eq!(plain("a<b<c>"), "a<b");
    }

    #[test]
    fn the_server_by_id_or_port() {
        let reply = json!({"Success":true,"Servers":[
            {"ID":11,"Port":7777,"Players":"3/30","Info":"PGI+T25lPC9iPg==","Version":"14.1","PlayersList":[{"ID":"1@steam","Nickname":"Ada"},"2@steam"],"Online":true},
            {"ID":12,"Port":7778,"Players":"0/20","Info":"VHdv","Online":false,"LastOnline":"2026-11-01"}]});
        let body = serde_json::to_vec(&reply).unwrap();
        let s = account(None).status(&body, 1.0, &Asked::named("x", 7777)).unwrap();
        assert_eq!(
            (s.name.as_str(), s.players.online, s.players.max, s.version.as_deref()),
            ("One", 3, 30, Some("14.1"))
        );
        assert_eq!(
            s.players.list.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(),
            ["Ada", "2@steam"]
        );
        assert_eq!(
            account(Some("11"))
                .status(&body, 1.0, &Asked::named("x", 1))
                .unwrap()
                .name,
            "One"
        );
        let off = account(Some("12"))
            .status(&body, 1.0, &Asked::named("x", 1))
            .unwrap_err();
        assert!(
            off.message.contains("offline (last online 2026-11-01)"),
            "{}",
            off.message
        );
        assert_eq!(
            account(Some("13"))
                .status(&body, 1.0, &Asked::named("x", 1))
                .unwrap_err()
                .code,
            ErrorCode::NotListed
        );
        let refused = account(None)
            .status(
                br#"{"Success":false,"Error":"Access denied"}"#,
                1.0,
                &Asked::named("x", 1),
            )
            .unwrap_err();
        assert_eq!(refused.code, ErrorCode::Auth);
        let slow = account(None)
            .status(
                br#"{"Success":false,"Error":"x","Cooldown":30}"#,
                1.0,
                &Asked::named("x", 1),
            )
            .unwrap_err();
        assert_eq!(slow.code, ErrorCode::RateLimited);
        assert_eq!(
            account(None)
                .path(&About {
                    addr: None,
                    host: "x",
                    port: 1
                })
                .unwrap(),
            format!("/serverinfo.php?id=1&key=k&{WANTED}")
        );
    }
}
