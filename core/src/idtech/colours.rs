//! Colour codes in the Quake family's names and values: Quake 3's carets (the shared
//! [`crate::text::carets`]); Quake 2 has none; QuakeWorld marks coloured glyphs with the
//! high bit instead (its charset: [`quake_charset`]).

use super::Dialect;
pub use crate::text::carets::{colour, render, Coloured};
use crate::text::carets::{strip, uncoded, Codes};

/// `text` without its colour codes. A `^` not followed by a code stays.
pub fn plain(text: &str, dialect: Dialect) -> String {
    if dialect != Dialect::Quake3 {
        return text.to_string();
    }
    strip(text, Codes::Quake3)
}

/// `text` in every rendering, by the dialect's codes (Quake 2's: none).
pub fn rendered(text: &str, dialect: Dialect) -> Coloured {
    match dialect {
        Dialect::Quake3 => render(text),
        _ => uncoded(text),
    }
}

/// A QuakeWorld string (`bytes`; `raw`, the same as text read byte for byte) in every
/// rendering: its charset's glyphs, the high-bit ones (QuakeWorld's second set, drawn in
/// brown-gold) coloured in ANSI and HTML.
pub fn rendered_world(bytes: &[u8], raw: String) -> Coloured {
    let mut out = Coloured {
        raw,
        ..Coloured::default()
    };
    let mut high = false;
    for b in bytes {
        let Some(c) = glyph(*b) else { continue };
        // A run of the second set opens and closes its colour.
        let second = b & 0x80 != 0 && c != ' ';
        if second != high {
            high = second;
            out.ansi.push_str(if high { "\x1b[33m" } else { "\x1b[0m" });
            out.html.push_str(if high {
                "<span style=\"color:#c08040\">"
            } else {
                "</span>"
            });
        }
        out.plain.push(c);
        out.ansi.push(c);
        crate::text::minecraft::escape_html(c.encode_utf8(&mut [0; 4]), &mut out.html);
    }
    if high {
        out.ansi.push_str("\x1b[0m");
        out.html.push_str("</span>");
    }
    out
}

/// A QuakeWorld string as readable text: a byte with the high bit is the same glyph as
/// without it, in another colour; the glyphs below 0x20 read as DarkPlaces' console reads
/// them (brackets, gold digits, bars, dots); NUL and line controls go.
pub fn quake_charset(bytes: &[u8]) -> String {
    bytes.iter().filter_map(|b| glyph(*b)).collect()
}

/// The glyph a QuakeWorld byte draws, as text; `None` for what draws nothing.
fn glyph(b: u8) -> Option<char> {
    const LOW: &[u8; 32] = b"\0####.###\0\0# \0..[]0123456789.<=>";
    match b & 0x7F {
        c @ 0x20..=0x7E => Some(char::from(c)),
        0x7F => None,
        c => Some(char::from(LOW[usize::from(c)])).filter(|c| *c != '\0'),
    }
}

#[cfg(test)]
mod tests {
    use super::{plain, quake_charset};
    use crate::idtech::Dialect;

    #[test]
    fn codes_go_and_what_is_no_code_stays() {
        let q3 = Dialect::Quake3;
        assert_eq!(plain("^w*ES*^7^1Lovely^4Lisa", q3), "*ES*LovelyLisa");
        assert_eq!(plain("^xF00Red^7 and ^^ a caret", q3), "Red and ^ a caret");
        assert_eq!(plain("end^", q3), "end^");
        assert_eq!(plain("a ^ b", q3), "a ^ b");
        assert_eq!(plain("^1ü^2名", q3), "ü名");
        assert_eq!(plain("^1raw", Dialect::Quake2), "^1raw", "Quake 2 has no codes");
    }

    #[test]
    fn quakeworld_glyphs_read_as_text() {
        // `\x8d` a line control (gone), `\x1c` a dot, `the` and `NeWb` in red, `\x91` a bracket.
        assert_eq!(
            quake_charset(b"\x8d\x1c\xf4\xe8\xe5\x1c\xce\xe5\xd7\xe2\x91"),
            ".the.NeWb]"
        );
        assert_eq!(quake_charset(b"\x90\x92\x93\x91 gold"), "[01] gold");
        assert_eq!(quake_charset(b"plain"), "plain");
    }
}
