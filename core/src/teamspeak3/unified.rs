//! The conversation's records as the unified `Status`: the name, the version, the password
//! flag, the voice clients (`client_type` 0: query clients, this one included, are no
//! players) and the voice port for `connect`.

use serde::Serialize;

use super::exchange::Answered;
use super::text::Record;
use crate::status::{known, number, Known, PlayerId, Status, StatusPlayer, StatusPlayers};

/// What `query('teamspeak3')` returns in `raw`: the records as sent (unescaped).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TeamSpeak3QueryResult {
    /// The banner's first line: `TS3`, or `TeaSpeak`.
    pub server: String,
    #[cfg_attr(feature = "ts", ts(type = "Record<string, string>"))]
    pub serverinfo: Record,
    /// Every client listed, query clients too (`players` without `false`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "Array<Record<string, string>>", optional))]
    pub clients: Option<Vec<Record>>,
    /// `channels` without `false`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "Array<Record<string, string>>", optional))]
    pub channels: Option<Vec<Record>>,
    /// A list the server refused (its guest group lacks the permission), the status whole.
    pub warnings: Vec<String>,
    pub latency_ms: f64,
}

/// Whether a client record is a voice client's (not a query client's).
pub fn is_voice(client: &Record) -> bool {
    client.get("client_type") == Some("0")
}

pub fn status(a: Answered, voice_port: u16) -> Status<TeamSpeak3QueryResult> {
    let info = &a.serverinfo;
    let known_text = |key: &str| info.get(key).and_then(known);
    let port = number(info.get("virtualserver_port")).unwrap_or(voice_port);
    Status::new(
        Known {
            name: info.get("virtualserver_name").unwrap_or_default().to_string(),
            version: known_text("virtualserver_version"),
            password: info.get("virtualserver_flag_password") == Some("1"),
            players: players(info, a.clients.as_deref()),
            ping_ms: Some(a.latency_ms),
            advertised_port: Some(port),
            ..Known::default()
        },
        TeamSpeak3QueryResult {
            server: a.server,
            serverinfo: a.serverinfo,
            clients: a.clients,
            channels: a.channels,
            warnings: a.warnings,
            latency_ms: a.latency_ms,
        },
    )
}

/// The lists a WebQuery fetches beside `serverinfo` added to its status.
pub fn with_lists(
    status: &mut Status<TeamSpeak3QueryResult>,
    clients: Option<Vec<Record>>,
    channels: Option<Vec<Record>>,
) {
    status.players = players(&status.raw.serverinfo, clients.as_deref());
    status.raw.clients = clients;
    status.raw.channels = channels;
}

/// The voice clients listed, counted by `serverinfo` (whose `virtualserver_clientsonline`
/// counts the query clients, this one too).
fn players(info: &Record, clients: Option<&[Record]>) -> StatusPlayers {
    let listed: Vec<StatusPlayer> = clients
        .into_iter()
        .flatten()
        .filter(|c| is_voice(c))
        .map(|c| StatusPlayer {
            name: c.get("client_nickname").unwrap_or_default().to_string(),
            id: number(c.get("clid")).map(PlayerId::Number),
            score: None,
            ping: None,
        })
        .collect();
    let online = match (
        number::<u32>(info.get("virtualserver_clientsonline")),
        number::<u32>(info.get("virtualserver_queryclientsonline")),
    ) {
        (Some(all), Some(query)) => all.saturating_sub(query),
        (Some(all), None) => all,
        _ => listed.len() as u32,
    };
    StatusPlayers::new(
        online,
        number(info.get("virtualserver_maxclients")).unwrap_or(0),
        listed,
    )
}
