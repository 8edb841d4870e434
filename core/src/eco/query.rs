//! `query('eco', …)`: one `GET /frontpage` to the server's web port.

crate::http::page::page_query!("eco", EcoPlan("Eco query"), ts EcoQueryOptions, super::unified::StatusPage);
