//! A credential that goes into a query string (TShock's `token=`, Farming Simulator's
//! `code=`): form-encoded as the servers decode it, refused with a control character in it;
//! one that goes into a header or a path ([`plain`]) likewise.
//! A trace shows it as `[redacted]` ([`super::redact`]), a message never.

use crate::error::{Error, Result};

/// The option `name`'s value as it goes into a header or a path (a key, a password, an
/// id): no control character in it; an empty one is none.
pub fn plain(name: &str, given: Option<&str>) -> Result<Option<String>> {
    match given {
        Some(t) if t.chars().any(char::is_control) => {
            Err(Error::invalid(format!("option {name} cannot hold a control character")))
        }
        Some(t) => Ok(Some(t.to_string()).filter(|t| !t.is_empty())),
        None => Ok(None),
    }
}

/// The option `name`'s value as a query string parameter's, when given.
pub fn credential(name: &str, given: Option<&str>) -> Result<Option<String>> {
    match given {
        Some(t) if t.chars().any(char::is_control) => {
            Err(Error::invalid(format!("option {name} cannot hold a control character")))
        }
        Some(t) => Ok(Some(form_urlencoded::byte_serialize(t.as_bytes()).collect())),
        None => Ok(None),
    }
}
