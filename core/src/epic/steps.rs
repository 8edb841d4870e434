//! The requests of an EOS query, in order, each a part of the call on a connection to the
//! API of its own: a token (a device id's first, where the deployment wants external
//! auth), then the filter with it. Each step's answer decides the next.

use serde_json::{json, Value};

use super::dialect::Dialect;
use super::{DEVICE_ID, MAX_BODY, TOKEN};
use crate::error::{Error, ErrorCode, Result};
use crate::http::chain::{Chain, Then};
use crate::http::{HttpGet, HttpReply, Limits};
use crate::spec::query::Mapped;
use crate::spec::{Outcome, Running, Start};

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
        let message = without_tokens(message);
        return Error::new(
            ErrorCode::Auth,
            format!(
                "EOS refused {what} ({code}: {message}): check the options clientId, clientSecret and deploymentId (the game's own) and dialect"
            ),
        );
    }
    e
}

/// Epic's words with its tokens (`eg1~…`, as it quotes an expired one) hidden: a message is
/// read aloud and logged, a token is a credential.
fn without_tokens(message: &str) -> String {
    message
        .split(' ')
        .map(|word| match word.trim_start_matches(['\'', '"']).starts_with("eg1~") {
            true => crate::http::redact::HIDDEN,
            false => word,
        })
        .collect::<Vec<_>>()
        .join(" ")
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
                let asked = crate::http::vendor::Asked::of(&at);
                at.report(exchange, move |reply| match reply.refused {
                    Some(e) => Err(refusal(e, &reply.body, "the filter")),
                    None => super::unified::found(&reply.body, reply.latency_ms, &asked, dialect),
                })
            }
        })
    }
}

impl Chain for Client {
    type Step = Step;

    fn first(&self) -> Step {
        match self.external {
            true => Step::DeviceId,
            false => Step::ClientToken,
        }
    }

    fn start(&self, step: &Step, base: &str, at: Start<'_>) -> Result<Box<dyn Running>> {
        step.start(base, self, at)
    }

    /// A token makes the next request; the filter's answer is the call's.
    fn then(&mut self, step: &Step, result: Result<Outcome>) -> Then<Step> {
        match (step, result) {
            (_, Err(e)) => Then::End(Err(e)),
            (Step::Filter(_), Ok(outcome)) => Then::End(Ok(outcome)),
            (step, Ok(Outcome::Lines(mut lines))) => {
                let token = lines.pop().unwrap_or_default();
                Then::Next(match step {
                    Step::DeviceId => Step::ExternalToken(token),
                    _ => Step::Filter(token),
                })
            }
            (_, Ok(_)) => Then::End(Err(Error::invalid("an EOS step gave no token"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::without_tokens;

    #[test]
    fn epic_s_words_keep_no_token() {
        assert_eq!(
            without_tokens("Sorry the token eg1~abc.def has expired"),
            "Sorry the token [redacted] has expired"
        );
        assert_eq!(
            without_tokens("token 'eg1~x' is invalid"),
            "token [redacted] is invalid"
        );
        assert_eq!(
            without_tokens("Sorry the client credentials are invalid"),
            "Sorry the client credentials are invalid"
        );
    }
}
