//! `query('ragemp', 'host[:port]', options)`: RAGE MP's master list, the server listed as
//! the target's `host:port` (or the project that is) found in it.

crate::http::vendor::vendor_query!(
    "ragemp",
    RageMpPlan("RAGE MP query"),
    ts RageMpQueryOptions,
    "https://cdn.rage.mp",
    list,
    |_| super::unified::Listed
);
