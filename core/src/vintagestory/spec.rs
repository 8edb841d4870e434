//! Vintage Story's master server to the machinery above the protocols (`crate::spec`).

crate::http::vendor::vendor_protocol!(
    VintageStory,
    "vintagestory",
    "Vintage Story query",
    "Vintage Story (its master server)",
    VintageStoryPlan,
    raw "VintageStoryQueryResult",
    state "VintageStoryQueryResult | VintageStoryQueryResult[]",
    super::unified::Listed,
    [super::unified::VintageStoryReply, super::query::VintageStoryQueryOptions]
);
