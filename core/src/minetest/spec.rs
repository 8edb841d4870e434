//! Minetest's server list to the machinery above the protocols (`crate::spec`).

crate::http::vendor::vendor_protocol!(
    Minetest,
    "minetest",
    "Minetest query",
    "Minetest / Luanti (its server list)",
    MinetestPlan,
    raw "MinetestQueryResult",
    state "MinetestQueryResult | MinetestQueryResult[]",
    super::unified::Listed,
    [super::unified::MinetestReply, super::query::MinetestQueryOptions]
);
