//! A virtual server as ServerQuery lists it: what `serve('teamspeak3')` answers with, and
//! what a query keeps in `raw` (so a saved `raw` serves again).

use serde::Serialize;

use super::text::Record;
use crate::error::Result;
use crate::input::{At, Input, Obj};
use crate::json::Json;

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "TeamSpeak3State"))]
pub struct TeamSpeak3State {
    /// `serverinfo`'s record: `virtualserver_name`, `virtualserver_port` (the voice port
    /// `use port=` selects), `virtualserver_clientsonline` … all text, as the server sends.
    #[cfg_attr(feature = "ts", ts(type = "Record<string, string>"))]
    pub serverinfo: Record,
    /// `clientlist`'s records (`clid cid client_database_id client_nickname client_type`;
    /// `client_type` 1 is a query client).
    #[cfg_attr(feature = "ts", ts(type = "Array<Record<string, string>>"))]
    pub clients: Vec<Record>,
    /// `channellist -topic`'s records (`cid pid channel_order channel_name channel_topic
    /// total_clients channel_needed_subscribe_power`).
    #[cfg_attr(feature = "ts", ts(type = "Array<Record<string, string>>"))]
    pub channels: Vec<Record>,
    /// The API key a WebQuery responder (`serve(…, { webQuery: true })`) wants in each
    /// request's `x-api-key` header (or `api-key` parameter); without it, any key or none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub api_key: Option<String>,
}

impl TeamSpeak3State {
    /// `virtualserver_port`, the default voice port where the record has none.
    pub fn server_port(&self) -> u16 {
        self.serverinfo
            .get("virtualserver_port")
            .and_then(|p| p.parse().ok())
            .unwrap_or(super::DEFAULT_VOICE_PORT)
    }

    /// The channels as `channellist` lists them: with their topics only when asked
    /// (`-topic`), as a server does.
    pub fn channels_listed(&self, topic: bool) -> Vec<Record> {
        let without_topic = |c: &Record| {
            Record(
                c.0.iter()
                    .filter(|(k, _)| topic || k != "channel_topic")
                    .cloned()
                    .collect(),
            )
        };
        self.channels.iter().map(without_topic).collect()
    }

    /// `version`'s record: `version`, `build`, `platform`, from `serverinfo`.
    pub fn version(&self) -> Record {
        let info = &self.serverinfo;
        let full = info
            .get("virtualserver_version")
            .unwrap_or("3.13.7 [Build: 1655727713]");
        let (version, build) = full.split_once(" [Build: ").unwrap_or((full, "0]"));
        let mut r = Record::default();
        r.set("version", version.to_string());
        r.set("build", build.trim_end_matches(']').to_string());
        r.set(
            "platform",
            info.get("virtualserver_platform").unwrap_or("Linux").to_string(),
        );
        r
    }

    /// `virtualserver_id`, 1 where the record has none.
    pub fn server_id(&self) -> u32 {
        self.serverinfo
            .get("virtualserver_id")
            .and_then(|id| id.parse().ok())
            .unwrap_or(1)
    }
}

impl Input for TeamSpeak3State {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let s = Self {
            serverinfo: o.or_default("serverinfo")?,
            clients: o.or_default("clients")?,
            channels: o.or_default("channels")?,
            api_key: o.opt("apiKey")?,
        };
        // A query's raw (`TeamSpeak3QueryResult`) serves as it is.
        o.skip(&["server", "warnings", "latencyMs"]);
        o.deny_unknown()?;
        Ok(s)
    }
}
