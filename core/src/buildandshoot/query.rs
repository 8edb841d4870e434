//! `query('buildandshoot', …)`: one `GET /json` to the status server.

crate::http::page::page_query!("buildandshoot", BuildAndShootPlan("Build and Shoot query"), ts BuildAndShootQueryOptions, super::unified::StatusPage);
