//! `query('vintagestory', 'host[:port]', options)`: the master server's list, the server at
//! the target's address (looked up first) and port found in it.

crate::http::vendor::vendor_query!(
    "vintagestory",
    VintageStoryPlan("Vintage Story query"),
    ts VintageStoryQueryOptions,
    "https://masterserver.vintagestory.at",
    list,
    |_| super::unified::Listed
);
