//! The requests of an EOS query, in order, each a part of the call on a connection to the
//! API of its own: a token (a device id's first, where the deployment wants external
//! auth), then the filter with it. Each step's answer decides the next.

use serde_json::{json, Value};

use super::dialect::Dialect;
use super::{DEVICE_ID, MAX_BODY, TOKEN};
use crate::error::{Error, ErrorCode, Result};
use crate::http::vendor::ApiUrl;
use crate::http::{HttpGet, HttpReply, Limits};
use crate::options::Common;
use crate::spec::query::{Elsewhere, Mapped};
use crate::spec::{Outcome, Parts, QueryPlan, Running, Start};
use crate::tls::Tls;

/// The game's client, as the user gave it.
#[derive(Debug, Clone)]
pub struct Client {
    pub id: String,
    pub secret: String,
    pub deployment: String,
    pub dialect: Dialect,
    /// The token by external auth of a device id's.
    pub external: bool,
}

/// A request of the query.
#[derive(Debug, Clone)]
pub enum Step {
    /// `POST /auth/v1/accounts/deviceid`: a device id's token.
    DeviceId,
    /// `POST /auth/v1/oauth/token` for the client's own token.
    ClientToken,
    /// `POST /auth/v1/oauth/token` by external auth, with the device id's token.
    ExternalToken(String),
    /// `POST …/matchmaking/v1/{deployment}/filter` with the token.
    Filter(String),
}

/// What EOS says when it refuses: `{ errorCode, errorMessage }`.
fn refusal(e: Error, body: &[u8], what: &str) -> Error {
    let said = serde_json::from_slice::<Value>(body).ok();
    let code = said.as_ref().and_then(|v| v["errorCode"].as_str()).unwrap_or_default();
    let message = said
        .as_ref()
        .and_then(|v| v["errorMessage"].as_str())
        .unwrap_or_default();
    let status = e.http_status.unwrap_or(0);
    if matches!(status, 400 | 401 | 403) && !code.is_empty() {
        return Error::new(
            ErrorCode::Auth,
            format!(
                "EOS refused {what} ({code}: {message}): check the options clientId, clientSecret and deploymentId (the game's own) and dialect"
            ),
        );
    }
    e
}

/// The token in a reply of the token routes.
fn token(reply: HttpReply, what: &str) -> Result<Outcome> {
    if let Some(e) = reply.refused {
        return Err(refusal(e, &reply.body, what));
    }
    let value = serde_json::from_slice::<Value>(&reply.body).ok();
    match value.as_ref().and_then(|v| v["access_token"].as_str()) {
        Some(t) if !t.is_empty() && !t.chars().any(char::is_control) => Ok(Outcome::Lines(vec![t.to_string()])),
        _ => Err(Error::new(
            ErrorCode::WrongProtocol,
            format!("POST {TOKEN} answered no access_token for {what}"),
        )
        .with_text(crate::http::excerpt(&reply.body))),
    }
}

impl Step {
    /// The step's exchange on the connection `at` opened.
    pub fn start(&self, base: &str, client: &Client, at: Start<'_>) -> Result<Box<dyn Running>> {
        let basic = crate::http::basic::header(&client.id, &client.secret);
        let form = ("Content-Type", "application/x-www-form-urlencoded".to_string());
        let deployment = form_urlencoded::byte_serialize(client.deployment.as_bytes()).collect::<String>();
        let (path, headers, body) = match self {
            Step::DeviceId => (DEVICE_ID.to_string(), vec![basic, form], "deviceModel=PC".to_string()),
            Step::ClientToken => (
                TOKEN.to_string(),
                vec![basic, form],
                format!("grant_type=client_credentials&deployment_id={deployment}"),
            ),
            Step::ExternalToken(device) => (
                TOKEN.to_string(),
                vec![basic, form],
                format!(
                    "grant_type=external_auth&external_auth_type=deviceid_access_token&external_auth_token={}&nonce=gamequery&deployment_id={deployment}&display_name=User",
                    form_urlencoded::byte_serialize(device.as_bytes()).collect::<String>()
                ),
            ),
            Step::Filter(token) => {
                let wildcard = if client.dialect.wildcard() { "/wildcard" } else { "" };
                let about = at.about.as_ref();
                let address = about
                    .and_then(|a| a.addr.map(|s| s.ip().to_canonical().to_string()))
                    .or_else(|| about.map(|a| a.host.to_string()))
                    .unwrap_or_default();
                let body = json!({ "criteria": [{ "key": "attributes.ADDRESS_s", "op": "EQUAL", "value": address }] });
                (
                    format!("{wildcard}/matchmaking/v1/{}/filter", client.deployment),
                    vec![
                        ("Content-Type", "application/json".to_string()),
                        ("Accept", "application/json".to_string()),
                        ("Authorization", format!("Bearer {token}")),
                    ],
                    body.to_string(),
                )
            }
        };
        let path = format!("{base}{path}");
        let headers: Vec<(&str, &str)> = headers.iter().map(|(n, v)| (*n, v.as_str())).collect();
        let exchange = HttpGet::post(
            at.host,
            at.port,
            &path,
            &headers,
            body.as_bytes(),
            Limits { body: MAX_BODY },
            at.now,
            at.budget.end,
        )
        .plain(!at.tls)
        .reading_refusals();
        Ok(match self {
            Step::DeviceId => Mapped::boxed(exchange, |r| token(r, "the device id")),
            Step::ClientToken => Mapped::boxed(exchange, |r| token(r, "the client's token")),
            Step::ExternalToken(_) => Mapped::boxed(exchange, |r| token(r, "the external auth")),
            Step::Filter(_) => {
                let dialect = client.dialect;
                let asked = crate::http::vendor::Asked {
                    ip: at.about.as_ref().and_then(|a| a.addr.map(|s| s.ip())),
                    host: at.about.as_ref().map_or(at.host, |a| a.host).to_string(),
                    port: at.about.as_ref().map_or(at.port, |a| a.port),
                };
                at.report(exchange, move |reply| match reply.refused {
                    Some(e) => Err(refusal(e, &reply.body, "the filter")),
                    None => super::unified::found(&reply.body, reply.latency_ms, &asked, dialect),
                })
            }
        })
    }
}

/// One step: the query's own (the first, whose parts the others are), or a part of the
/// call; each connects to the API.
pub struct StepPlan {
    common: Common,
    api: ApiUrl,
    tls: Option<Tls>,
    client: Client,
    step: Step,
    first: bool,
}

impl StepPlan {
    /// The query: its first step, the rest its parts.
    pub fn first(common: Common, api: ApiUrl, tls: Option<Tls>, client: Client) -> Self {
        let step = client.first();
        Self {
            common,
            api,
            tls,
            client,
            step,
            first: true,
        }
    }
}

impl QueryPlan for StepPlan {
    crate::http::over_tcp!();

    fn elsewhere(&self) -> Option<Elsewhere> {
        Some(Elsewhere {
            host: self.api.host.clone(),
            port: self.api.port,
            by_address: true,
        })
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        self.step.start(&self.api.base, &self.client, at)
    }

    fn parts(&mut self, _host: &str, _port: u16) -> Option<Box<dyn Parts>> {
        let steps = Steps::new(self.common, self.api.clone(), self.tls.clone(), self.client.clone());
        self.first.then(|| Box::new(steps) as Box<dyn Parts>)
    }
}

/// The steps after the query's own (part 0, [`Client::first`]): each started once the one
/// before it answered; the filter's answer is the call's.
pub struct Steps {
    common: Common,
    api: ApiUrl,
    tls: Option<Tls>,
    client: Client,
    /// What each part started was.
    kinds: Vec<Step>,
    /// The step to start now.
    next: Option<Step>,
    outcome: Option<Result<Outcome>>,
}

impl Steps {
    pub fn new(common: Common, api: ApiUrl, tls: Option<Tls>, client: Client) -> Self {
        let first = client.first();
        Self {
            common,
            api,
            tls,
            client,
            kinds: vec![first],
            next: None,
            outcome: None,
        }
    }
}

impl Parts for Steps {
    fn next(&mut self) -> Option<Box<dyn QueryPlan>> {
        let step = self.next.take()?;
        self.kinds.push(step.clone());
        Some(Box::new(StepPlan {
            common: self.common,
            api: self.api.clone(),
            tls: self.tls.clone(),
            client: self.client.clone(),
            step,
            first: false,
        }))
    }

    fn ended(&mut self, k: usize, result: Result<Outcome>) {
        let Some(kind) = self.kinds.get(k) else { return };
        match (kind, result) {
            (_, Err(e)) => self.outcome = Some(Err(e)),
            (Step::Filter(_), Ok(outcome)) => self.outcome = Some(Ok(outcome)),
            (kind, Ok(Outcome::Lines(mut lines))) => {
                let token = lines.pop().unwrap_or_default();
                self.next = Some(match kind {
                    Step::DeviceId => Step::ExternalToken(token),
                    _ => Step::Filter(token),
                });
            }
            (_, Ok(_)) => self.outcome = Some(Err(Error::invalid("an EOS step gave no token"))),
        }
    }

    fn decide(&mut self) -> Option<Result<Outcome>> {
        self.outcome.take()
    }
}
