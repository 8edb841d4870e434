//! `query('epic', 'host[:port]', { clientId, clientSecret, deploymentId, dialect? })`: a
//! token from Epic's API, then the sessions at the target's address (looked up first), the
//! one at its port read. Each step is a part of the call, on a connection to the API of its
//! own, within the one deadline. ARK without the three credentials: Wildcard's public lists
//! ([`super::ark`]).

use serde_json::Value;

use super::dialect::{Dialect, NAMES};
use super::steps::Client;
use crate::error::{Error, Result};
use crate::http::chain::{Step, To};
use crate::http::vendor::ApiUrl;
use crate::spec::QueryPlan;
use crate::tls::Tls;

crate::options::declare! {
    /// `query('epic', target, options)`: `target` is the game server's address.
    pub struct EpicPlan("EOS query"), ts EpicQueryOptions, cli "";
    /// Epic's API (default `https://api.epicgames.dev`): a local responder
    /// (`serve('epic')`) in tests.
    api: ApiUrl = "api" by text(api), ts "string", flag("api", Text, "URL");
    /// How the API's certificate is checked (`{ ca, insecure, serverName }`), where its URL
    /// is `https` (default: Mozilla's roots and `NODE_EXTRA_CA_CERTS`').
    tls: Option<Tls> = "tls" by tls(false), ts "TlsOptions", flag("tls", Tls, "");
    /// The game's EOS client id (its OAuth client). Required to ask EOS: the game's
    /// developers give it, or it is found in the game's files; gamequery ships none. ARK
    /// without the three: Wildcard's public lists (`lists`).
    client_id: Option<String> = "clientId" by text(client_id), ts "string", flag("client-id", Text, "ID");
    /// The client's secret. Never in a trace or a message.
    client_secret: Option<String> = "clientSecret" by text(client_secret), ts "string", flag("client-secret", Text, "SECRET");
    /// The game's deployment id.
    deployment_id: Option<String> = "deploymentId" by text(deployment_id), ts "string", flag("deployment-id", Text, "ID");
    /// Where Wildcard's public ARK server lists are (default
    /// `https://cdn2.arkdedicated.com/servers/asa`): asked for ARK without EOS credentials.
    lists: ApiUrl = "lists" by text(lists), ts "string", flag("lists", Text, "URL");
    /// How old (ms) a copy of Wildcard's list fetched by an earlier query may be to answer
    /// this one (default 30000; 0: always fetch), as for every central list.
    max_age: crate::exchange::Millis = "maxAge" by number(0.0, crate::http::lists::MAX_AGE_LIMIT, crate::http::lists::MAX_AGE), ts "number", flag("max-age", Number, "MS");
    /// Which game's way with EOS (the token, the filter's route, the attributes read):
    /// `'asa'`, `'squad'`, `'theisleevrima'`, `'renown'`, or `'epic'` (default: a client's
    /// token, `CUSTOMSERVERNAME_s` …). A game id sets it.
    dialect: &'static str = "dialect" by choice(NAMES, "epic"), ts "'epic' | 'asa' | 'squad' | 'theisleevrima' | 'renown'", flag("dialect", Text, "GAME");
    /// The token by external auth of a device id's (default: as the dialect has it, Squad's
    /// and Renown's).
    external_auth: Option<bool> = "externalAuth" by value(external_auth), ts "boolean", flag("external-auth", Set("true"), "");
}

fn api(given: Option<&str>) -> Result<ApiUrl> {
    ApiUrl::given(given, super::API)
}

fn lists(given: Option<&str>) -> Result<ApiUrl> {
    ApiUrl::given(given, super::ark::LISTS)
}

/// A credential that goes into a Basic header: no `:` in the id, no control character.
fn credential(name: &str, given: Option<&str>, colon: bool) -> Result<Option<String>> {
    match given {
        None | Some("") => Ok(None),
        Some(v) if v.chars().any(char::is_control) || (colon && v.contains(':')) => Err(Error::invalid(format!(
            "option {name} cannot hold a control character{}",
            if colon { " or ':'" } else { "" }
        ))),
        Some(v) => Ok(Some(v.to_string())),
    }
}

fn client_id(given: Option<&str>) -> Result<Option<String>> {
    credential("clientId", given, true)
}

fn client_secret(given: Option<&str>) -> Result<Option<String>> {
    credential("clientSecret", given, false)
}

fn deployment_id(given: Option<&str>) -> Result<Option<String>> {
    match credential("deploymentId", given, true)? {
        Some(id) => crate::http::vendor::segment("deploymentId", Some(&id)),
        None => Ok(None),
    }
}

/// A credential EOS needs that was not given.
fn required(name: &str) -> Error {
    Error::invalid(format!(
        "option {name} is required: EOS answers only a game's own client (its clientId, clientSecret and deploymentId), which gamequery does not ship"
    ))
}

fn external_auth(given: Option<Value>) -> Result<Option<bool>> {
    match given {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(b)),
        Some(v) => Err(Error::invalid(format!(
            "option externalAuth must be a boolean, got {v}"
        ))),
    }
}

pub fn plan(options: Value, _target: &crate::target::Target) -> Result<Box<dyn QueryPlan>> {
    let o = EpicPlan::read(options)?;
    let dialect = Dialect::parse(o.dialect);
    let (id, secret, deployment) = match (o.client_id, o.client_secret, o.deployment_id) {
        // ARK without credentials: Wildcard's public lists.
        (None, None, None) if dialect == Dialect::Asa => {
            let to = To::new(o.common, o.lists, o.tls, true)?;
            return Ok(Box::new(Step::first(to, super::ark::Lists::new(o.max_age))));
        }
        (Some(id), Some(secret), Some(deployment)) => (id, secret, deployment),
        (None, _, _) => return Err(required("clientId")),
        (_, None, _) => return Err(required("clientSecret")),
        (_, _, None) => return Err(required("deploymentId")),
    };
    let client = Client {
        id,
        secret,
        deployment,
        dialect,
        external: o.external_auth.unwrap_or(dialect.external_auth()),
    };
    Ok(Box::new(Step::first(To::new(o.common, o.api, o.tls, true)?, client)))
}
