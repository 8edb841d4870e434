//! `query('beammp', 'host[:port]', options)`: BeamMP's list, the server at the target's
//! address (looked up first) and port found in it.

crate::http::vendor::vendor_query!(
    "beammp",
    BeamMpPlan("BeamMP query"),
    ts BeamMpQueryOptions,
    "https://backend.beammp.com",
    list,
    |_| super::unified::Listed
);
