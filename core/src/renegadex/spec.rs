//! Renegade X's master server to the machinery above the protocols (`crate::spec`).

crate::http::vendor::vendor_protocol!(
    RenegadeX,
    "renegadex",
    "Renegade X query",
    "Renegade X (its master server)",
    RenegadeXPlan,
    raw "RenegadeXQueryResult",
    state "RenegadeXQueryResult | RenegadeXQueryResult[]",
    super::unified::Listed,
    [super::unified::RenegadeXReply, super::query::RenegadeXQueryOptions]
);
