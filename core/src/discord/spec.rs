//! Discord's guild widget to the machinery above the protocols (`crate::spec`).

crate::http::vendor::vendor_protocol!(
    Discord,
    "discord",
    "Discord query",
    "Discord (a guild's widget)",
    DiscordPlan,
    raw "DiscordQueryResult",
    state "DiscordQueryResult | DiscordQueryResult[]",
    super::unified::Widget,
    [super::unified::DiscordReply, super::unified::DiscordMember, super::unified::DiscordChannel, super::query::DiscordQueryOptions],
    sample_target "1"
);
