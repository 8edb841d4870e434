//! `query('satisfactory', …)`: the Lightweight Query over UDP and, beside it at once within
//! the one deadline, the HTTPS API on TCP at the same port: `PasswordlessLogin` (unless a
//! `token` is given), then `QueryServerState`, for the session and the counts. What the
//! API does not give is a warning: the status is the Lightweight Query's.

use serde_json::Value;

use super::api::{self, ServerGameState};
use super::exchange::SatisfactoryExchange;
use super::unified::{self, SatisfactoryQueryResult};
use crate::error::{Error, ErrorCode, Result};
use crate::http::part::reply;
use crate::http::Get;
use crate::options::Common;
use crate::spec::{self, Outcome, Parts, QueryPlan, Running, Start};
use crate::target::Target;
use crate::tls::Tls;

crate::options::declare! {
    /// `query('satisfactory', target, options)`.
    pub struct QueryRequest("Satisfactory query"), ts SatisfactoryQueryOptions, cli "";
    /// An API token (the server console's `server.GenerateAPIToken`): needed where the
    /// server has a client password. Sent as `Authorization: Bearer`; never in a trace, a
    /// `--debug` dump or an error.
    token: Option<String> = "token" by text(token), ts "string", flag("token", Text, "T");
    /// Ask the HTTPS API for the session and the counts (default true).
    api: bool = "api" by boolean(true), ts "boolean", flag("no-api", Set("false"), "");
    /// How the API's certificate is checked: by default not at all, as a server's own is
    /// self-signed (gamedig does the same); `true` against Mozilla's roots, or
    /// `{ ca, serverName }` for the certificate you gave the server.
    tls: Tls = "tls" by value(api_tls), ts "boolean | TlsOptions", flag("tls", Tls, "");
}

fn token(given: Option<&str>) -> Result<Option<String>> {
    match given {
        Some(t) if t.is_empty() || !t.bytes().all(|b| b.is_ascii_graphic()) => Err(Error::invalid(
            "option token must be the API token as the server printed it (printable, no spaces)",
        )),
        t => Ok(t.map(str::to_string)),
    }
}

fn api_tls(given: Option<Value>) -> Result<Tls> {
    match given {
        None | Some(Value::Null) => Ok(Tls {
            insecure: true,
            ..Tls::default()
        }),
        Some(Value::Bool(false)) => Err(Error::invalid(
            "option tls cannot be false: Satisfactory's API speaks only HTTPS (api: false leaves the API out)",
        )),
        v => Ok(crate::tls::read(v, true)?.unwrap_or_default()),
    }
}

pub fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    Ok(Box::new(QueryRequest::read(options)?))
}

impl QueryPlan for QueryRequest {
    fn common(&self) -> &Common {
        &self.common
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let exchange = SatisfactoryExchange::poll(at.budget, at.now, at.rng.next_u64());
        Ok(spec::query::reporting(exchange, &at, unified::status))
    }

    fn parts(&mut self, _host: &str, _port: u16) -> Option<Box<dyn Parts>> {
        self.api.then(|| {
            Box::new(ApiParts {
                common: self.common,
                tls: self.tls.clone(),
                given: self.token.is_some(),
                token: self.token.clone(),
                started: 1,
                lightweight: None,
                login: Step::Unasked,
                state: Step::Unasked,
            }) as Box<dyn Parts>
        })
    }
}

/// The API's two calls beside the Lightweight Query (part 0).
struct ApiParts {
    common: Common,
    tls: Tls,
    /// The token was the caller's (else `PasswordlessLogin`'s).
    given: bool,
    token: Option<String>,
    /// The parts started so far, the Lightweight Query's included.
    started: usize,
    lightweight: Option<Result<Outcome>>,
    login: Step<()>,
    state: Step<ServerGameState>,
}

/// One API call, read as soon as it ends.
enum Step<T> {
    Unasked,
    Asked(usize),
    Ended(Result<T>),
}

impl<T> Step<T> {
    fn is(&self, k: usize) -> bool {
        matches!(self, Step::Asked(asked) if *asked == k)
    }
}

impl ApiParts {
    fn call(&mut self, function: &str) -> (usize, Box<dyn QueryPlan>) {
        let headers = self
            .token
            .as_ref()
            .map(|t| ("Authorization", format!("Bearer {t}")))
            .into_iter()
            .collect();
        let part = Get {
            common: self.common,
            path: api::PATH,
            headers,
            limit: api::MAX_REPLY,
            tls: Some(self.tls.clone()),
            body: Some(api::request(function)),
        };
        self.started += 1;
        (self.started - 1, Box::new(part))
    }

    /// A part's failure as a warning, with what to do about a refused login or token.
    fn warn(&self, function: &str, e: &Error, warnings: &mut Vec<String>) {
        let message = e.own_message();
        let hint = match (e.code, self.given) {
            (ErrorCode::Auth, false) => {
                "; give an API token (the server console's server.GenerateAPIToken) as the option token"
            }
            (ErrorCode::Auth, true) => "; the option token was refused",
            _ => "",
        };
        warnings.push(format!("{function}: {message}{hint}"));
    }
}

impl Parts for ApiParts {
    fn next(&mut self) -> Option<Box<dyn QueryPlan>> {
        if self.token.is_none() {
            if !matches!(self.login, Step::Unasked) {
                return None;
            }
            let (k, part) = self.call(api::LOGIN);
            self.login = Step::Asked(k);
            return Some(part);
        }
        if !matches!(self.state, Step::Unasked) {
            return None;
        }
        let (k, part) = self.call(api::QUERY_STATE);
        self.state = Step::Asked(k);
        Some(part)
    }

    fn ended(&mut self, k: usize, result: Result<Outcome>) {
        if k == 0 {
            self.lightweight = Some(result);
        } else if self.login.is(k) {
            let token = reply(result).and_then(|b| api::token(b.as_bytes()));
            self.login = Step::Ended(token.map(|t| self.token = Some(t)));
        } else if self.state.is(k) {
            self.state = Step::Ended(reply(result).and_then(|b| api::game_state(b.as_bytes())));
        }
    }

    fn decide(&mut self) -> Option<Result<Outcome>> {
        // `next` runs first: a login that gave a token has started the state query.
        match self.lightweight.as_ref()? {
            Err(_) => return self.lightweight.take(),
            Ok(_) if matches!(self.login, Step::Asked(_)) || matches!(self.state, Step::Asked(_)) => return None,
            Ok(_) => {}
        }
        let mut status = match self.lightweight.take()?.ok()?.into_status::<SatisfactoryQueryResult>() {
            Some(s) => s,
            None => return Some(Err(Error::invalid("a Satisfactory part gave no Satisfactory status"))),
        };
        let mut warnings = vec![];
        if let Step::Ended(Err(e)) = &self.login {
            self.warn(api::LOGIN, e, &mut warnings);
        }
        match std::mem::replace(&mut self.state, Step::Unasked) {
            Step::Ended(Ok(game_state)) => unified::with_api(&mut status, game_state),
            Step::Ended(Err(e)) => self.warn(api::QUERY_STATE, &e, &mut warnings),
            _ => {}
        }
        status.raw.warnings = warnings;
        Some(Ok(Outcome::status::<SatisfactoryQueryResult>(status)))
    }
}
