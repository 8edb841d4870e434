//! `query('teamspeak3', 'host[:voice port]', options)`: the target is the voice server, as
//! players give it (port 9987 by default); the query connects to the host's ServerQuery
//! (TCP 10011, `queryPort`), which serves every virtual server there, and selects this one
//! with `use port=` (or `use sid=` with `serverId`).

use serde_json::Value;

use super::exchange::{Ask, Conversation, Select};
use super::{unified, DEFAULT_QUERY_PORT, DEFAULT_VOICE_PORT};
use crate::error::{Error, Result};
use crate::options::Common;
use crate::spec::{QueryPlan, Running, Start, Transport};
use crate::target::Target;

crate::options::declare! {
    /// `query('teamspeak3', target, options)`: `target` is the voice server's address.
    pub struct TeamSpeak3Plan("TeamSpeak 3 query"), ts TeamSpeak3QueryOptions, cli "";
    /// The ServerQuery's TCP port on the same host (default 10011; gamedig's
    /// `teamspeakQueryPort`).
    query_port: u64 = "queryPort" by integer(1, 65_535, u64::from(DEFAULT_QUERY_PORT)), ts "number", flag("query-port", Number, "N");
    /// Select the virtual server by its id (`use sid=`) instead of the target's voice port.
    server_id: Option<u32> = "serverId" by value(server_id), ts "number", flag("server-id", Number, "N");
    /// The clients (`clientlist`; default true).
    players: bool = "players" by boolean(true), ts "boolean", flag("no-players", Set("false"), "");
    /// The channels with their topics (`channellist -topic`) into `raw.channels` (default
    /// true).
    channels: bool = "channels" by boolean(true), ts "boolean", flag("no-channels", Set("false"), "");
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
    Ok(Box::new(Planned {
        options: TeamSpeak3Plan::read(options)?,
        voice_port: target.port.unwrap_or(DEFAULT_VOICE_PORT),
    }))
}

impl QueryPlan for Planned {
    fn common(&self) -> &Common {
        &self.options.common
    }

    fn transport(&self) -> Transport {
        Transport::Tcp
    }

    fn connect_port(&self, _target_port: u16) -> u16 {
        self.options.query_port as u16
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let o = &self.options;
        let select = match o.server_id {
            Some(id) => Select::Id(id),
            None => Select::Port(self.voice_port),
        };
        let ask = Ask {
            select,
            clients: o.players,
            channels: o.channels,
        };
        let voice_port = self.voice_port;
        Ok(at.report(Conversation::new(ask, at.budget), move |answered| {
            Ok(unified::status(answered, voice_port))
        }))
    }
}
