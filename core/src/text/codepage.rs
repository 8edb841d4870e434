//! SA:MP-era servers send strings in whatever Windows code page the host used, with no
//! marker. We decode all strings of one reply with one encoding: UTF-8 when every string
//! is valid UTF-8 (a legacy code page almost never is, beyond ASCII), otherwise one guess
//! ([`super::detect`]) over all of them together — single strings are too short to guess.

use std::cell::Cell;

use encoding_rs::{Encoding, UTF_8};

use crate::error::{Error, ErrorCode, Result};

/// The caller's choice: a WHATWG label or automatic detection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TextEncoding {
    #[default]
    Auto,
    Fixed(&'static Encoding),
}

impl TextEncoding {
    /// `None` and `"auto"` mean detection; anything else must be a WHATWG label.
    pub fn from_option(label: Option<&str>) -> Result<Self> {
        match label {
            None => Ok(Self::Auto),
            Some(l) if l.eq_ignore_ascii_case("auto") => Ok(Self::Auto),
            Some(l) => resolve_label(l).map(Self::Fixed),
        }
    }

    /// The one encoding for a set of strings: the caller's; UTF-8 when every string is
    /// valid UTF-8 (ASCII included); otherwise one guess over the strings that hold
    /// non-ASCII bytes, together (single strings are too short to guess).
    pub fn resolve<'a>(self, strings: impl IntoIterator<Item = &'a [u8]> + Clone) -> &'static Encoding {
        match self {
            Self::Fixed(e) => e,
            Self::Auto if strings.clone().into_iter().all(|s| std::str::from_utf8(s).is_ok()) => UTF_8,
            Self::Auto => guess_not_utf8(&strings.into_iter().collect::<Vec<_>>()),
        }
    }

    /// `Auto` for engines that draw the Western charset only: UTF-8 where every string is,
    /// else windows-1252 rather than a guess (a few accented letters or symbols are too few
    /// to tell the pages apart — Halo's `««` and `·` read as Chinese — and these games wrote
    /// no other).
    pub fn western(self, strings: &[&[u8]]) -> Self {
        match self {
            Self::Auto if strings.iter().any(|s| std::str::from_utf8(s).is_err()) => {
                Self::Fixed(encoding_rs::WINDOWS_1252)
            }
            e => e,
        }
    }

    /// Decodes every string of one reply with one encoding.
    pub fn decode_all(self, strings: &[&[u8]]) -> Decoded {
        let encoding = self.resolve(strings.iter().copied());
        let texts = strings.iter().map(|s| decode(s, encoding)).collect();
        Decoded { encoding, texts }
    }
}

thread_local! {
    static DETECTOR_RUNS: Cell<usize> = const { Cell::new(0) };
}

/// The code page of strings known not to be all UTF-8: one guess over them together
/// (single strings are too short to guess; ASCII ones add nothing to it).
pub(crate) fn guess_not_utf8(strings: &[&[u8]]) -> &'static Encoding {
    DETECTOR_RUNS.set(DETECTOR_RUNS.get() + 1);
    super::detect::guess(strings)
}

/// How many times this thread ran the code page detector (tests keep it to one per
/// decode or query, and none for ASCII, UTF-8 or a fixed code page).
#[doc(hidden)]
pub fn detector_runs() -> usize {
    DETECTOR_RUNS.get()
}

pub use super::backend::{decode, encode};

/// Strings of one reply, decoded, and the encoding that was used.
#[derive(Debug)]
pub struct Decoded {
    pub encoding: &'static Encoding,
    pub texts: Vec<String>,
}

/// Whether this build can write text in `encoding` (the browser build reads but does not
/// write multi-byte legacy pages).
pub fn writable(encoding: &'static Encoding) -> Result<&'static Encoding> {
    #[cfg(host_text)]
    super::host::writable(encoding)?;
    Ok(encoding)
}

/// A label to write text in.
pub fn resolve_writable_label(label: &str) -> Result<&'static Encoding> {
    resolve_label(label).and_then(writable)
}

pub fn resolve_label(label: &str) -> Result<&'static Encoding> {
    #[cfg(not(host_text))]
    let encoding = Encoding::for_label(label.trim_ascii().as_bytes());
    #[cfg(host_text)]
    let encoding = super::labels::for_label(label.trim_ascii());
    encoding.ok_or_else(|| {
        Error::new(
            ErrorCode::BadEncoding,
            format!(
                "{} is not a WHATWG encoding label (e.g. \"utf-8\", \"windows-1251\")",
                crate::error::quoted(label)
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_when_valid_else_guess_over_all_strings() {
        let d = TextEncoding::Auto.decode_all(&[b"abc", "Привет".as_bytes()]);
        assert_eq!(d.encoding, UTF_8);
        assert_eq!(d.texts[1], "Привет");
        let cp1251 = encoding_rs::WINDOWS_1251;
        let host = encode("Русский сервер ролевой игры", cp1251);
        let mode = encode("Ролевая игра", cp1251);
        let d = TextEncoding::Auto.decode_all(&[&host, &mode, b"Russian"]);
        assert_eq!(d.encoding, cp1251);
        assert_eq!(d.texts[0], "Русский сервер ролевой игры");
    }

    #[test]
    fn unmappable_becomes_question_mark() {
        assert_eq!(encode("a€b漢", encoding_rs::WINDOWS_1251), b"a\x88b?");
        assert_eq!(encode("é", encoding_rs::WINDOWS_1252), b"\xe9");
    }

    #[test]
    fn labels() {
        assert_eq!(
            TextEncoding::from_option(Some("cp1251")).unwrap(),
            TextEncoding::Fixed(encoding_rs::WINDOWS_1251)
        );
        assert_eq!(TextEncoding::from_option(Some("AUTO")).unwrap(), TextEncoding::Auto);
        assert_eq!(
            TextEncoding::from_option(Some("klingon")).unwrap_err().code,
            ErrorCode::BadEncoding
        );
    }
}
