//! `query('palworld', …)`: `GET /v1/api/info` for the status and, at once beside it within
//! the one deadline, `/v1/api/metrics` (the counts), `/v1/api/players` (the list) and
//! `/v1/api/settings`, each on a connection of its own with the same Basic credentials.
//! A failed info fails the call (401: `GQ_AUTH`, naming the option to check); a failed
//! other part is a warning in the status.

use serde_json::Value;

use super::api::{rows, Endpoint};
use super::unified::{self, PalworldQueryResult};
use crate::error::{Error, ErrorCode, Result};
use crate::http::part::get;
use crate::http::{basic, Get};
use crate::options::Common;
use crate::spec::{Outcome, Parts, QueryPlan, Running, Start};
use crate::target::Target;

crate::options::declare! {
    /// `query('palworld', target, options)`.
    pub struct PalworldPlan("Palworld query"), ts PalworldQueryOptions, cli "";
    /// The REST API's user (default `admin`, the only one Palworld has).
    username: String = "username" by text(username), ts "string", flag("username", Text, "U");
    /// The server's `AdminPassword`: every endpoint asks for it. Sent as HTTP Basic auth;
    /// never in a trace, a `--debug` dump or an error.
    password: Option<String> = "password" by text(basic::password), ts "string", flag("password", Text, "P");
    /// `GET /v1/api/players` for the list (default true).
    players: bool = "players" by boolean(true), ts "boolean", flag("no-players", Set("false"), "");
    /// `GET /v1/api/settings` into `raw.settings` (default true).
    settings: bool = "settings" by boolean(true), ts "boolean", flag("no-settings", Set("false"), "");
    /// HTTPS: `true`, or how the certificate is checked (`{ ca, insecure, serverName }`),
    /// for a server behind a TLS proxy (default false: plain HTTP).
    tls: Option<crate::tls::Tls> = "tls" by tls(false), ts "boolean | TlsOptions", flag("tls", Tls, "");
}

fn username(given: Option<&str>) -> Result<String> {
    Ok(basic::user(given)?.unwrap_or_else(|| "admin".to_string()))
}

pub fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    let plan = PalworldPlan::read(options)?;
    if plan.common.local_port != 0 {
        return Err(Error::invalid(
            "option localPort cannot be used with a Palworld query: it opens a connection per endpoint",
        ));
    }
    Ok(Box::new(plan))
}

impl PalworldPlan {
    /// `Authorization: Basic …`, when a password is given.
    fn headers(&self) -> Vec<(&'static str, String)> {
        let Some(password) = &self.password else {
            return vec![];
        };
        vec![basic::header(&self.username, password)]
    }
}

impl QueryPlan for PalworldPlan {
    crate::http::over_tcp!();

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let info = Endpoint::Info;
        let exchange = get(&at, info.path(), &self.headers(), info.limit());
        Ok(at.report(exchange, move |reply| {
            Ok(unified::status(info.read(&reply.body)?, reply.latency_ms))
        }))
    }

    fn parts(&mut self, _host: &str, _port: u16) -> Option<Box<dyn Parts>> {
        let mut pending = vec![Endpoint::Metrics];
        if self.players {
            pending.push(Endpoint::Players);
        }
        if self.settings {
            pending.push(Endpoint::Settings);
        }
        Some(Box::new(PalworldParts {
            common: self.common,
            tls: self.tls.clone(),
            headers: self.headers(),
            password_given: self.password.is_some(),
            pending,
            kinds: vec![Endpoint::Info],
            results: vec![None],
        }))
    }
}

struct PalworldParts {
    common: Common,
    tls: Option<crate::tls::Tls>,
    headers: Vec<(&'static str, String)>,
    password_given: bool,
    /// Parts still to start.
    pending: Vec<Endpoint>,
    kinds: Vec<Endpoint>,
    results: Vec<Option<Result<Outcome>>>,
}

impl Parts for PalworldParts {
    fn next(&mut self) -> Option<Box<dyn QueryPlan>> {
        let endpoint = self.pending.pop()?;
        self.kinds.push(endpoint);
        self.results.push(None);
        Some(Box::new(Get {
            common: self.common,
            path: endpoint.path(),
            headers: self.headers.clone(),
            limit: endpoint.limit(),
            tls: self.tls.clone(),
            body: None,
        }))
    }

    fn ended(&mut self, k: usize, result: Result<Outcome>) {
        if let Some(slot) = self.results.get_mut(k) {
            *slot = Some(result);
        }
    }

    fn decide(&mut self) -> Option<Result<Outcome>> {
        match self.results[0].as_ref()? {
            Err(e) if e.code == ErrorCode::Auth => {
                let mut e = e.clone();
                e.message.push_str(if self.password_given {
                    ": the server refused the password (the option password is its AdminPassword, the user admin)"
                } else {
                    ": give the server's AdminPassword as the option password"
                });
                return Some(Err(e));
            }
            Err(_) => return self.results[0].take(),
            Ok(_) if self.results.iter().any(Option::is_none) => return None,
            Ok(_) => {}
        }
        let mut status = match self.results[0].take()?.ok()?.into_status::<PalworldQueryResult>() {
            Some(s) => s,
            None => return Some(Err(Error::invalid("a Palworld part gave no Palworld status"))),
        };
        let mut warnings = Vec::new();
        // Metrics first: the counts the players' list is measured against.
        let mut order: Vec<usize> = (1..self.kinds.len()).collect();
        order.sort_by_key(|&k| self.kinds[k] != Endpoint::Metrics);
        for k in order {
            let endpoint = self.kinds[k];
            let Some(body) = crate::http::part::body(endpoint.path(), self.results[k].take(), &mut warnings) else {
                continue;
            };
            let read = endpoint.read(body.as_bytes()).and_then(|object| {
                match endpoint {
                    Endpoint::Players => unified::with_players(&mut status, rows(object)?),
                    Endpoint::Metrics => unified::with_metrics(&mut status, object),
                    _ => unified::with_settings(&mut status, object),
                }
                Ok(())
            });
            if let Err(e) = read {
                warnings.push(e.message);
            }
        }
        status.raw.warnings = warnings;
        Some(Ok(Outcome::status::<PalworldQueryResult>(status)))
    }
}
