//! What a FiveM responder serves: the server as its `getinfo`, `/info.json`,
//! `/dynamic.json` and `/players.json` show it.

use serde::Serialize;

use super::endpoints::{FivemInfo, FivemPlayer};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::values::RuleList;

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
pub struct FivemState {
    /// `sv_hostname`: UTF-8, `^n` colour codes and emoji as servers write them.
    pub hostname: String,
    pub gametype: String,
    pub mapname: String,
    /// `sv_maxclients`.
    pub max_clients: u32,
    pub players: Vec<FivemPlayer>,
    pub resources: Vec<String>,
    /// Convars the server shows (`sv_projectName`, `tags`, `locale`, `gamename` …).
    pub vars: RuleList,
    /// `/info.json`'s `server`: `FXServer-master SERVER v1.0.0.7290 linux`.
    pub server: String,
    /// A base64 PNG, 96×96.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    /// `sv_enableGetStatus`: answer `getstatus` (off by default, as in FXServer).
    pub get_status: bool,
    /// `sv_playersToken`: when set, `/players.json` rows are anonymised unless a request
    /// carries it (`X-Players-Token` or `?token=`), as newer servers do.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players_token: Option<String>,
}

impl Input for FivemPlayer {
    fn read(value: Json, at: At<'_>) -> crate::error::Result<Self> {
        let mut o = Obj::new(value, at)?;
        let player = Self {
            name: o.req("name")?,
            id: o.opt("id")?,
            ping: o.opt("ping")?,
            identifiers: o.or_default("identifiers")?,
            endpoint: o.opt("endpoint")?,
        };
        o.deny_unknown()?;
        Ok(player)
    }
}

impl Input for FivemState {
    fn read(value: Json, at: At<'_>) -> crate::error::Result<Self> {
        let mut o = Obj::new(value, at)?;
        if o.has("info") {
            return Self::from_raw(o);
        }
        let state = Self {
            hostname: o.or_default("hostname")?,
            gametype: o.or_default("gametype")?,
            mapname: o.or_default("mapname")?,
            max_clients: o.opt("maxClients")?.unwrap_or(48),
            players: o.or_default("players")?,
            resources: o.or_default("resources")?,
            vars: o.or_default("vars")?,
            server: o.opt("server")?.unwrap_or_else(|| "FXServer-gamequery".into()),
            icon: o.opt("icon")?,
            get_status: o.or_default("getStatus")?,
            players_token: o.opt("playersToken")?,
        };
        o.deny_unknown()?;
        Ok(state)
    }
}

/// `/info.json` as a query's raw holds it (`serverInfo`).
impl Input for FivemInfo {
    fn read(value: Json, at: At<'_>) -> crate::error::Result<Self> {
        let mut o = Obj::new(value, at)?;
        let info = Self {
            server: o.opt("server")?,
            version: o.opt("version")?,
            resources: o.or_default("resources")?,
            vars: o.or_default("vars")?,
            icon: o.opt("icon")?,
            enhanced_host_support: o.opt("enhancedHostSupport")?,
            request_steam_ticket: o.opt("requestSteamTicket")?,
        };
        o.deny_unknown()?;
        Ok(info)
    }
}

impl FivemState {
    /// A query's raw (`FivemQueryResult`: `info`, `players`, `serverInfo` …) as a state: a
    /// saved result serves the same server again.
    fn from_raw(mut o: Obj<'_>) -> crate::error::Result<Self> {
        let info: RuleList = o.req("info")?;
        let players: Vec<FivemPlayer> = o.or_default("players")?;
        let shown: FivemInfo = o.or_default("serverInfo")?;
        // `getstatus` answered: the server had it on.
        let get_status = o.has("statusResponse");
        o.skip(&["name", "serverInfoCached", "latencyMs", "warnings", "statusResponse"]);
        o.deny_unknown()?;
        let text = |key: &str| info.get(key).unwrap_or_default().to_string();
        Ok(Self {
            hostname: text("hostname"),
            gametype: text("gametype"),
            mapname: text("mapname"),
            max_clients: text("sv_maxclients").trim().parse().unwrap_or(48),
            players,
            resources: shown.resources,
            vars: shown.vars,
            server: shown.server.unwrap_or_else(|| "FXServer-gamequery".into()),
            icon: shown.icon,
            get_status,
            players_token: None,
        })
    }
}
