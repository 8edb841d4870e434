//! HTTP Basic credentials from a query's options (Palworld's admin password, a Hytale
//! service account), checked before they go into a header: no line end in either, and no
//! `:` in the user (Basic splits there). Never in a trace or a message ([`super::redact`]).

use crate::error::{Error, Result};

/// The option `username`.
pub fn user(given: Option<&str>) -> Result<Option<String>> {
    match given {
        Some(u) if u.contains(['\r', '\n', ':']) => {
            Err(Error::invalid("option username cannot hold ':' or a line end"))
        }
        u => Ok(u.map(str::to_string)),
    }
}

/// The option `password`.
pub fn password(given: Option<&str>) -> Result<Option<String>> {
    match given {
        Some(p) if p.contains(['\r', '\n']) => Err(Error::invalid("option password cannot hold a line end")),
        p => Ok(p.map(str::to_string)),
    }
}

/// `Authorization: Basic …` for `user` and `password`.
pub fn header(user: &str, password: &str) -> (&'static str, String) {
    let encoded = base64_simd::STANDARD.encode_to_string(format!("{user}:{password}").as_bytes());
    ("Authorization", format!("Basic {encoded}"))
}
