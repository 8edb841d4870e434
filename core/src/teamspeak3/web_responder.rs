//! The server side of WebQuery: each request one command, answered from a state as JSON —
//! `{ "body": [records], "status": { "code", "message" } }` — at `/byport/{voice port}/…`
//! or `/{server id}/…` (`serverinfo`, `clientlist`, `channellist [-topic]`, `version`), or
//! at the instance's `/version` and `/serverlist`. An error is its status with HTTP 400
//! (401 for the key, 404 for a command it does not know), as TeamSpeak 6 answers; an empty
//! list is error 1281 without a body. The key the state names is wanted in `x-api-key`
//! (or the `api-key` parameter), compared in constant time; without one, any is taken.

use serde_json::{json, Value};

use super::state::TeamSpeak3State;
use super::text::Record;
use crate::http::api::Api;
use crate::http::serve::{reply, same_secret, Head};

#[derive(Debug)]
pub struct WebResponder {
    state: TeamSpeak3State,
}

/// A reply: the records (none: no `body`), the status code and message, the HTTP status.
fn envelope(http: u16, body: Option<Vec<Record>>, code: u32, message: &str, extra: Option<&str>) -> Vec<u8> {
    let mut status = json!({ "code": code, "message": message });
    if let Some(extra) = extra {
        status["extra_message"] = Value::from(extra);
    }
    let mut out = json!({ "status": status });
    if let Some(records) = body {
        out["body"] = serde_json::to_value(records).unwrap_or(Value::Null);
    }
    reply(http, "application/json", &serde_json::to_vec(&out).unwrap_or_default())
}

fn ok(records: Vec<Record>) -> Vec<u8> {
    if records.is_empty() {
        return envelope(400, None, 1281, "database empty result set", None);
    }
    envelope(200, Some(records), 0, "ok", None)
}

impl WebResponder {
    /// The command at the path, for the virtual server it selects (`None`: the instance).
    fn command(&self, path: &str) -> Option<(Option<bool>, String)> {
        let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
        let state = &self.state;
        Some(match segments.as_slice() {
            ["byport", port, command] => (
                Some(port.parse().ok() == Some(state.server_port())),
                command.to_string(),
            ),
            [id, command] if id.bytes().all(|b| b.is_ascii_digit()) => {
                (Some(id.parse().ok() == Some(state.server_id())), command.to_string())
            }
            [command] => (None, command.to_string()),
            _ => return None,
        })
    }

    /// The key the request gave is the one the state wants (any, when it wants none).
    fn refused_key(&self, head: &Head) -> Option<Vec<u8>> {
        let wanted = self.state.api_key.as_ref()?;
        let parameter = form_urlencoded::parse(head.query.as_bytes())
            .find(|(k, _)| k == "api-key")
            .map(|(_, v)| v.into_owned());
        match head.header("x-api-key").map(str::to_string).or(parameter) {
            None => Some(envelope(401, None, 5124, "missing apikey", None)),
            Some(given) if !same_secret(given.as_bytes(), wanted.as_bytes()) => {
                Some(envelope(401, None, 5122, "invalid apikey", Some("invalid api key")))
            }
            Some(_) => None,
        }
    }

    fn serverlist(&self) -> Record {
        let info = &self.state.serverinfo;
        let mut r = Record::default();
        r.set("virtualserver_id", self.state.server_id().to_string());
        r.set("virtualserver_port", self.state.server_port().to_string());
        for key in [
            "virtualserver_status",
            "virtualserver_clientsonline",
            "virtualserver_queryclientsonline",
            "virtualserver_maxclients",
            "virtualserver_uptime",
            "virtualserver_name",
            "virtualserver_autostart",
        ] {
            if let Some(v) = info.get(key) {
                r.set(key, v.to_string());
            }
        }
        r
    }
}

impl Api for WebResponder {
    const STATE: &'static str = "TeamSpeak 3 state";
    type State = TeamSpeak3State;

    fn new(state: TeamSpeak3State) -> Self {
        Self { state }
    }

    fn answer(&self, head: &Head) -> Vec<u8> {
        if let Some(refused) = self.refused_key(head) {
            return refused;
        }
        let not_found = || envelope(404, None, 256, "command not found", None);
        let Some((selected, command)) = self.command(&head.path) else {
            return not_found();
        };
        let state = &self.state;
        match (selected, command.to_ascii_lowercase().as_str()) {
            (Some(false), "serverinfo" | "clientlist" | "channellist" | "version") => {
                envelope(400, None, 1024, "invalid serverID", None)
            }
            (_, "version") => ok(vec![state.version()]),
            (None, "serverlist") => ok(vec![self.serverlist()]),
            (Some(true), "serverinfo") => ok(vec![state.serverinfo.clone()]),
            (Some(true), "clientlist") => ok(state.clients.clone()),
            (Some(true), "channellist") => {
                let topic = head.query.split('&').any(|p| p.split('=').next() == Some("-topic"));
                ok(state.channels_listed(topic))
            }
            _ => not_found(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::serve::{read_request, Read};

    fn asked(r: &WebResponder, request: &str) -> (u16, Value) {
        let Read::Head(head) = read_request(request.as_bytes()) else {
            panic!("a whole head")
        };
        let reply = r.answer(&head);
        let text = String::from_utf8(reply).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        (head[9..12].parse().unwrap(), serde_json::from_str(body).unwrap())
    }

    #[test]
    fn commands_answer_as_webquery_does() {
        let state: TeamSpeak3State = crate::input::from_json("state", include_str!("sample.json")).unwrap();
        let keyed = TeamSpeak3State {
            api_key: Some("BAB".into()),
            ..state.clone()
        };
        let r = WebResponder::new(keyed);
        let (status, reply) = asked(&r, "GET /byport/9987/serverinfo HTTP/1.1\r\nx-api-key: BAB\r\n\r\n");
        assert_eq!((status, &reply["status"]["code"]), (200, &json!(0)));
        assert_eq!(
            reply["body"][0]["virtualserver_name"],
            json!("gamequery demo — Voice Lounge ✓")
        );
        let (_, reply) = asked(&r, "GET /1/channellist?api-key=BAB HTTP/1.1\r\n\r\n");
        assert_eq!(reply["body"][0].get("channel_topic"), None, "no topics without -topic");
        let (_, reply) = asked(&r, "GET /1/channellist?-topic&api-key=BAB HTTP/1.1\r\n\r\n");
        assert_eq!(reply["body"][0]["channel_topic"], json!("Say hi"));
        let (status, reply) = asked(&r, "GET /byport/9988/serverinfo HTTP/1.1\r\nx-api-key: BAB\r\n\r\n");
        assert_eq!((status, &reply["status"]["code"]), (400, &json!(1024)));
        let (status, reply) = asked(&r, "GET /byport/9987/serverinfo HTTP/1.1\r\n\r\n");
        assert_eq!((status, &reply["status"]["code"]), (401, &json!(5124)));
        let (status, reply) = asked(&r, "GET /byport/9987/serverinfo HTTP/1.1\r\nx-api-key: BAC\r\n\r\n");
        assert_eq!((status, &reply["status"]["message"]), (401, &json!("invalid apikey")));
        let (status, _) = asked(&r, "GET /1/help HTTP/1.1\r\nx-api-key: BAB\r\n\r\n");
        assert_eq!(status, 404);
        let (_, reply) = asked(&r, "GET /serverlist HTTP/1.1\r\nx-api-key: BAB\r\n\r\n");
        assert_eq!(reply["body"][0]["virtualserver_port"], json!("9987"));
        // No key wanted: none needed; an empty list is 1281 without a body.
        let empty = WebResponder::new(TeamSpeak3State {
            clients: vec![],
            ..state
        });
        let (status, reply) = asked(&empty, "POST /1/clientlist HTTP/1.1\r\n\r\n");
        assert_eq!(
            (status, &reply["status"]["code"], reply.get("body")),
            (400, &json!(1281), None)
        );
    }
}
