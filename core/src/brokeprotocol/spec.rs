//! BROKE PROTOCOL's lists to the machinery above the protocols (`crate::spec`): a plan with
//! a part, the game's list asked where the API fails; both lists as its responder.

crate::http::vendor::vendor_protocol!(
    BrokeProtocol,
    "brokeprotocol",
    "BROKE PROTOCOL query",
    "BROKE PROTOCOL (its server lists)",
    BrokePlan,
    raw "BrokeProtocolQueryResult",
    state "BrokeProtocolQueryResult | BrokeProtocolQueryResult[]",
    parts,
    serve crate::http::vendor::VendorServer<super::unified::Api>,
    [super::unified::BrokeProtocolReply, super::query::BrokeProtocolQueryOptions]
);
