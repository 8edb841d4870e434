//! A guild's widget as the unified `Status`: its name, the members the widget shows as the
//! players (by name; at most 100), `presence_count` as those online (more than the list
//! when the guild is large), `connect` the invite (else the guild's page); the widget in
//! `raw` as sent. A guild has no map, version or player limit.

use serde_json::{json, Map, Value};

use super::{MAX_BODY, PATH};
use crate::error::{Error, ErrorCode, Result};
use crate::http::vendor::{as_list, Asked, Vendor};
use crate::json::members::{integer_or_text, text};
use crate::spec::query::About;
use crate::status::{count, named, Known, Status, StatusPlayers};

/// What `query('discord')` returns in `raw`: the widget as sent.
pub type DiscordQueryResult = Map<String, Value>;

/// The guild's widget, for [`crate::http::vendor`]: the guild named by `guildId`, else by
/// the target.
#[derive(Debug, Clone)]
pub struct Widget {
    pub guild_id: Option<String>,
}

/// A guild's id as given: a snowflake (digits, at most 20).
pub fn snowflake(id: &str) -> Result<String> {
    let id = id.trim();
    if !id.is_empty() && id.len() <= 20 && id.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(id.to_string());
    }
    Err(Error::invalid(format!(
        "a Discord guild is named by its id (digits: Server Settings → Widget → Server ID), got {}",
        crate::error::quoted(id)
    )))
}

pub fn status(widget: Map<String, Value>, guild: &str, latency_ms: f64) -> Status<DiscordQueryResult> {
    let names: Vec<String> = match widget.get("members") {
        Some(Value::Array(members)) => members
            .iter()
            .filter_map(|m| m.get("username")?.as_str().map(str::to_string))
            .collect(),
        _ => vec![],
    };
    let list = named(&names);
    let online = integer_or_text(&widget, "presence_count").map_or(list.len() as u32, count);
    let connect = text(&widget, "instant_invite")
        .filter(|i| !i.is_empty())
        .map_or_else(|| format!("https://discord.com/channels/{guild}"), str::to_string);
    let mut status = Status::new(
        Known {
            name: text(&widget, "name").unwrap_or_default().trim().to_string(),
            players: StatusPlayers::new(online, 0, list),
            ping_ms: Some(latency_ms),
            ..Known::default()
        },
        widget,
    );
    status.connect = connect;
    status
}

impl Widget {
    fn guild(&self, host: &str) -> Result<String> {
        match &self.guild_id {
            Some(id) => Ok(id.clone()),
            None => snowflake(host),
        }
    }
}

impl Vendor for Widget {
    const MAX_BODY: usize = MAX_BODY;
    /// The target is a guild's id, not an address.
    const BY_ADDRESS: bool = false;
    const STATE: &'static str = "Discord state";
    type Raw = DiscordQueryResult;

    fn path(&self, about: &About<'_>) -> Result<String> {
        Ok(format!("{}{}{}", PATH.0, self.guild(about.host)?, PATH.1))
    }

    fn status(&self, body: &[u8], latency_ms: f64, asked: &Asked) -> Result<Status<Self::Raw>> {
        let guild = self.guild(&asked.host)?;
        match serde_json::from_slice::<Value>(body) {
            Ok(Value::Object(widget)) if widget.contains_key("name") => Ok(status(widget, &guild, latency_ms)),
            _ => Err(Error::new(
                ErrorCode::WrongProtocol,
                format!("GET {}{guild}{} answered what is not a guild's widget", PATH.0, PATH.1),
            )
            .with_text(crate::http::excerpt(body))),
        }
    }

    /// Discord's own codes: 10004 no such guild, 50004 its widget is off.
    fn refused(&self, e: Error, _status: u16, body: &[u8]) -> Error {
        let code = serde_json::from_slice::<Value>(body)
            .ok()
            .and_then(|v| v["code"].as_i64());
        match code {
            Some(10004) => Error::new(
                ErrorCode::NotListed,
                "Discord has no guild of that id (Unknown Guild, 10004): check the id (Server Settings → Widget → Server ID)",
            ),
            Some(50004) => Error::new(
                ErrorCode::Auth,
                "the guild's widget is disabled (Widget Disabled, 50004): its owners turn on Enable Server Widget in Server Settings → Widget",
            ),
            _ => e,
        }
    }

    /// The widget of the state's guild (or of one of its guilds) by its `id`; Discord's
    /// 404 for another.
    fn answer(state: &Value, path: &str) -> Option<(u16, Vec<u8>)> {
        let id = path.strip_prefix(PATH.0)?.strip_suffix(PATH.1)?;
        let widget = as_list(state)
            .into_iter()
            .find(|g| g.get("id").and_then(Value::as_str) == Some(id));
        Some(match widget {
            Some(w) => (200, serde_json::to_vec(&w).unwrap_or_default()),
            None => (
                404,
                json!({ "message": "Unknown Guild", "code": 10004 })
                    .to_string()
                    .into_bytes(),
            ),
        })
    }
}

/// A guild's widget (the TypeScript shape of `raw`), as Discord's API reference gives it.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "DiscordQueryResult", optional_fields)]
pub struct DiscordReply {
    pub id: String,
    pub name: String,
    /// An invite to the widget's channel; `null` where none is set.
    pub instant_invite: Option<String>,
    /// The voice channels the widget shows.
    pub channels: Vec<DiscordChannel>,
    /// Up to 100 members online, as the widget shows them (ids and names anonymised by Discord
    /// unless they allow otherwise).
    pub members: Vec<DiscordMember>,
    /// Members online in all.
    pub presence_count: f64,
}

/// A voice channel of the widget.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(optional_fields)]
pub struct DiscordChannel {
    pub id: String,
    pub name: String,
    pub position: f64,
}

/// A member online, as the widget shows them.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(optional_fields)]
pub struct DiscordMember {
    pub id: String,
    pub username: String,
    pub discriminator: String,
    pub avatar: Option<String>,
    /// `online`, `idle`, `dnd`.
    pub status: String,
    pub avatar_url: String,
    /// The voice channel they are in.
    pub channel_id: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_widget_by_guild_id() {
        let w = Widget { guild_id: None };
        let about = About {
            addr: None,
            host: "81384788765712384",
            port: 443,
        };
        assert_eq!(w.path(&about).unwrap(), "/api/guilds/81384788765712384/widget.json");
        let bad = About {
            host: "discord.gg/x",
            ..about
        };
        assert_eq!(w.path(&bad).unwrap_err().code, ErrorCode::InvalidArgument);
        let asked = Asked::named("81384788765712384", 443);
        let s = w
            .status(br#"{"id":"81384788765712384","name":" G ","instant_invite":null,"members":[{"username":"a"},{"username":"b"}],"presence_count":250}"#, 1.0, &asked)
            .unwrap();
        assert_eq!(
            (
                s.name.as_str(),
                s.players.online,
                s.players.list.len(),
                s.players.partial
            ),
            ("G", 250, 2, true)
        );
        assert_eq!(s.connect, "https://discord.com/channels/81384788765712384");
        let e = w.refused(
            Error::invalid("x"),
            403,
            br#"{"message":"Widget Disabled","code":50004}"#,
        );
        assert_eq!(e.code, ErrorCode::Auth);
        let (code, body) = Widget::answer(&json!({"id":"1","name":"n"}), "/api/guilds/2/widget.json").unwrap();
        assert_eq!(code, 404);
        assert_eq!(w.refused(Error::invalid("x"), code, &body).code, ErrorCode::NotListed);
    }
}
