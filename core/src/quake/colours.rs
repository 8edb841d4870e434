//! Colour codes in names and values. Quake 3: `^` and a letter or digit (`^1` red …,
//! the colour is `(c - '0') & 7`); OpenArena and ioUrbanTerror write a literal caret as
//! `^^`. DarkPlaces (Xonotic, Nexuiz) adds `^xRGB` with three hex digits. Quake 2 has no
//! codes; QuakeWorld marks coloured glyphs with the high bit instead (its charset:
//! [`quake_charset`]).

use super::packets::Dialect;

/// `text` without its colour codes. A `^` not followed by a code stays.
pub fn plain(text: &str, dialect: Dialect) -> String {
    if dialect != Dialect::Quake3 || !text.contains('^') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('^') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let code = after.as_bytes();
        let skip = match code {
            // `^^`: a caret.
            [b'^', ..] => {
                out.push('^');
                1
            }
            [b'x' | b'X', r, g, b, ..] if [r, g, b].iter().all(|h| h.is_ascii_hexdigit()) => 4,
            [c, ..] if c.is_ascii_alphanumeric() => 1,
            _ => {
                out.push('^');
                0
            }
        };
        rest = &after[skip..];
    }
    out.push_str(rest);
    out
}

/// A QuakeWorld string as readable text: a byte with the high bit is the same glyph as
/// without it, in another colour; the glyphs below 0x20 read as DarkPlaces' console reads
/// them (brackets, gold digits, bars, dots); NUL and line controls go.
pub fn quake_charset(bytes: &[u8]) -> String {
    const LOW: &[u8; 32] = b"\0####.###\0\0# \0..[]0123456789.<=>";
    bytes
        .iter()
        .filter_map(|b| {
            let c = b & 0x7F;
            match c {
                0x20..=0x7E => Some(char::from(c)),
                0x7F => None,
                _ => Some(char::from(LOW[usize::from(c)])).filter(|c| *c != '\0'),
            }
        })
        .collect()
}

/// The colour a Quake 3 code names, as `#rrggbb` (`^xRGB` each digit doubled); `None`
/// for a character that is no code.
pub fn colour(code: &str) -> Option<String> {
    const TABLE: [&str; 8] = [
        "#000000", "#ff0000", "#00ff00", "#ffff00", "#0000ff", "#00ffff", "#ff00ff", "#ffffff",
    ];
    let bytes = code.as_bytes();
    match bytes {
        [b'x' | b'X', r, g, b] if [r, g, b].iter().all(|h| h.is_ascii_hexdigit()) => {
            let digits: String = [r, g, b].iter().flat_map(|h| [char::from(**h); 2]).collect();
            Some(format!("#{}", digits.to_ascii_lowercase()))
        }
        [c] if c.is_ascii_alphanumeric() => Some(TABLE[usize::from(c.wrapping_sub(b'0') & 7)].to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{colour, plain, quake_charset};
    use crate::quake::Dialect;

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

    #[test]
    fn colours_by_index_and_hex() {
        assert_eq!(colour("1").as_deref(), Some("#ff0000"));
        assert_eq!(colour("9").as_deref(), Some("#ff0000"), "(c - '0') & 7");
        assert_eq!(colour("xF0a").as_deref(), Some("#ff00aa"));
        assert_eq!(colour(" "), None);
    }
}
