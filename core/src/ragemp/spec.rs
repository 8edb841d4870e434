//! RAGE MP's master list to the machinery above the protocols (`crate::spec`).

crate::http::vendor::vendor_protocol!(
    RageMp,
    "ragemp",
    "RAGE MP query",
    "RAGE Multiplayer (its master list)",
    RageMpPlan,
    raw "RageMpQueryResult",
    state "RageMpQueryResult | RageMpQueryResult[]",
    super::unified::Listed,
    [super::unified::RageMpReply, super::unified::RageMpServer, super::unified::RageMpPlayers, super::query::RageMpQueryOptions]
);
