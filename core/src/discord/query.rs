//! `query('discord', guildId, options)`: the guild's widget. The target is the guild's id
//! (or the option `guildId`, gamedig's, which then wins).

crate::http::vendor::vendor_query!(
    "discord",
    DiscordPlan("Discord query"),
    ts DiscordQueryOptions,
    "https://discord.com",
    |o: &DiscordPlan| super::unified::Widget { guild_id: o.guild_id.clone() },
    own {
        /// The guild's id (gamedig's option; a string: it is too large for a JavaScript
        /// number). Without it, the target is the id.
        guild_id: Option<String> = "guildId" by value(guild_id), ts "string", flag("guild-id", Text, "ID");
    }
);

/// A guild's id: a snowflake, all digits.
fn guild_id(given: Option<serde_json::Value>) -> crate::error::Result<Option<String>> {
    use serde_json::Value;
    match given {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(id)) => super::unified::snowflake(&id).map(Some),
        Some(Value::Number(n)) => Err(crate::error::Error::invalid(format!(
            "option guildId must be a string (a number as large as {n} loses its last digits in JavaScript)"
        ))),
        Some(v) => Err(crate::error::Error::invalid(format!(
            "option guildId must be a string, got {v}"
        ))),
    }
}
