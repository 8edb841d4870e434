//! `query('satisfactory', …)`: the Lightweight Query over UDP and, beside it at once within
//! the one deadline, the HTTPS API on TCP at the same port: `PasswordlessLogin` (unless a
//! `token` is given), then `QueryServerState`, for the session and the counts. What the
//! API does not give is a warning: the status is the Lightweight Query's.

use serde_json::Value;

use super::api::{self, ServerGameState};
use super::exchange::SatisfactoryExchange;
use super::unified::{self, SatisfactoryQueryResult};
use crate::error::{Error, ErrorCode, Result};
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
    tls: Tls = "tls" by value(api_tls), ts "boolean | TlsOptions";
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
                login: None,
                state: None,
                results: vec![None],
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
    /// The parts' numbers, once started.
    login: Option<usize>,
    state: Option<usize>,
    results: Vec<Option<Result<Outcome>>>,
}

impl ApiParts {
    fn call(&mut self, function: &str, token: Option<&str>) -> (usize, Box<dyn QueryPlan>) {
        self.results.push(None);
        let headers = token
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
        (self.results.len() - 1, Box::new(part))
    }

    /// The login's body, once it ended well.
    fn login_body(&self) -> Option<&str> {
        match self.results.get(self.login?)? {
            Some(Ok(Outcome::Lines(lines))) => lines.last().map(String::as_str),
            _ => None,
        }
    }

    /// A part's failure as a warning, with what to do about a refused login or token.
    fn warn(&self, function: &str, e: &Error, warnings: &mut Vec<String>) {
        let message = e.message.split_once(": ").map_or(e.message.as_str(), |(_, rest)| rest);
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
        if self.token.is_none() && self.login.is_none() {
            let (k, part) = self.call(api::LOGIN, None);
            self.login = Some(k);
            return Some(part);
        }
        if self.state.is_none() {
            if self.token.is_none() {
                self.token = Some(api::token(self.login_body()?.as_bytes()).ok()?);
            }
            let token = self.token.clone();
            let (k, part) = self.call(api::QUERY_STATE, token.as_deref());
            self.state = Some(k);
            return Some(part);
        }
        None
    }

    fn ended(&mut self, k: usize, result: Result<Outcome>) {
        if let Some(slot) = self.results.get_mut(k) {
            *slot = Some(result);
        }
    }

    fn decide(&mut self) -> Option<Result<Outcome>> {
        match self.results[0].as_ref()? {
            Err(_) => return self.results[0].take(),
            Ok(_) if self.results.iter().any(Option::is_none) => return None,
            // A login that answered starts the state query next.
            Ok(_) if self.state.is_none() && self.login_body().is_some_and(|b| api::token(b.as_bytes()).is_ok()) => {
                return None
            }
            Ok(_) => {}
        }
        let mut status = match self.results[0].take()?.ok()?.into_status::<SatisfactoryQueryResult>() {
            Some(s) => s,
            None => return Some(Err(Error::invalid("a Satisfactory part gave no Satisfactory status"))),
        };
        let mut warnings = vec![];
        let game_state = self.read(&mut warnings);
        if let Some(game_state) = game_state {
            unified::with_api(&mut status, game_state);
        }
        status.raw.warnings = warnings;
        Some(Ok(Outcome::status::<SatisfactoryQueryResult>(status)))
    }
}

impl ApiParts {
    /// The game state the API gave, the failures on the way as warnings.
    fn read(&mut self, warnings: &mut Vec<String>) -> Option<ServerGameState> {
        if let Some(k) = self.login {
            match self.results[k].take() {
                Some(Err(e)) => self.warn(api::LOGIN, &e, warnings),
                Some(Ok(Outcome::Lines(lines))) if self.state.is_none() => {
                    if let Err(e) = api::token(lines.last().map_or(&b""[..], |l| l.as_bytes())) {
                        self.warn(api::LOGIN, &e, warnings);
                    }
                }
                _ => {}
            }
        }
        let result = self.results[self.state?].take()?;
        let read = result.and_then(|outcome| match outcome {
            Outcome::Lines(lines) => api::game_state(lines.last().map_or(&b""[..], |l| l.as_bytes())),
            _ => Err(Error::invalid("a Satisfactory API part gave no body")),
        });
        match read {
            Ok(state) => Some(state),
            Err(e) => {
                self.warn(api::QUERY_STATE, &e, warnings);
                None
            }
        }
    }
}
