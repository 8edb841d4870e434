//! Credentials from the environment: a bot keeps its EOS secret or its RCON password in
//! `GAMEQUERY_<GAME>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`, `GAMEQUERY_PALWORLD_PASSWORD`)
//! rather than in its code. The JavaScript layer hands the process's `GAMEQUERY_*` variables
//! over as the option `environment` (a Worker passes its `env`); which of them a call takes
//! is decided here, once, for every entry (a query, each item of `queryMany`, RCON).
//!
//! Only credentials are read, and only those the protocol takes; an option given wins, then
//! the variable under the name asked (a game's id), then under its protocol's
//! (`GAMEQUERY_EPIC_CLIENT_ID` for every EOS game).

use std::collections::HashMap;

use serde_json::{Map, Value};

use crate::error::{Error, Result};

/// The option that carries the variables.
pub const OPTION: &str = "environment";

/// The options that are credentials: what the environment may give.
const CREDENTIALS: [&str; 9] = [
    "username",
    "password",
    "token",
    "apiKey",
    "accountId",
    "clientId",
    "clientSecret",
    "deploymentId",
    "playersToken",
];

/// What the environment gives a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum For {
    /// A query: the credentials its protocol's options name.
    Query,
    /// An RCON command or session: its `password`.
    Rcon,
}

/// `options` without `environment`, and with the credentials it holds for `name` (a
/// protocol's name or a game's id) that the caller did not give. A name that is neither is
/// left for the call to refuse.
pub fn fill(name: &str, options: Value, call: For) -> Result<Value> {
    match options {
        Value::Object(mut map) => {
            fill_map(name, &mut map, call)?;
            Ok(Value::Object(map))
        }
        other => Ok(other),
    }
}

/// [`fill`] of options as a map.
pub fn fill_map(name: &str, map: &mut Map<String, Value>, call: For) -> Result<()> {
    let Some(environment) = map.remove(OPTION) else {
        return Ok(());
    };
    let environment = variables(environment)?;
    let Ok(named) = crate::games::named(name) else {
        return Ok(());
    };
    let protocol = named.protocol();
    let prefixes: Vec<String> = named
        .game()
        .map(|g| g.id)
        .into_iter()
        .chain([protocol.name()])
        .map(|n| format!("GAMEQUERY_{}_", screaming(n)))
        .collect();
    let takes = |option: &str| match call {
        For::Rcon => option == "password",
        For::Query => protocol.flags().iter().any(|f| f.option == option),
    };
    for option in CREDENTIALS {
        if !takes(option) || given(map, option) {
            continue;
        }
        let found = prefixes
            .iter()
            .find_map(|p| environment.get(&format!("{p}{}", screaming(option))));
        if let Some(value) = found {
            map.insert(option.to_string(), Value::String(value.clone()));
        }
    }
    Ok(())
}

fn given(map: &Map<String, Value>, option: &str) -> bool {
    map.get(option).is_some_and(|v| !v.is_null())
}

/// The option `environment`: an object of strings (values of other types are no variable's
/// and are left out; `process.env` holds strings only).
fn variables(value: Value) -> Result<HashMap<String, String>> {
    match value {
        Value::Null => Ok(HashMap::new()),
        Value::Object(o) => Ok(o
            .into_iter()
            .filter_map(|(k, v)| match v {
                Value::String(s) if !s.is_empty() => Some((k, s)),
                _ => None,
            })
            .collect()),
        other => Err(Error::invalid(format!(
            "option environment must be an object of variables (process.env, a Worker's env), got {other}"
        ))),
    }
}

/// `clientSecret` → `CLIENT_SECRET`, `minecraft-java` → `MINECRAFT_JAVA`.
fn screaming(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for c in name.chars() {
        match c {
            'A'..='Z' if !out.is_empty() => {
                out.push('_');
                out.push(c);
            }
            '-' | '.' => out.push('_'),
            c => out.push(c.to_ascii_uppercase()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn names_as_variables_spell_them() {
        assert_eq!(screaming("clientSecret"), "CLIENT_SECRET");
        assert_eq!(screaming("apiKey"), "API_KEY");
        assert_eq!(screaming("minecraft-java"), "MINECRAFT_JAVA");
        assert_eq!(screaming("asa"), "ASA");
    }

    #[test]
    #[cfg(all(feature = "apis", feature = "samp"))]
    fn a_credential_the_protocol_takes_and_the_caller_did_not_give() {
        let env = json!({
            "GAMEQUERY_ASA_CLIENT_SECRET": "ark secret",
            "GAMEQUERY_EPIC_CLIENT_SECRET": "any EOS game's",
            "GAMEQUERY_EPIC_CLIENT_ID": "id",
            "GAMEQUERY_EPIC_DIALECT": "squad",
            "GAMEQUERY_EPIC_PASSWORD": "not an EOS option",
            "GAMEQUERY_SAMP_PASSWORD": "rcon",
            "OTHER": "x",
        });
        let filled = fill(
            "asa",
            json!({ "environment": env, "deploymentId": "given" }),
            For::Query,
        )
        .unwrap();
        assert_eq!(
            filled,
            json!({ "clientSecret": "ark secret", "clientId": "id", "deploymentId": "given" })
        );
        let epic = fill("epic", json!({ "environment": env, "clientId": null }), For::Query).unwrap();
        assert_eq!(epic, json!({ "clientSecret": "any EOS game's", "clientId": "id" }));
        // SA:MP's query takes no password; its RCON does.
        assert_eq!(
            fill("samp", json!({ "environment": env }), For::Query).unwrap(),
            json!({})
        );
        assert_eq!(
            fill("samp", json!({ "environment": env }), For::Rcon).unwrap(),
            json!({ "password": "rcon" })
        );
        // Without the option nothing changes; a name that is no protocol is the call's to refuse.
        assert_eq!(fill("asa", json!({ "a": 1 }), For::Query).unwrap(), json!({ "a": 1 }));
        assert_eq!(
            fill("nope", json!({ "environment": env }), For::Query).unwrap(),
            json!({})
        );
        assert!(fill("asa", json!({ "environment": "x" }), For::Query)
            .unwrap_err()
            .message
            .starts_with("option environment must be an object"));
    }
}
