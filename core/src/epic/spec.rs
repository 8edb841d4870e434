//! Epic Online Services to the machinery above the protocols (`crate::spec`): a query in
//! steps (`Parts`), Epic's token routes and filter as its responder.

crate::http::vendor::vendor_protocol!(
    Epic,
    "epic",
    "EOS query",
    "Epic Online Services (its matchmaking API)",
    EpicPlan,
    raw "EpicQueryResult | ArkServerListEntry",
    state "EpicQueryResult | ArkServerListEntry | Array<EpicQueryResult | ArkServerListEntry>",
    parts,
    serve super::responder::EpicServer,
    [super::unified::EpicReply, super::ark::ArkServerListEntry, super::query::EpicQueryOptions],
    sample_options r#"{ "clientId": "gamequery", "clientSecret": "secret", "deploymentId": "ad9a8feffb3b4b2ca315546f038c3ae2" }"#
);
