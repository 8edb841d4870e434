//! TeamSpeak's WebQuery: the ServerQuery's commands over HTTP (TeamSpeak 3.12 on, port
//! 10080, or 10443 over TLS; TeamSpeak 6's only query interface besides SSH), each
//! authorised by an API key in the `x-api-key` header. `GET /byport/{voice port}/{command}`
//! (or `/{server id}/{command}`) answers `{ "body": [records], "status": { "code",
//! "message" } }`: the records of the raw console's reply as JSON objects, the field names
//! and text values the same, and its error id and message as the status — with HTTP 200,
//! or 4xx for an error (401: `5122` invalid apikey). So the status is made as over the
//! console ([`super::unified`]); the three commands go at once, each on a connection of its
//! own, within the call's one deadline.

use serde_json::Value;

use super::exchange::{not_selected, refused, Answered, Ask, ErrorLine, Select, MAX_TEXT};
use super::text::Record;
use super::unified::{self, TeamSpeak3QueryResult};
use crate::error::{Error, ErrorCode, Result};
use crate::http::part::get;
use crate::http::HttpReply;
use crate::options::Common;
use crate::spec::{Outcome, Parts, QueryPlan, Running, Start};
use crate::tls::Tls;

/// WebQuery's port over plain HTTP, and over HTTPS.
pub const DEFAULT_HTTP_PORT: u16 = 10080;
pub const DEFAULT_HTTPS_PORT: u16 = 10443;
/// `raw.server` of a status asked over WebQuery (over the console: the banner's word).
pub const SERVER: &str = "WebQuery";

/// A command a status is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    ServerInfo,
    ClientList,
    ChannelList,
}

impl Command {
    pub fn name(self) -> &'static str {
        match self {
            Self::ServerInfo => "serverinfo",
            Self::ClientList => "clientlist",
            Self::ChannelList => "channellist",
        }
    }

    /// `/byport/9987/serverinfo`, or `/1/serverinfo`; the channels with their topics.
    pub fn path(self, select: Select) -> String {
        let at = match select {
            Select::Port(port) => format!("/byport/{port}"),
            Select::Id(id) => format!("/{id}"),
        };
        let flags = if self == Self::ChannelList { "?-topic" } else { "" };
        format!("{at}/{}{flags}", self.name())
    }
}

/// A reply's body: the command's records (none for an empty list: error 1281, or no
/// `body`), or its error. Values are text, as over the console; a number or a boolean is
/// kept as its JSON text.
pub fn read(command: Command, body: &[u8]) -> Result<std::result::Result<Vec<Record>, ErrorLine>> {
    let name = command.name();
    let reply: Value = serde_json::from_slice(body).map_err(|e| {
        Error::new(ErrorCode::BadJson, format!("WebQuery's {name} reply is not JSON: {e}"))
            .with_text(crate::http::excerpt(body))
    })?;
    let malformed = |what: &str| Error::new(ErrorCode::Malformed, format!("WebQuery's {name} reply {what}"));
    let status = reply.get("status").ok_or_else(|| malformed("has no status"))?;
    let said = |key: &str| status.get(key).and_then(Value::as_str);
    let code = status
        .get("code")
        .and_then(Value::as_u64)
        .and_then(|c| u32::try_from(c).ok())
        .ok_or_else(|| malformed("has no status code"))?;
    match code {
        0 => {}
        // An empty list (the console's way of saying it).
        1281 if command != Command::ServerInfo => return Ok(Ok(vec![])),
        _ => {
            let mut e = ErrorLine::new(code, said("message").unwrap_or_default());
            if let Some(extra) = said("extra_message").filter(|m| !m.is_empty()) {
                e.fields.set("extra_message", extra.to_string());
            }
            return Ok(Err(e));
        }
    }
    let records = match reply.get("body") {
        None | Some(Value::Null) => return Ok(Ok(vec![])),
        Some(Value::Array(records)) => records,
        Some(_) => return Err(malformed("has a body that is not a list of records")),
    };
    let record = |value: &Value| -> Result<Record> {
        let Value::Object(fields) = value else {
            return Err(malformed("has a record that is not an object"));
        };
        Ok(Record(fields.iter().map(|(k, v)| (k.clone(), text_of(v))).collect()))
    };
    Ok(Ok(records.iter().map(record).collect::<Result<_>>()?))
}

fn text_of(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// A query over WebQuery: `serverinfo` is its own exchange, the lists its parts.
pub struct WebQuery {
    pub common: Common,
    pub tls: Option<Tls>,
    pub key: String,
    pub ask: Ask,
    pub voice_port: u16,
    pub query_port: u16,
}

impl WebQuery {
    fn headers(&self) -> Vec<(&'static str, String)> {
        vec![("x-api-key", self.key.clone())]
    }
}

impl QueryPlan for WebQuery {
    crate::http::over_tcp!();

    fn connect_port(&self, _target_port: u16) -> u16 {
        self.query_port
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let (select, voice_port) = (self.ask.select, self.voice_port);
        let path = Command::ServerInfo.path(select);
        let exchange = get(&at, &path, &self.headers(), MAX_TEXT).reading_refusals();
        Ok(at.report(exchange, move |reply| {
            let serverinfo = match records(Command::ServerInfo, &reply)? {
                Ok(records) => records.into_iter().next().unwrap_or_default(),
                Err(e) => return Err(failed(Command::ServerInfo, select, &e)),
            };
            let answered = Answered {
                server: SERVER.to_string(),
                serverinfo,
                clients: None,
                channels: None,
                warnings: vec![],
                latency_ms: reply.latency_ms,
            };
            Ok(unified::status(answered, voice_port))
        }))
    }

    fn parts(&mut self, _host: &str, _port: u16) -> Option<Box<dyn Parts>> {
        let mut pending = vec![];
        if self.ask.channels {
            pending.push(Command::ChannelList);
        }
        if self.ask.clients {
            pending.push(Command::ClientList);
        }
        Some(Box::new(WebQueryParts {
            common: self.common,
            tls: self.tls.clone(),
            headers: self.headers(),
            select: self.ask.select,
            pending,
            kinds: vec![Command::ServerInfo],
            results: vec![None],
        }))
    }
}

struct WebQueryParts {
    common: Common,
    tls: Option<Tls>,
    headers: Vec<(&'static str, String)>,
    select: Select,
    /// Parts still to start, the last first.
    pending: Vec<Command>,
    kinds: Vec<Command>,
    results: Vec<Option<Result<Outcome>>>,
}

impl Parts for WebQueryParts {
    fn next(&mut self) -> Option<Box<dyn QueryPlan>> {
        let command = self.pending.pop()?;
        self.kinds.push(command);
        self.results.push(None);
        Some(Box::new(CommandPart {
            common: self.common,
            tls: self.tls.clone(),
            headers: self.headers.clone(),
            path: command.path(self.select),
        }))
    }

    fn ended(&mut self, k: usize, result: Result<Outcome>) {
        if let Some(slot) = self.results.get_mut(k) {
            *slot = Some(result);
        }
    }

    fn decide(&mut self) -> Option<Result<Outcome>> {
        match self.results[0].as_ref()? {
            Err(e) => return Some(Err(hinted(e.clone()))),
            Ok(_) if self.results.iter().any(Option::is_none) => return None,
            Ok(_) => {}
        }
        let Some(mut status) = self.results[0].take()?.ok()?.into_status::<TeamSpeak3QueryResult>() else {
            return Some(Err(Error::invalid("a WebQuery part gave no TeamSpeak status")));
        };
        let mut warnings = Vec::new();
        let (mut clients, mut channels) = (None, None);
        for k in 1..self.kinds.len() {
            let command = self.kinds[k];
            let Some(body) = crate::http::part::body(command.name(), self.results[k].take(), &mut warnings) else {
                continue;
            };
            let records = match read(command, body.as_bytes()) {
                Ok(Ok(records)) => records,
                Ok(Err(e)) => {
                    let why = failed(command, self.select, &e).message;
                    warnings.push(format!("{}: {why}", command.name()));
                    continue;
                }
                Err(e) => {
                    warnings.push(e.message);
                    continue;
                }
            };
            match command {
                Command::ClientList => clients = Some(records),
                _ => channels = Some(records),
            }
        }
        unified::with_lists(&mut status, clients, channels);
        status.raw.warnings = warnings;
        Some(Ok(Outcome::status::<TeamSpeak3QueryResult>(status)))
    }
}

/// What the option token is, for an error that says the key was refused.
const TOKEN: &str = "the option token is a WebQuery API key (the ServerQuery's apikeyadd, or the TeamSpeak 6 client's), of the read scope at least";

/// A reply's records or its error; a reply other than 2xx that is not WebQuery's JSON is
/// the HTTP refusal it is.
fn records(command: Command, reply: &HttpReply) -> Result<std::result::Result<Vec<Record>, ErrorLine>> {
    match (read(command, &reply.body), &reply.refused) {
        (Err(_), Some(refusal)) => Err(refusal.clone()),
        (read, _) => read,
    }
}

/// A command's error as an error a caller acts on: the API key refused (5120 out of scope,
/// 5122 invalid, 5124 missing), no server at the port or id, or the console's errors.
fn failed(command: Command, select: Select, e: &ErrorLine) -> Error {
    match e.id {
        5120 | 5122 | 5124 => Error::new(
            ErrorCode::Auth,
            format!("WebQuery refused {}: {}; {TOKEN}", command.name(), e.said()),
        ),
        1024 | 1033 => not_selected(select, e),
        _ => refused(command.name(), e),
    }
}

/// A list's request: its body for [`WebQueryParts::decide`] to read, or the HTTP refusal
/// where the body is not WebQuery's.
struct CommandPart {
    common: Common,
    tls: Option<Tls>,
    headers: Vec<(&'static str, String)>,
    path: String,
}

impl QueryPlan for CommandPart {
    crate::http::over_tcp!();

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let exchange = get(&at, &self.path, &self.headers, MAX_TEXT).reading_refusals();
        Ok(crate::spec::query::Mapped::boxed(exchange, |reply| {
            match reply.refused {
                Some(refusal) if serde_json::from_slice::<Value>(&reply.body).is_err() => Err(refusal),
                _ => Ok(Outcome::Lines(vec![String::from_utf8_lossy(&reply.body).into_owned()])),
            }
        }))
    }
}

/// `serverinfo`'s failure, with what to check where the cause is the key or the port.
fn hinted(mut e: Error) -> Error {
    let hint = match e.code {
        ErrorCode::Auth | ErrorCode::Forbidden if e.http_status.is_some() && !e.message.contains(TOKEN) => TOKEN,
        ErrorCode::WrongProtocol => {
            "WebQuery answers HTTP on port 10080 (10443 with the option tls), the raw ServerQuery on 10011: without the option token, the query asks that"
        }
        _ => return e,
    };
    e.message = format!("{}; {hint}", e.message);
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(command: Command, body: &str) -> Vec<Record> {
        read(command, body.as_bytes()).unwrap().unwrap()
    }

    #[test]
    fn replies_read_as_the_console_s_records() {
        // The shape of a real reply (TeamSpeak's WebQuery documentation, `channellist`).
        let body = r#"{"body":[{"channel_name":"Default Channel","channel_topic":"Default Channel has no topic","cid":"1","pid":"0","total_clients":"1"}],"status":{"code":0,"message":"ok"}}"#;
        let records = ok(Command::ChannelList, body);
        assert_eq!(records.len(), 1);
        assert_eq!(
            (records[0].get("channel_name"), records[0].get("total_clients")),
            (Some("Default Channel"), Some("1"))
        );
        // Numbers and booleans as their text, null as empty.
        let odd = ok(
            Command::ServerInfo,
            r#"{"body":[{"a":5,"b":true,"c":null}],"status":{"code":0}}"#,
        );
        assert_eq!(
            (odd[0].get("a"), odd[0].get("b"), odd[0].get("c")),
            (Some("5"), Some("true"), Some(""))
        );
        // An empty list: 1281 without a body (TeamSpeak 6), or no body.
        let empty = r#"{"status":{"code":1281,"message":"database empty result set"}}"#;
        assert_eq!(ok(Command::ClientList, empty), vec![]);
        assert_eq!(
            ok(Command::ClientList, r#"{"status":{"code":0,"message":"ok"}}"#),
            vec![]
        );
        // An error keeps its message and extra message.
        let refused = r#"{"status":{"code":5122,"extra_message":"invalid api key","message":"invalid apikey"}}"#;
        let e = read(Command::ServerInfo, refused.as_bytes()).unwrap().unwrap_err();
        assert_eq!(
            (e.id, e.msg.as_str(), e.fields.get("extra_message")),
            (5122, "invalid apikey", Some("invalid api key"))
        );
        let e = failed(Command::ServerInfo, Select::Port(9987), &e);
        assert_eq!(e.code, ErrorCode::Auth);
        assert!(e.message.starts_with("WebQuery refused serverinfo: error 5122 (invalid apikey, extra_message=invalid api key); the option token is"), "{}", e.message);
        let e = failed(
            Command::ServerInfo,
            Select::Port(9988),
            &ErrorLine::new(1024, "invalid serverID"),
        );
        assert_eq!(e.code, ErrorCode::PortClosed);
        let e = failed(
            Command::ClientList,
            Select::Port(9987),
            &ErrorLine::new(524, "client is flooding"),
        );
        assert_eq!(e.code, ErrorCode::RateLimited);
    }

    #[test]
    fn what_is_not_a_reply_is_typed() {
        let bad = |body: &str| read(Command::ServerInfo, body.as_bytes()).unwrap_err();
        assert_eq!(bad("not found").code, ErrorCode::BadJson);
        assert_eq!(bad("{}").message, "WebQuery's serverinfo reply has no status");
        assert_eq!(bad(r#"{"status":{"code":"0"}}"#).code, ErrorCode::Malformed);
        assert_eq!(bad(r#"{"status":{"code":0},"body":{}}"#).code, ErrorCode::Malformed);
        assert_eq!(bad(r#"{"status":{"code":0},"body":[1]}"#).code, ErrorCode::Malformed);
        let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        assert_eq!(bad(&deep).code, ErrorCode::BadJson, "nesting past serde_json's limit");
        // A refusal whose body is no WebQuery reply is the refusal.
        let reply = HttpReply {
            status: 401,
            body: b"not found".to_vec(),
            latency_ms: 1.0,
            refused: Some(Error::new(
                ErrorCode::Auth,
                "GET /byport/9987/serverinfo answered HTTP 401",
            )),
        };
        assert_eq!(records(Command::ServerInfo, &reply).unwrap_err().code, ErrorCode::Auth);
    }

    #[test]
    fn paths_select_by_port_or_id() {
        assert_eq!(Command::ServerInfo.path(Select::Port(9987)), "/byport/9987/serverinfo");
        assert_eq!(Command::ChannelList.path(Select::Id(2)), "/2/channellist?-topic");
    }
}
