//! A2S strings: NUL-terminated, UTF-8 in practice (invalid bytes become U+FFFD).

use crate::error::{Error, Result};
use crate::wire::Reader;

pub(crate) fn read_str(r: &mut Reader, field: &'static str) -> Result<String> {
    Ok(String::from_utf8_lossy(r.cstr(field)?).into_owned())
}

/// A 64-bit id given as decimal text (SteamIDs and game ids cross to JS as strings).
pub(crate) fn u64_of(text: &str, what: &str) -> Result<u64> {
    text.trim_ascii().parse().map_err(|_| {
        Error::invalid(format!(
            "{what} must be an unsigned 64-bit integer as decimal text, got {}",
            crate::error::quoted(text)
        ))
    })
}
