//! `query('renegadex', 'host[:port]', options)`: the master server's list, the server at
//! the target's address (looked up first) and port found in it.

crate::http::vendor::vendor_query!(
    "renegadex",
    RenegadeXPlan("Renegade X query"),
    ts RenegadeXQueryOptions,
    "https://serverlist-rx.totemarts.services",
    list,
    |_| super::unified::Listed
);
