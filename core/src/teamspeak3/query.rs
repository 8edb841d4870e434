//! `query('teamspeak3', 'host[:voice port]', options)`: the target is the voice server, as
//! players give it (port 9987 by default); the query connects to the host's ServerQuery
//! (TCP 10011, `queryPort`), which serves every virtual server there, and selects this one
//! with `use port=` (or `use sid=` with `serverId`). With an API key (`token`) it asks the
//! host's WebQuery instead (HTTP, port 10080; TeamSpeak 6 has no raw ServerQuery).

use serde_json::Value;

use super::exchange::{Ask, Conversation, Select};
use super::webquery::{WebQuery, DEFAULT_HTTPS_PORT, DEFAULT_HTTP_PORT};
use super::{unified, DEFAULT_QUERY_PORT, DEFAULT_VOICE_PORT};
use crate::error::{Error, Result};
use crate::options::Common;
use crate::spec::{QueryPlan, Running, Start, Transport};
use crate::target::Target;

crate::options::declare! {
    /// `query('teamspeak3', target, options)`: `target` is the voice server's address.
    pub struct TeamSpeak3Plan("TeamSpeak 3 query"), ts TeamSpeak3QueryOptions, cli "";
    /// The ServerQuery's TCP port on the same host (default 10011; with `token`, WebQuery's:
    /// 10080, or 10443 with `tls`; gamedig's `teamspeakQueryPort`).
    query_port: Option<u16> = "queryPort" by value(query_port), ts "number", flag("query-port", Number, "N");
    /// A WebQuery API key (`apikeyadd scope=read` in a ServerQuery; the TeamSpeak 6 client
    /// makes them too): the query asks WebQuery over HTTP, the only query interface
    /// TeamSpeak 6 has, instead of the raw console. Sent as `x-api-key`; never in a trace,
    /// a `--debug` dump or an error.
    token: Option<String> = "token" by text(token), ts "string", flag("token", Text, "T");
    /// WebQuery over HTTPS: `true`, or how the certificate is checked (`{ ca, insecure,
    /// serverName }`; default false). Only with `token`.
    tls: Option<crate::tls::Tls> = "tls" by tls(false), ts "boolean | TlsOptions", flag("tls", Tls, "");
    /// Select the virtual server by its id (`use sid=`) instead of the target's voice port.
    server_id: Option<u32> = "serverId" by value(server_id), ts "number", flag("server-id", Number, "N");
    /// The clients (`clientlist`; default true).
    players: bool = "players" by boolean(true), ts "boolean", flag("no-players", Set("false"), "");
    /// The channels with their topics (`channellist -topic`) into `raw.channels` (default
    /// true).
    channels: bool = "channels" by boolean(true), ts "boolean", flag("no-channels", Set("false"), "");
}

fn query_port(given: Option<Value>) -> Result<Option<u16>> {
    match given {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .and_then(|p| u16::try_from(p).ok())
            .filter(|p| *p > 0)
            .map(Some)
            .ok_or_else(|| Error::invalid(format!("option queryPort must be a port (1 to 65535), got {v}"))),
    }
}

/// An API key goes into a header: no control character in it; an empty one is none.
fn token(given: Option<&str>) -> Result<Option<String>> {
    crate::http::param::plain("token", given)
}

fn server_id(given: Option<Value>) -> Result<Option<u32>> {
    match given {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .and_then(|id| u32::try_from(id).ok())
            .filter(|id| *id > 0)
            .map(Some)
            .ok_or_else(|| {
                Error::invalid(format!(
                    "option serverId must be a virtual server's id (1 or more), got {v}"
                ))
            }),
    }
}

/// The plan and the voice port the target names.
pub struct Planned {
    options: TeamSpeak3Plan,
    voice_port: u16,
}

pub fn plan(options: Value, target: &Target) -> Result<Box<dyn QueryPlan>> {
    let mut options = TeamSpeak3Plan::read(options)?;
    let voice_port = target.port.unwrap_or(DEFAULT_VOICE_PORT);
    let Some(key) = options.token.take() else {
        if options.tls.is_some() {
            return Err(Error::invalid(
                "option tls is for WebQuery (HTTPS): give its API key as the option token too",
            ));
        }
        return Ok(Box::new(Planned { options, voice_port }));
    };
    if options.common.local_port != 0 {
        return Err(Error::invalid(
            "option localPort cannot be used with a WebQuery: it opens a connection per command",
        ));
    }
    let default_port = if options.tls.is_some() {
        DEFAULT_HTTPS_PORT
    } else {
        DEFAULT_HTTP_PORT
    };
    Ok(Box::new(WebQuery {
        common: options.common,
        query_port: options.query_port.unwrap_or(default_port),
        ask: options.ask(voice_port),
        tls: options.tls,
        key,
        voice_port,
    }))
}

impl TeamSpeak3Plan {
    fn ask(&self, voice_port: u16) -> Ask {
        Ask {
            select: match self.server_id {
                Some(id) => Select::Id(id),
                None => Select::Port(voice_port),
            },
            clients: self.players,
            channels: self.channels,
        }
    }
}

impl QueryPlan for Planned {
    fn common(&self) -> &Common {
        &self.options.common
    }

    fn transport(&self) -> Transport {
        Transport::Tcp
    }

    fn connect_port(&self, _target_port: u16) -> u16 {
        self.options.query_port.unwrap_or(DEFAULT_QUERY_PORT)
    }

    fn refused_hint(&self) -> Option<&'static str> {
        Some("TeamSpeak 6 has no raw ServerQuery: its WebQuery (HTTP, port 10080) answers a query given its API key as the option token")
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let ask = self.options.ask(self.voice_port);
        let voice_port = self.voice_port;
        Ok(at.report(Conversation::new(ask, at.budget), move |answered| {
            Ok(unified::status(answered, voice_port))
        }))
    }
}
