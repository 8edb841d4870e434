//! BeamMP's list to the machinery above the protocols (`crate::spec`).

crate::http::vendor::vendor_protocol!(
    BeamMp,
    "beammp",
    "BeamMP query",
    "BeamMP (its server list)",
    BeamMpPlan,
    raw "BeamMpQueryResult",
    state "BeamMpQueryResult | BeamMpQueryResult[]",
    super::unified::Listed,
    [super::unified::BeamMpReply, super::query::BeamMpQueryOptions]
);
