//! `query('hawakening', serverId, { username, password | token })`: the player's access
//! grant, their record, the listings, the server's matchmaking address and the grant
//! revoked, each request a part of the call on a connection to the API of its own, within
//! the one deadline ([`super::steps`]).

use serde_json::Value;

use super::steps::{Login, Secret};
use crate::error::{Error, Result};
use crate::http::chain::{Step, To};
use crate::http::param::plain;
use crate::http::vendor::ApiUrl;
use crate::spec::QueryPlan;
use crate::tls::Tls;

crate::options::declare! {
    /// `query('hawakening', target, options)`: `target` is the server's `Guid` (its listing's).
    pub struct HawakeningPlan("Hawakening query"), ts HawakeningQueryOptions, cli "";
    /// The backend's API (default `https://hawakening.com/api`): a local responder
    /// (`serve('hawakening')`) in tests.
    api: ApiUrl = "api" by text(api), ts "string", flag("api", Text, "URL");
    /// How the API's certificate is checked (`{ ca, insecure, serverName }`), where its URL
    /// is `https` (default: Mozilla's roots and `NODE_EXTRA_CA_CERTS`').
    tls: Option<Tls> = "tls" by tls(false), ts "TlsOptions", flag("tls", Tls, "");
    /// The server's `Guid` (gamedig's option). Without it, the target is the `Guid`.
    server_id: Option<String> = "serverId" by text(server_id), ts "string", flag("server-id", Text, "GUID");
    /// The player's account: its e-mail address, not its callsign. Required: the backend
    /// lists servers to a signed-in player only (an account is made at hawakening.com).
    #[ts(optional = false)]
    username: String = "username" by text(username), ts "string", flag("username", Text, "EMAIL");
    /// The account's password: the query signs in with it, and out when done. Never in a
    /// trace or a message.
    password: Option<String> = "password" by text(password), ts "string", flag("password", Text, "PASSWORD");
    /// An access grant the account already holds, used instead of signing in (and kept:
    /// the query does not sign out). Never in a trace or a message.
    token: Option<String> = "token" by text(token), ts "string", flag("token", Text, "TOKEN");
}

fn api(given: Option<&str>) -> Result<ApiUrl> {
    ApiUrl::given(given, super::API)
}

fn server_id(given: Option<&str>) -> Result<Option<String>> {
    plain("serverId", given)?.map(|id| guid(&id)).transpose()
}

fn username(given: Option<&str>) -> Result<String> {
    match plain("username", given)? {
        Some(u) => Ok(u),
        None => Err(Error::invalid(
            "option username is required: Hawakening lists servers to a signed-in player only (an account's e-mail address, with its password or a token)",
        )),
    }
}

fn password(given: Option<&str>) -> Result<Option<String>> {
    plain("password", given)
}

fn token(given: Option<&str>) -> Result<Option<String>> {
    plain("token", given)
}

/// A server's `Guid` as a listing writes it: 32 hex digits in five groups.
pub fn guid(id: &str) -> Result<String> {
    let id = id.trim();
    let groups: Vec<usize> = id.split('-').map(str::len).collect();
    if groups == [8, 4, 4, 4, 12] && id.bytes().all(|b| b == b'-' || b.is_ascii_hexdigit()) {
        return Ok(id.to_string());
    }
    Err(Error::invalid(format!(
        "a Hawakening server is named by its listing's Guid (8-4-4-4-12 hex digits), got {}",
        crate::error::quoted(id)
    )))
}

pub fn plan(options: Value, target: &crate::target::Target) -> Result<Box<dyn QueryPlan>> {
    let o = HawakeningPlan::read(options)?;
    let server = match o.server_id {
        Some(id) => id,
        None => guid(&target.host)?,
    };
    let secret = match (o.token, o.password) {
        (Some(token), _) => Secret::Token(token),
        (None, Some(password)) => Secret::Password(password),
        (None, None) => {
            return Err(Error::invalid(
                "option password (or token, an access grant the account holds) is required: Hawakening lists servers to a signed-in player only",
            ))
        }
    };
    let to = To::new(o.common, o.api, o.tls, false)?;
    let login = Login::new(o.username, secret, server, target.port.unwrap_or(super::DEFAULT_PORT));
    Ok(Box::new(Step::first(to, login)))
}
