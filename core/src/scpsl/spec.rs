//! SCP: SL's server info API to the machinery above the protocols (`crate::spec`).

crate::http::vendor::vendor_protocol!(
    ScpSl,
    "scpsl",
    "SCP: SL query",
    "SCP: Secret Laboratory (its server info API)",
    ScpSlPlan,
    raw "ScpSlQueryResult",
    state "ScpSlQueryResult",
    super::unified::Account,
    [super::unified::ScpSlReply, super::unified::ScpSlServer, super::unified::ScpSlPlayer, super::query::ScpSlQueryOptions],
    sample_options r#"{ "accountId": 1, "apiKey": "key" }"#
);
