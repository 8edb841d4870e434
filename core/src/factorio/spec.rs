//! Factorio's matchmaking API to the machinery above the protocols (`crate::spec`).

crate::http::vendor::vendor_protocol!(
    Factorio,
    "factorio",
    "Factorio query",
    "Factorio (its matchmaking API)",
    FactorioPlan,
    raw "FactorioQueryResult",
    state "FactorioQueryResult",
    super::unified::Details,
    [super::unified::FactorioReply, super::unified::FactorioVersion, super::query::FactorioQueryOptions]
);
