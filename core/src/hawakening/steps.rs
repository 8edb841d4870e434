//! The requests of a Hawakening query, in order ([`crate::http::chain`] runs them): the
//! access grant (unless the user gave one), the player's record, the listings; unless the
//! server is full, a matchmaking advertisement for it and its assigned address; and the
//! grant revoked where the query took one. The backend wraps every answer in
//! `{ Status, Message, Result }`. The status is the listings' answer: a failure after them
//! is a warning in `raw.warnings`, and the grant is revoked whatever the listings said.
//! gamedig also checks `status/services` and `bundles` before, and emits the game client's
//! `ExitClient` event after: neither says anything of a server, so neither is asked here.

use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use serde_json::{json, Map, Value};

use super::unified::{self, Found};
use super::MAX_BODY;
use crate::error::{Error, ErrorCode, Result};
use crate::http::chain::{Chain, Then};
use crate::http::{HttpGet, HttpReply, Limits};
use crate::spec::query::Mapped;
use crate::spec::{Outcome, Running, Start};

/// What JavaScript's `encodeURIComponent` leaves as it is (gamedig writes the account's
/// address into the path so).
const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'!')
    .remove(b'~')
    .remove(b'*')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')');

/// An access grant (or a matchmaking token) as read: a header's or a path's text.
const MAX_TOKEN: usize = 4096;

/// How the query signs in.
#[derive(Debug, Clone)]
pub enum Secret {
    /// The account's password: a grant is taken, and revoked when done.
    Password(String),
    /// A grant the account holds: used, and kept.
    Token(String),
}

/// A request of the query.
#[derive(Debug, Clone)]
pub enum Step {
    /// `POST users/{username}/accessGrant` `{ Password }`.
    Grant,
    /// `GET users/{username}`: the player's `Guid`.
    User,
    /// `GET gameServerListings`.
    Listings,
    /// `POST hawkenClientMatchmakingAdvertisements`: a token for the server's address.
    Advertise,
    /// `GET hawkenClientMatchmakingAdvertisements/{token}`.
    Match(String),
    /// `PUT users/{Guid}/accessGrant` `{ AccessGrant }`.
    Logout,
}

impl Step {
    /// The request, in messages and warnings.
    fn what(&self) -> &'static str {
        match self {
            Step::Grant => "POST users/{username}/accessGrant",
            Step::User => "GET users/{username}",
            Step::Listings => "GET gameServerListings",
            Step::Advertise => "POST hawkenClientMatchmakingAdvertisements",
            Step::Match(_) => "GET hawkenClientMatchmakingAdvertisements/{token}",
            Step::Logout => "PUT users/{Guid}/accessGrant",
        }
    }
}

/// The query as it goes: what the user asked, and what each answer taught.
#[derive(Debug, Clone)]
pub struct Login {
    username: String,
    secret: Secret,
    /// The server's `Guid`.
    server: String,
    /// The target's port: the status's.
    port: u16,
    /// The grant the requests carry: the user's, or the one taken.
    grant: Option<String>,
    /// The player's `Guid`.
    player: Option<String>,
    /// The server's listing, once found, and what came after it.
    found: Option<Found>,
    /// The call's error, kept while the grant is revoked.
    failed: Option<Error>,
}

impl Login {
    pub fn new(username: String, secret: Secret, server: String, port: u16) -> Self {
        let grant = match &secret {
            Secret::Token(t) => Some(t.clone()),
            Secret::Password(_) => None,
        };
        Self {
            username,
            secret,
            server,
            port,
            grant,
            player: None,
            found: None,
            failed: None,
        }
    }

    /// Revoke the grant the query took (its player known), else end.
    fn finish(&mut self) -> Then<Step> {
        match (&self.secret, &self.player) {
            (Secret::Password(_), Some(_)) => Then::Next(Step::Logout),
            _ => Then::End(self.outcome()),
        }
    }

    fn outcome(&mut self) -> Result<Outcome> {
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        match self.found.take() {
            Some(found) => Ok(Outcome::status(unified::status(found).at(
                "hawakening",
                self.server.clone(),
                self.port,
            ))),
            None => Err(Error::invalid("a Hawakening query ended without the listings")),
        }
    }

    /// A failure after the listings: a warning (without the `Hawakening query of …: ` a
    /// part's call puts first: the status names the server), the status kept.
    fn warn(&mut self, e: &Error) {
        if let Some(found) = &mut self.found {
            found.warnings.push(e.own_message().to_string());
        }
    }
}

/// The `Result` an answer carried (a grant, a record, the listings) and its latency, as
/// [`Chain::start`]'s mapping passes them on.
fn carried(lines: Outcome) -> (Value, f64) {
    match lines {
        Outcome::Lines(mut l) => {
            let latency = l.pop().and_then(|t| t.parse().ok()).unwrap_or(0.0);
            let value = l
                .pop()
                .and_then(|t| serde_json::from_str(&t).ok())
                .unwrap_or(Value::Null);
            (value, latency)
        }
        Outcome::Status(_) => (Value::Null, 0.0),
    }
}

/// A token (or a `Guid`) read from a `Result`: a text a header or a path can carry.
fn token(value: &Value, step: &Step, what: &str) -> Result<String> {
    match value.as_str() {
        Some(t) if !t.is_empty() && t.len() <= MAX_TOKEN && !t.chars().any(char::is_control) => Ok(t.to_string()),
        _ => Err(Error::new(
            ErrorCode::WrongProtocol,
            format!("{} answered no {what} in its Result", step.what()),
        )),
    }
}

impl Chain for Login {
    type Step = Step;

    fn first(&self) -> Step {
        match self.secret {
            Secret::Password(_) => Step::Grant,
            Secret::Token(_) => Step::User,
        }
    }

    fn start(&self, step: &Step, base: &str, at: Start<'_>) -> Result<Box<dyn Running>> {
        let account = utf8_percent_encode(&self.username, COMPONENT).to_string();
        let grant = self.grant.clone().unwrap_or_default();
        let player = self.player.clone().unwrap_or_default();
        let (method, path, body) = match step {
            Step::Grant => {
                let password = match &self.secret {
                    Secret::Password(p) => p.as_str(),
                    Secret::Token(_) => "",
                };
                let body = json!({ "Password": password });
                ("POST", format!("/users/{account}/accessGrant"), Some(body))
            }
            Step::User => ("GET", format!("/users/{account}"), None),
            Step::Listings => ("GET", "/gameServerListings".to_string(), None),
            Step::Advertise => {
                let empty = Map::new();
                let listing = self.found.as_ref().map_or(&empty, |f| &f.listing);
                let body = json!({
                    "GameVersion": listing.get("GameVersion"),
                    "OwnerGuid": player,
                    "Region": listing.get("Region"),
                    "RequestedServerGuid": listing.get("Guid"),
                    "Users": [player],
                });
                ("POST", "/hawkenClientMatchmakingAdvertisements".to_string(), Some(body))
            }
            Step::Match(t) => {
                let t = utf8_percent_encode(t, COMPONENT);
                ("GET", format!("/hawkenClientMatchmakingAdvertisements/{t}"), None)
            }
            Step::Logout => {
                let player = utf8_percent_encode(&player, COMPONENT);
                let body = json!({ "AccessGrant": grant });
                ("PUT", format!("/users/{player}/accessGrant"), Some(body))
            }
        };
        let authorization = format!("Basic {grant}");
        let mut headers = vec![("Accept", "*/*")];
        if body.is_some() {
            headers.push(("Content-Type", "application/json"));
        }
        if !matches!(step, Step::Grant) {
            headers.push(("Authorization", authorization.as_str()));
        }
        let body = body.map(|b| b.to_string().into_bytes());
        let exchange = HttpGet::request(
            at.host,
            at.port,
            method,
            &format!("{base}{path}"),
            &headers,
            body.as_deref(),
            Limits { body: MAX_BODY },
            at.now,
            at.budget.end,
        )
        .plain(!at.tls)
        .reading_refusals();
        let (what, username, given) = (
            step.what(),
            self.username.clone(),
            matches!(self.secret, Secret::Token(_)),
        );
        Ok(Mapped::boxed(exchange, move |reply: HttpReply| {
            let result = unified::answer(&reply, what, &username, given)?;
            let text = serde_json::to_string(&result).unwrap_or_default();
            Ok(Outcome::Lines(vec![text, reply.latency_ms.to_string()]))
        }))
    }

    fn then(&mut self, step: &Step, result: Result<Outcome>) -> Then<Step> {
        let answered = result.map(carried);
        match (step, answered) {
            (Step::Grant | Step::User, Err(e)) => Then::End(Err(e)),
            (Step::Grant, Ok((value, _))) => match token(&value, step, "grant") {
                Ok(t) => {
                    self.grant = Some(t);
                    Then::Next(Step::User)
                }
                Err(e) => Then::End(Err(e)),
            },
            (Step::User, Ok((value, _))) => match token(&value["Guid"], step, "Guid") {
                Ok(g) => {
                    self.player = Some(g);
                    Then::Next(Step::Listings)
                }
                Err(e) => Then::End(Err(e)),
            },
            (Step::Listings, Ok((value, latency))) => {
                match unified::listing(&value, &self.server) {
                    Ok(listing) => {
                        let full = unified::full(&listing);
                        self.found = Some(Found {
                            listing,
                            info: None,
                            latency_ms: latency,
                            warnings: vec![],
                        });
                        if !full && self.player.is_some() {
                            return Then::Next(Step::Advertise);
                        }
                    }
                    Err(e) => self.failed = Some(e),
                }
                self.finish()
            }
            (Step::Listings, Err(e)) => {
                self.failed = Some(e);
                self.finish()
            }
            (Step::Advertise, Ok((value, _))) => match token(&value, step, "token") {
                Ok(t) => Then::Next(Step::Match(t)),
                Err(e) => {
                    self.warn(&e);
                    self.finish()
                }
            },
            (Step::Match(_), Ok((Value::Object(info), _))) => {
                if let Some(found) = &mut self.found {
                    found.info = Some(info);
                }
                self.finish()
            }
            (Step::Match(_), Ok(_)) => {
                let e = Error::new(
                    ErrorCode::WrongProtocol,
                    format!("{} answered no advertisement in its Result", step.what()),
                );
                self.warn(&e);
                self.finish()
            }
            (Step::Advertise | Step::Match(_), Err(e)) => {
                self.warn(&e);
                self.finish()
            }
            (Step::Logout, r) => {
                if let Err(e) = r {
                    self.warn(&e);
                }
                Then::End(self.outcome())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::status::Status;
    use unified::HawakeningQueryResult;

    fn answered(result: Value, latency: f64) -> Result<Outcome> {
        Ok(Outcome::Lines(vec![result.to_string(), latency.to_string()]))
    }

    fn next(then: Then<Step>) -> Step {
        match then {
            Then::Next(step) => step,
            Then::End(r) => panic!("ended: {:?}", r.err()),
        }
    }

    fn ended(then: Then<Step>) -> Result<Outcome> {
        match then {
            Then::End(r) => r,
            Then::Next(step) => panic!("went on to {step:?}"),
        }
    }

    const SERVER: &str = "6a3f1e2d-7c4b-4d5e-8f90-a1b2c3d4e5f6";

    fn listings() -> Value {
        serde_json::from_str(include_str!("sample.json")).unwrap()
    }

    #[test]
    fn signed_in_a_failed_advertisement_is_a_warning_and_the_grant_is_revoked() {
        let mut login = Login::new("a@b.c".into(), Secret::Password("p".into()), SERVER.into(), 7777);
        assert!(matches!(login.first(), Step::Grant));
        assert!(matches!(
            next(login.then(&Step::Grant, answered(json!("G"), 1.0))),
            Step::User
        ));
        assert!(matches!(
            next(login.then(&Step::User, answered(json!({"Guid": "P"}), 1.0))),
            Step::Listings
        ));
        assert!(matches!(
            next(login.then(&Step::Listings, answered(listings(), 5.0))),
            Step::Advertise
        ));
        let who = crate::error::Caller {
            title: "Hawakening query",
            protocol: "hawakening",
        };
        let full = Error::new(ErrorCode::HttpStatus, "POST ads answered HTTP 500").in_call(who, "x", None);
        assert!(matches!(next(login.then(&Step::Advertise, Err(full))), Step::Logout));
        let outcome = ended(login.then(&Step::Logout, answered(Value::Null, 1.0))).unwrap();
        let s: &Status<HawakeningQueryResult> = outcome.as_status().unwrap();
        assert_eq!(
            (s.name.as_str(), s.ping_ms, s.address.as_str(), s.port),
            ("gamequery demo — Hawakening ✓", Some(5.0), SERVER, 7777)
        );
        assert_eq!(s.raw.warnings, ["POST ads answered HTTP 500"]);
        assert_eq!(s.raw.info, None);
    }

    #[test]
    fn a_given_grant_is_kept_and_a_server_not_listed_ends_after_the_logout_only_where_signed_in() {
        let mut kept = Login::new("a@b.c".into(), Secret::Token("T".into()), SERVER.into(), 7777);
        assert!(matches!(kept.first(), Step::User));
        next(kept.then(&Step::User, answered(json!({"Guid": "P"}), 1.0)));
        // The full server: no advertisement; no logout of a grant the user gave.
        let full = listings()[1]["Guid"].as_str().unwrap().to_string();
        kept.server = full;
        let s = ended(kept.then(&Step::Listings, answered(listings(), 2.0))).unwrap();
        assert!(s.as_status::<HawakeningQueryResult>().unwrap().password);
        let mut signed = Login::new(
            "a@b.c".into(),
            Secret::Password("p".into()),
            "00000000-0000-0000-0000-000000000000".into(),
            7777,
        );
        next(signed.then(&Step::Grant, answered(json!("G"), 1.0)));
        next(signed.then(&Step::User, answered(json!({"Guid": "P"}), 1.0)));
        assert!(matches!(
            next(signed.then(&Step::Listings, answered(listings(), 2.0))),
            Step::Logout
        ));
        let e = ended(signed.then(&Step::Logout, answered(Value::Null, 1.0))).unwrap_err();
        assert_eq!(e.code, ErrorCode::NotListed);
        // A grant that is no text, or a record without a Guid, ends the query.
        let mut odd = Login::new("a@b.c".into(), Secret::Password("p".into()), SERVER.into(), 7777);
        assert_eq!(
            ended(odd.then(&Step::Grant, answered(json!({"x": 1}), 1.0)))
                .unwrap_err()
                .code,
            ErrorCode::WrongProtocol
        );
        assert_eq!(
            ended(odd.then(&Step::User, answered(json!({}), 1.0))).unwrap_err().code,
            ErrorCode::WrongProtocol
        );
    }
}
