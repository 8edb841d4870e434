//! `query('factorio', 'host[:port]', options)`: the matchmaking server asked about the game
//! at the target's address (looked up first) and port.

crate::http::vendor::vendor_query!(
    "factorio",
    FactorioPlan("Factorio query"),
    ts FactorioQueryOptions,
    "https://multiplayer.factorio.com",
    |_| super::unified::Details
);
