//! alt:V's master list to the machinery above the protocols (`crate::spec`).

crate::http::vendor::vendor_protocol!(
    AltV,
    "altvmp",
    "alt:V query",
    "alt:V (its master list)",
    AltVPlan,
    raw "AltVQueryResult",
    state "AltVQueryResult | AltVQueryResult[]",
    super::unified::Listed,
    [super::unified::AltVReply, super::query::AltVQueryOptions]
);
