//! Infostrings: `\key\value\key\value…`, the server's settings as the engine keeps them.
//! Keys may start with a space, `_` or `.` (admins' own keys, `\ Administrator\X`); values
//! may be empty (`\challenge\\`) or a single space (Kingpin). A key with no value at the
//! very end reads as empty, as the engine's own lookup reads it.

use crate::error::{Error, ErrorCode, Result};

/// Pairs at most: an infostring is at most 8 KiB in any engine of the family (ioq3's
/// `BIG_INFO_STRING`), so more than this many pairs is no server's.
pub const MAX_PAIRS: usize = 4096;

/// An infostring's pairs, in order, borrowed from the datagram (a repeated key stays
/// repeated: the status mapping decides which one counts).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Info<'a> {
    pub pairs: Vec<(&'a [u8], &'a [u8])>,
}

impl<'a> Info<'a> {
    /// Reads `text` (the infostring without its line end); `offset`: where it starts in
    /// the datagram, for errors.
    pub fn parse(text: &'a [u8], offset: usize) -> Result<Self> {
        let mut pairs = Vec::new();
        // It starts with a backslash; some servers leave it out.
        let body = text.strip_prefix(b"\\").unwrap_or(text);
        if body.is_empty() {
            return Ok(Self { pairs });
        }
        let mut parts = body.split(|b| *b == b'\\');
        let mut at = offset + (text.len() - body.len());
        while let Some(key) = parts.next() {
            let value = parts.next();
            // A trailing backslash leaves an empty key with nothing after it.
            if key.is_empty() && value.is_none() {
                break;
            }
            if pairs.len() == MAX_PAIRS {
                return Err(Error::at(
                    ErrorCode::BadLength,
                    "infostring",
                    at,
                    format!("more than {MAX_PAIRS} key/value pairs"),
                ));
            }
            let value = value.unwrap_or_default();
            pairs.push((key, value));
            at += key.len() + value.len() + 2;
        }
        Ok(Self { pairs })
    }

    /// The last value of `key` (the engine's lookup finds the first; servers repeat none
    /// on purpose, and a later one is what `Info_SetValueForKey` would have left).
    pub fn get(&self, key: &str) -> Option<&'a [u8]> {
        self.pairs
            .iter()
            .rev()
            .find(|(k, _)| *k == key.as_bytes())
            .map(|(_, v)| *v)
    }

    /// Appends `\key\value` for each pair to `out`. Characters the engine never lets into
    /// an infostring (`\`, `"`, `;`, line ends) are an error: they would change its meaning.
    pub fn encode(pairs: &[(&[u8], &[u8])], out: &mut Vec<u8>) -> Result<()> {
        for (key, value) in pairs {
            for (what, bytes) in [("infostring key", key), ("infostring value", value)] {
                if let Some(bad) = bytes
                    .iter()
                    .find(|b| matches!(b, b'\\' | b'"' | b';' | b'\n' | b'\r' | 0))
                {
                    return Err(Error::invalid(format!(
                        "an {what} cannot hold {:?} (byte {bad:#04x})",
                        char::from(*bad)
                    )));
                }
            }
            out.push(b'\\');
            out.extend_from_slice(key);
            out.push(b'\\');
            out.extend_from_slice(value);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Info;

    #[test]
    fn pairs_keep_odd_keys_empty_values_and_order() {
        let info = Info::parse(b"\\ Administrator\\X\\challenge\\\\_Admin\\me\\time\\ \\last", 0).unwrap();
        let pairs: Vec<(&[u8], &[u8])> = vec![
            (b" Administrator", b"X"),
            (b"challenge", b""),
            (b"_Admin", b"me"),
            (b"time", b" "),
            (b"last", b""),
        ];
        assert_eq!(info.pairs, pairs);
        assert_eq!(info.get("_Admin"), Some(&b"me"[..]));
        assert_eq!(Info::parse(b"", 0).unwrap().pairs, vec![]);
        assert_eq!(Info::parse(b"\\a\\1\\", 0).unwrap().pairs, vec![(&b"a"[..], &b"1"[..])]);
        assert_eq!(
            Info::parse(b"a\\1", 0).unwrap().pairs,
            vec![(&b"a"[..], &b"1"[..])],
            "no leading backslash"
        );
    }

    #[test]
    fn too_many_pairs_is_an_error_naming_the_field() {
        let text = "\\k\\v".repeat(super::MAX_PAIRS + 1);
        let e = Info::parse(text.as_bytes(), 20).unwrap_err();
        assert_eq!(e.field, Some("infostring"));
        assert_eq!(e.offset, Some(20 + 1 + 4 * super::MAX_PAIRS));
    }

    #[test]
    fn encoding_refuses_what_would_change_the_meaning() {
        let mut out = vec![];
        Info::encode(&[(b"sv_hostname", b"A ; B")], &mut out).unwrap_err();
        Info::encode(&[(b"sv_hostname", b"A")], &mut out).unwrap();
        assert_eq!(out, b"\\sv_hostname\\A");
    }
}
