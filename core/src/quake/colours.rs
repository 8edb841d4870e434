//! Colour codes in names and values. Quake 3: `^` and a letter or digit (`^1` red …,
//! the colour is `(c - '0') & 7`); OpenArena and ioUrbanTerror write a literal caret as
//! `^^`. DarkPlaces (Xonotic, Nexuiz) adds `^xRGB` with three hex digits. Quake 2 has no
//! codes; QuakeWorld marks coloured glyphs with the high bit instead (its charset:
//! [`quake_charset`]).

use serde::Serialize;

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

/// A name or value with colour codes in every rendering, as a Minecraft MOTD has them:
/// `raw` as sent, `plain` without codes, `ansi` for terminals, `html` (escaped, a `<span>`
/// per coloured run).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ColouredText"))]
pub struct Coloured {
    pub raw: String,
    pub plain: String,
    pub ansi: String,
    pub html: String,
}

/// A run's colour: an index of the eight (`(c - '0') & 7`), or DarkPlaces' `^xRGB`.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Colour {
    Index(u8),
    Rgb(u8, u8, u8),
}

/// The eight as `#rrggbb`, and as ANSI (the bright ones: readable on a dark terminal).
const HEX: [&str; 8] = [
    "#000000", "#ff0000", "#00ff00", "#ffff00", "#0000ff", "#00ffff", "#ff00ff", "#ffffff",
];
const ANSI: [u8; 8] = [30, 91, 92, 93, 94, 96, 95, 97];

/// `text`'s coloured runs, codes read as [`plain`] reads them.
fn runs(text: &str) -> Vec<(Option<Colour>, String)> {
    let mut runs: Vec<(Option<Colour>, String)> = vec![(None, String::new())];
    let mut rest = text;
    let push =
        |runs: &mut Vec<(Option<Colour>, String)>, s: &str| runs.last_mut().expect("one run at least").1.push_str(s);
    while let Some(i) = rest.find('^') {
        push(&mut runs, &rest[..i]);
        let after = &rest[i + 1..];
        let (colour, skip) = match after.as_bytes() {
            [b'^', ..] => {
                push(&mut runs, "^");
                (None, 1)
            }
            [b'x' | b'X', r, g, b, ..] if [r, g, b].iter().all(|h| h.is_ascii_hexdigit()) => {
                let digit = |h: &u8| (*h as char).to_digit(16).unwrap_or(0) as u8 * 17;
                (Some(Colour::Rgb(digit(r), digit(g), digit(b))), 4)
            }
            [c, ..] if c.is_ascii_alphanumeric() => (Some(Colour::Index(c.wrapping_sub(b'0') & 7)), 1),
            _ => {
                push(&mut runs, "^");
                (None, 0)
            }
        };
        if let Some(c) = colour {
            runs.push((Some(c), String::new()));
        }
        rest = &after[skip..];
    }
    push(&mut runs, rest);
    runs.retain(|(_, t)| !t.is_empty());
    runs
}

/// `text` (Quake 3's and FiveM's codes) in every rendering.
pub fn render(text: &str) -> Coloured {
    let runs = runs(text);
    let mut out = Coloured {
        raw: text.to_string(),
        ..Coloured::default()
    };
    for (colour, t) in &runs {
        out.plain.push_str(t);
        let visible: String = t.chars().filter(|c| !c.is_control()).collect();
        match colour {
            None => out.ansi.push_str(&visible),
            Some(Colour::Index(i)) => out
                .ansi
                .push_str(&format!("\x1b[{}m{visible}\x1b[0m", ANSI[usize::from(*i)])),
            Some(Colour::Rgb(r, g, b)) => out.ansi.push_str(&format!("\x1b[38;2;{r};{g};{b}m{visible}\x1b[0m")),
        }
        let hex = match colour {
            None => None,
            Some(Colour::Index(i)) => Some(HEX[usize::from(*i)].to_string()),
            Some(Colour::Rgb(r, g, b)) => Some(format!("#{r:02x}{g:02x}{b:02x}")),
        };
        if let Some(hex) = &hex {
            out.html.push_str(&format!("<span style=\"color:{hex}\">"));
        }
        crate::text::minecraft::escape_html(t, &mut out.html);
        if hex.is_some() {
            out.html.push_str("</span>");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{colour, plain, quake_charset, render};
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

    #[test]
    fn renderings_like_a_minecraft_motd() {
        let r = render("^1Los ^7Santos ^xF80<RP>^^ 🚓");
        assert_eq!(r.plain, "Los Santos <RP>^ 🚓");
        assert_eq!(
            r.ansi,
            "\x1b[91mLos \x1b[0m\x1b[97mSantos \x1b[0m\x1b[38;2;255;136;0m<RP>^ 🚓\x1b[0m"
        );
        assert_eq!(
            r.html,
            "<span style=\"color:#ff0000\">Los </span><span style=\"color:#ffffff\">Santos </span><span style=\"color:#ff8800\">&lt;RP&gt;^ 🚓</span>"
        );
        assert_eq!(r.raw, "^1Los ^7Santos ^xF80<RP>^^ 🚓");
        assert_eq!(
            render("plain \x1b[2J").ansi,
            "plain [2J",
            "no escape reaches a terminal"
        );
        assert_eq!(render("a ^ b^").plain, plain("a ^ b^", Dialect::Quake3));
    }
}
