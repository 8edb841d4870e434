//! `query('geneshift', 'host[:port]', options)`: the lobby list, the server at the target's
//! address (looked up first) and port found in it.

crate::http::vendor::vendor_query!(
    "geneshift",
    GeneshiftPlan("Geneshift query"),
    ts GeneshiftQueryOptions,
    "http://geneshift.net",
    list,
    |_| super::unified::Listed
);
