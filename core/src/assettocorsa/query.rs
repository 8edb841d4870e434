//! `query('assettocorsa', …)`: `GET /INFO` for the status and, at once beside it within the
//! one deadline, `GET /JSON|0` for the drivers, each on a connection of its own. A failed
//! `/INFO` fails the call; a failed entry list is a warning in the status, whose counts
//! `/INFO` gave.

use serde_json::Value;

use super::unified::{self, AssettoCorsaQueryResult};
use super::{ENTRY_LIST, INFO, MAX_ENTRY_LIST, MAX_INFO};
use crate::error::{Error, Result};
use crate::http::part::get;
use crate::http::Get;
use crate::options::Common;
use crate::spec::{Outcome, Parts, QueryPlan, Running, Start};
use crate::target::Target;

crate::options::declare! {
    /// `query('assettocorsa', target, options)`.
    pub struct AssettoCorsaPlan("Assetto Corsa query"), ts AssettoCorsaQueryOptions, cli "";
    /// `GET /JSON|0` for the drivers and their cars (default true).
    players: bool = "players" by boolean(true), ts "boolean", flag("no-players", Set("false"), "");
    /// HTTPS: `true`, or how the certificate is checked (`{ ca, insecure, serverName }`),
    /// for a server behind a TLS proxy (default false: plain HTTP).
    tls: Option<crate::tls::Tls> = "tls" by tls(false), ts "boolean | TlsOptions", flag("tls", Tls, "");
}

pub fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    let plan = AssettoCorsaPlan::read(options)?;
    if plan.common.local_port != 0 && plan.players {
        return Err(Error::invalid(
            "option localPort cannot be used with an Assetto Corsa query that asks for the players: it opens a connection per endpoint",
        ));
    }
    Ok(Box::new(plan))
}

impl QueryPlan for AssettoCorsaPlan {
    crate::http::over_tcp!();

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let exchange = get(&at, INFO, &[], MAX_INFO);
        Ok(at.report(exchange, |reply| {
            Ok(unified::status(unified::read_info(&reply.body)?, reply.latency_ms))
        }))
    }

    fn parts(&mut self, _host: &str, _port: u16) -> Option<Box<dyn Parts>> {
        self.players.then(|| {
            Box::new(EntryListPart {
                common: self.common,
                tls: self.tls.clone(),
                started: false,
                results: vec![None, None],
            }) as Box<dyn Parts>
        })
    }
}

/// `/INFO` (the call's own exchange, 0) and the entry list beside it (1).
struct EntryListPart {
    common: Common,
    tls: Option<crate::tls::Tls>,
    started: bool,
    results: Vec<Option<Result<Outcome>>>,
}

impl Parts for EntryListPart {
    fn next(&mut self) -> Option<Box<dyn QueryPlan>> {
        if std::mem::replace(&mut self.started, true) {
            return None;
        }
        Some(Box::new(Get {
            common: self.common,
            path: ENTRY_LIST,
            headers: vec![],
            limit: MAX_ENTRY_LIST,
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
            Err(_) => return self.results[0].take(),
            Ok(_) if self.results[1].is_none() => return None,
            Ok(_) => {}
        }
        let mut status = match self.results[0].take()?.ok()?.into_status::<AssettoCorsaQueryResult>() {
            Some(s) => s,
            None => {
                return Some(Err(Error::invalid(
                    "an Assetto Corsa part gave no Assetto Corsa status",
                )))
            }
        };
        let mut warnings = Vec::new();
        if let Some(body) = crate::http::part::body(ENTRY_LIST, self.results[1].take(), &mut warnings) {
            match unified::read_entry_list(body.as_bytes()) {
                Ok(cars) => unified::with_cars(&mut status, cars),
                Err(e) => warnings.push(e.message),
            }
        }
        status.raw.warnings = warnings;
        Some(Ok(Outcome::status::<AssettoCorsaQueryResult>(status)))
    }
}
