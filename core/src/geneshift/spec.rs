//! Geneshift's lobby list to the machinery above the protocols (`crate::spec`).

crate::http::vendor::vendor_protocol!(
    Geneshift,
    "geneshift",
    "Geneshift query",
    "Geneshift / Mutant Factions (the lobby list)",
    GeneshiftPlan,
    raw "GeneshiftQueryResult",
    state "GeneshiftQueryResult | GeneshiftQueryResult[]",
    super::unified::Listed,
    [super::record::GeneshiftReply, super::query::GeneshiftQueryOptions]
);
