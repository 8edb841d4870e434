//! `query('eldewrito', …)`: one `GET /` to the server's HTTP port.

crate::http::page::page_query!("eldewrito", ElDewritoPlan("ElDewrito query"), ts ElDewritoQueryOptions, super::unified::StatusPage);
