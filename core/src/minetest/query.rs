//! `query('minetest', 'host[:port]', options)`: the public server list, the server at the
//! target's address (looked up first) and port found in it.

crate::http::vendor::vendor_query!(
    "minetest",
    MinetestPlan("Minetest query"),
    ts MinetestQueryOptions,
    "https://servers.minetest.net",
    list,
    |_| super::unified::Listed
);
