//! `query('scpsl', 'host[:port]', { accountId, apiKey, serverId? })`: the account's servers
//! from the server info API, the one of `serverId` (else at the port asked) reported.

use serde_json::Value;

use crate::error::{Error, Result};

crate::http::vendor::vendor_query!(
    "scpsl",
    ScpSlPlan("SCP: SL query"),
    ts ScpSlQueryOptions,
    "https://api.scpslgame.com",
    |o: &ScpSlPlan| super::unified::Account {
        id: o.account_id.clone(),
        key: o.api_key.clone(),
        server: o.server_id.clone(),
    },
    own {
        /// Your account's id (the API's `id`), as the game's central servers gave it with the
        /// key. Required.
        #[ts(optional = false)]
        account_id: String = "accountId" by value(account_id), ts "string | number", flag("account-id", Text, "ID");
        /// Your account's API key (the API's `key`): never in a trace or a message. Required.
        #[ts(optional = false)]
        api_key: String = "apiKey" by text(api_key), ts "string", flag("api-key", Text, "KEY");
        /// The server's id in the account (`ID`); without it, the server at the port asked.
        server_id: Option<String> = "serverId" by value(server_id), ts "string | number", flag("server-id", Text, "ID");
    }
);

/// A number, or a string of digits: the API's ids.
fn digits(name: &str, given: Option<Value>) -> Result<Option<String>> {
    let id = match given {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Number(n)) if n.is_u64() => n.to_string(),
        Some(Value::String(s)) if !s.trim().is_empty() && s.trim().bytes().all(|b| b.is_ascii_digit()) => {
            s.trim().to_string()
        }
        Some(v) => {
            return Err(Error::invalid(format!(
                "option {name} must be a number (an id of the API's), got {v}"
            )))
        }
    };
    Ok(Some(id))
}

fn account_id(given: Option<Value>) -> Result<String> {
    digits("accountId", given)?.ok_or_else(|| {
        Error::invalid("option accountId is required: SCP: SL's API answers only about a verified account's servers (its id and apiKey)")
    })
}

fn server_id(given: Option<Value>) -> Result<Option<String>> {
    digits("serverId", given)
}

fn api_key(given: Option<&str>) -> Result<String> {
    crate::http::param::credential("apiKey", given)?
        .filter(|k| !k.is_empty())
        .ok_or_else(|| Error::invalid("option apiKey is required: the API key of your SCP: SL account"))
}
