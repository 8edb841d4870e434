//! One `GET` (or `POST`) as a part of a call ([`crate::spec::Parts`]): a status that takes several
//! endpoints (FiveM's `/players.json`, Palworld's `/v1/api/metrics` …) fetches each beside
//! the first, on a connection of its own, within the call's one deadline. The body comes
//! back as text for the protocol to read.

use super::{HttpGet, Limits};
use crate::error::{Error, Result};
use crate::options::Common;
use crate::spec::query::Mapped;
use crate::spec::{Outcome, QueryPlan, Running, Start};

/// `GET path` (a `POST` of `body`, when given) on the query's host and port, with
/// `headers`, its reply's body read up to `limit`.
pub struct Get {
    pub common: Common,
    pub path: &'static str,
    pub headers: Vec<(&'static str, String)>,
    pub limit: usize,
    /// The query's TLS, when it speaks HTTPS.
    pub tls: Option<crate::tls::Tls>,
    /// A JSON body to `POST` instead (Satisfactory's API functions).
    pub body: Option<Vec<u8>>,
}

impl QueryPlan for Get {
    super::over_tcp!();

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let exchange = match &self.body {
            Some(body) => {
                let headers: Vec<(&str, &str)> = self.headers.iter().map(|(n, v)| (*n, v.as_str())).collect();
                let (limits, path) = (Limits { body: self.limit }, at.path.unwrap_or(self.path));
                let end = at.budget.end;
                HttpGet::post(at.host, at.port, path, &headers, body, limits, at.now, end).plain(!at.tls)
            }
            None => get(&at, self.path, &self.headers, self.limit),
        };
        Ok(Mapped::boxed(exchange, |reply| {
            Ok(Outcome::Lines(vec![String::from_utf8_lossy(&reply.body).into_owned()]))
        }))
    }
}

/// `GET path` on the query's host and port within its deadline, with `headers`, the
/// reply's body read up to `limit`; at the path a redirect led to, when one did.
pub fn get(at: &Start<'_>, path: &str, headers: &[(&str, String)], limit: usize) -> HttpGet {
    let headers: Vec<(&str, &str)> = headers.iter().map(|(n, v)| (*n, v.as_str())).collect();
    let path = at.path.unwrap_or(path);
    HttpGet::new(
        at.host,
        at.port,
        path,
        &headers,
        Limits { body: limit },
        at.now,
        at.budget.end,
    )
    .plain(!at.tls)
}

/// A part's body as [`Get`] gives it.
pub fn reply(result: Result<Outcome>) -> Result<String> {
    match result? {
        Outcome::Lines(mut lines) => Ok(lines.pop().unwrap_or_default()),
        _ => Err(Error::invalid("an HTTP part gave no body")),
    }
}

/// A part's body as [`Get`] gives it, or `None` with its failure added to `warnings` as
/// `path: what failed` — without the call's prefix (`FiveM query of host:port: `): the
/// status the warning is in already names the server.
pub fn body(path: &str, result: Option<Result<Outcome>>, warnings: &mut Vec<String>) -> Option<String> {
    match result? {
        Ok(Outcome::Lines(mut lines)) => Some(lines.pop().unwrap_or_default()),
        Err(e) => {
            warnings.push(format!("{path}: {}", e.own_message()));
            None
        }
        Ok(_) => None,
    }
}
