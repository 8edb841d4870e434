//! `query('hytale', …)`: one `GET /Nitrado/Query`, over TLS without checking the
//! certificate (the plugin's is self-signed) and, when the port does not answer in TLS
//! (an admin set `Tls.Insecure`), again in plain HTTP; with a service account's HTTP
//! Basic credentials when given.

use serde_json::Value;

use super::unified::StatusPage;
use super::{MAX_BODY, PATH};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{Deadline, Millis};
use crate::http::basic;
use crate::http::page::Page;
use crate::http::part::get;
use crate::options::Common;
use crate::spec::{QueryPlan, Running, Start, Transport};
use crate::target::Target;
use crate::tls::Tls;

crate::options::declare! {
    /// `query('hytale', target, options)`.
    pub struct HytalePlan("Hytale query"), ts HytaleQueryOptions, cli "";
    /// A service account (`serviceaccount.<name>`), for a server whose anonymous group
    /// may read less than you want; sent with `password` as HTTP Basic, never in a trace,
    /// a `--debug` dump or an error.
    username: Option<String> = "username" by text(basic::user), ts "string", flag("username", Text, "U");
    /// The service account's password.
    password: Option<String> = "password" by text(basic::password), ts "string", flag("password", Text, "P");
    /// How the plugin's HTTPS is checked: by default not at all (its certificate is
    /// self-signed), falling back to plain HTTP where TLS is off; `true` against Mozilla's
    /// roots or `{ ca, serverName }` for the certificate you gave it; `false`: plain HTTP.
    tls: HttpsFirst = "tls" by value(https_first), ts "boolean | TlsOptions", flag("tls", Tls, "");
}

/// The connection's TLS, and whether a port that does not speak it is asked in plain HTTP.
#[derive(Debug, Clone)]
pub struct HttpsFirst {
    tls: Option<Tls>,
    plain_after: bool,
}

fn https_first(given: Option<Value>) -> Result<HttpsFirst> {
    Ok(match given {
        None | Some(Value::Null) => HttpsFirst {
            tls: Some(Tls {
                insecure: true,
                ..Tls::default()
            }),
            plain_after: true,
        },
        v => HttpsFirst {
            tls: crate::tls::read(v, false)?,
            plain_after: false,
        },
    })
}

pub fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    let plan = HytalePlan::read(options)?;
    if plan.username.is_some() != plan.password.is_some() {
        return Err(Error::invalid(
            "options username and password go together: a service account's (serviceaccount.<name>)",
        ));
    }
    Ok(Box::new(plan))
}

impl QueryPlan for HytalePlan {
    fn common(&self) -> &Common {
        &self.common
    }

    fn transport(&self) -> Transport {
        Transport::Tcp
    }

    fn tls(&self) -> Option<&Tls> {
        self.tls.tls.as_ref()
    }

    /// Never with a service account's credentials: they are not sent in the clear.
    fn without_tls(&mut self) -> bool {
        let plain = std::mem::take(&mut self.tls.plain_after) && self.username.is_none();
        if plain {
            self.tls.tls = None;
        }
        plain
    }

    /// Not asked again; a refusal says what to set.
    fn retry(&mut self, mut e: Error, _budget: &Deadline, _now: Millis) -> Result<()> {
        if matches!(e.code, ErrorCode::Auth | ErrorCode::Forbidden) {
            e.message.push_str(match self.username {
                Some(_) => ": the server refused the service account",
                None => ": the anonymous group may not read the query (nitrado.query.web.read.* in permissions.json), or give a service account as username and password",
            });
        }
        Err(e)
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let headers: Vec<_> = match (&self.username, &self.password) {
            (Some(user), Some(password)) => vec![basic::header(user, password)],
            _ => vec![],
        };
        let exchange = get(&at, PATH, &headers, MAX_BODY);
        Ok(at.report(exchange, |reply| StatusPage::status(&reply.body, reply.latency_ms)))
    }
}
