//! Hawakening to the machinery above the protocols (`crate::spec`): a query in steps
//! (`Parts`), the backend's API as its responder.

crate::http::vendor::vendor_protocol!(
    Hawakening,
    "hawakening",
    "Hawakening query",
    "Hawakening (its backend)",
    HawakeningPlan,
    raw "HawakeningQueryResult",
    state "HawakeningListing | HawakeningListing[] | HawakeningQueryResult",
    parts,
    serve super::responder::HawakeningServer,
    [super::unified::HawakeningReply, super::unified::HawakeningListing, super::query::HawakeningQueryOptions],
    sample_target "6a3f1e2d-7c4b-4d5e-8f90-a1b2c3d4e5f6",
    sample_options r#"{ "username": "pilot@example.org", "password": "secret" }"#
);
