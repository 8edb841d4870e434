//! `query('altvmp', 'host[:port]', options)`: alt:V's master list, the server listed as the
//! target's `host:port` found in it; or, with `serverId`, that server's entry alone.

crate::http::vendor::vendor_query!(
    "altvmp",
    AltVPlan("alt:V query"),
    ts AltVQueryOptions,
    "https://api.alt-mp.com",
    list,
    |o: &AltVPlan| super::unified::Listed { server_id: o.server_id.clone() },
    own {
        /// The server's public id in alt:V's list (its `publicId`): asks `/servers/{id}`
        /// rather than the whole list, and the target's address is not compared.
        server_id: Option<String> = "serverId" by text(server_id), ts "string", flag("server-id", Text, "ID");
    }
);

fn server_id(given: Option<&str>) -> crate::error::Result<Option<String>> {
    crate::http::vendor::segment("serverId", given)
}
