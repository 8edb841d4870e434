//! `query('kspdmp', …)`: one `GET /` to the server's status port.

crate::http::page::page_query!("kspdmp", KspDmpPlan("DarkMultiPlayer query"), ts KspDmpQueryOptions, super::unified::StatusPage);
