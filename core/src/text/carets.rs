//! Caret colour codes in names and values, as the Quake engines and their heirs write
//! them. Quake 3: `^` and a letter or digit (`^1` red …, the colour is `(c - '0') & 7`);
//! OpenArena and ioUrbanTerror write a literal caret as `^^`; DarkPlaces (Xonotic, Nexuiz)
//! adds `^xRGB` with three hex digits; FiveM writes Quake 3's. id Tech 4 ([`Codes`]): Doom 3
//! takes `^` and any character but a space as a colour (`c & 15` into its table of sixteen,
//! `^0` the text's own colour); Raven's engine (Quake 4, Wolfenstein 2009) knows only its
//! own escapes — `^0`–`^9`, `^:`, `^cRGB` (digits, ninths), `^iXYZ` icons, `^n?` and `^r`,
//! `^+`/`^-` brightness — and `^^` is a caret.

use serde::Serialize;

/// Whose colour codes a string carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Codes {
    Quake3,
    Doom3,
    Raven,
}

/// What the characters after a `^` mean, and how many of them the code takes.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Code {
    /// No code: the `^` is text.
    Text,
    /// A caret, written `^^`.
    Caret,
    Colour(Colour),
    /// Back to the text's own colour.
    Reset,
    /// A code that draws nothing and changes no colour we render (icons, brightness).
    Silent,
}

/// Reads the characters after a `^`: what they mean, and how many the code takes.
type Reader = fn(&str) -> (Code, usize);

impl Codes {
    // One reader per dialect, so that a build rendering Quake 3's only (the browser's
    // codec) links no other's.
    fn reader(self) -> Reader {
        match self {
            Codes::Quake3 => quake3,
            Codes::Doom3 => doom3,
            Codes::Raven => raven,
        }
    }
}

/// The first character after the `^` and the three after it (fewer at the end).
fn split(after: &str) -> Option<(char, Vec<char>)> {
    let mut chars = after.chars();
    let c = chars.next()?;
    Some((c, chars.take(3).collect()))
}

fn quake3(after: &str) -> (Code, usize) {
    let Some((c, next3)) = split(after) else {
        return (Code::Text, 0);
    };
    match c {
        '^' => (Code::Caret, 1),
        'x' | 'X' if next3.len() == 3 && next3.iter().all(char::is_ascii_hexdigit) => {
            let digit = |h: char| h.to_digit(16).unwrap_or(0) as u8 * 17;
            (
                Code::Colour(Colour::Rgb(digit(next3[0]), digit(next3[1]), digit(next3[2]))),
                4,
            )
        }
        c if c.is_ascii_alphanumeric() => (Code::Colour(Colour::Index((c as u8).wrapping_sub(b'0') & 7)), 1),
        _ => (Code::Text, 0),
    }
}

/// idStr::IsColor: any character but NUL and space; idStr::ColorIndex: `c & 15`.
fn doom3(after: &str) -> (Code, usize) {
    match after.chars().next() {
        None | Some(' ') => (Code::Text, 0),
        Some(c) => match (c as u32 & 15) as usize {
            0 => (Code::Reset, c.len_utf8()),
            i => (Code::Colour(TABLE16[i]), c.len_utf8()),
        },
    }
}

/// Raven's idStr::IsEscape.
fn raven(after: &str) -> (Code, usize) {
    let Some((c, next3)) = split(after) else {
        return (Code::Text, 0);
    };
    match c {
        '^' => (Code::Caret, 1),
        '0' => (Code::Reset, 1),
        '1'..='9' | ':' => (Code::Colour(TABLE16[usize::from(c as u8 - b'0')]), 1),
        '+' | '-' => (Code::Silent, 1),
        'r' | 'R' => (Code::Reset, 1),
        'c' | 'C' if next3.len() == 3 => {
            let ninth = |d: char| ((d as u32).saturating_sub('0' as u32).min(9) * 255 / 9) as u8;
            let skip = 1 + next3.iter().map(|c| c.len_utf8()).sum::<usize>();
            (
                Code::Colour(Colour::Rgb(ninth(next3[0]), ninth(next3[1]), ninth(next3[2]))),
                skip,
            )
        }
        'i' | 'I' if next3.len() == 3 => (Code::Silent, 1 + next3.iter().map(|c| c.len_utf8()).sum::<usize>()),
        'n' | 'N' if !next3.is_empty() => (Code::Silent, 1 + next3[0].len_utf8()),
        _ => (Code::Text, 0),
    }
}

/// No codes (Quake 2): every `^` is text.
fn none(_: &str) -> (Code, usize) {
    (Code::Text, 0)
}

/// Doom 3's sixteen (`g_color_table`), Raven's tenth its console orange.
const TABLE16: [Colour; 16] = {
    const BLACK: Colour = Colour::Rgb(0, 0, 0);
    [
        BLACK,
        Colour::Rgb(255, 0, 0),
        Colour::Rgb(0, 255, 0),
        Colour::Rgb(255, 255, 0),
        Colour::Rgb(0, 0, 255),
        Colour::Rgb(0, 255, 255),
        Colour::Rgb(255, 0, 255),
        Colour::Rgb(255, 255, 255),
        Colour::Rgb(128, 128, 128),
        BLACK,
        Colour::Rgb(240, 158, 13),
        BLACK,
        BLACK,
        BLACK,
        BLACK,
        BLACK,
    ]
};

/// `text` without the codes of `codes`.
pub fn strip(text: &str, codes: Codes) -> String {
    if !text.contains('^') {
        return text.to_string();
    }
    runs(text, codes.reader()).into_iter().map(|(_, t)| t).collect()
}

/// The colour a Quake 3 code names, as `#rrggbb` (`^xRGB` each digit doubled); `None`
/// for a character that is no code.
pub fn colour(code: &str) -> Option<String> {
    match quake3(code) {
        (Code::Colour(c), skip) if skip == code.len() => Some(hex(c)),
        _ => None,
    }
}

/// A colour as `#rrggbb`.
fn hex(colour: Colour) -> String {
    let mut out = String::with_capacity(7);
    push_hex(&mut out, colour);
    out
}

// Written out by hand rather than with `format!`: the browser's download links no
// hexadecimal formatting for it (issue #9's budget).
fn push_hex(out: &mut String, colour: Colour) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    match colour {
        Colour::Index(i) => out.push_str(HEX[usize::from(i)]),
        Colour::Rgb(r, g, b) => {
            out.push('#');
            for v in [r, g, b] {
                out.push(char::from(DIGITS[usize::from(v >> 4)]));
                out.push(char::from(DIGITS[usize::from(v & 15)]));
            }
        }
    }
}

/// An ANSI colour's opening escape.
fn push_ansi(out: &mut String, colour: Colour) {
    match colour {
        Colour::Index(i) => {
            out.push_str("\x1b[");
            out.push_str(ANSI[usize::from(i)]);
        }
        Colour::Rgb(r, g, b) => {
            out.push_str("\x1b[38;2");
            for v in [r, g, b] {
                out.push(';');
                out.push_str(&v.to_string());
            }
        }
    }
    out.push('m');
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
const ANSI: [&str; 8] = ["30", "91", "92", "93", "94", "96", "95", "97"];

/// `text`'s coloured runs, `None` the text's own colour.
fn runs(text: &str, read: Reader) -> Vec<(Option<Colour>, String)> {
    let mut runs: Vec<(Option<Colour>, String)> = vec![(None, String::new())];
    let mut rest = text;
    let push =
        |runs: &mut Vec<(Option<Colour>, String)>, s: &str| runs.last_mut().expect("one run at least").1.push_str(s);
    while let Some(i) = rest.find('^') {
        push(&mut runs, &rest[..i]);
        let after = &rest[i + 1..];
        let (code, skip) = read(after);
        match code {
            Code::Text | Code::Caret => push(&mut runs, "^"),
            Code::Colour(c) => runs.push((Some(c), String::new())),
            Code::Reset => runs.push((None, String::new())),
            Code::Silent => {}
        }
        rest = &after[skip..];
    }
    push(&mut runs, rest);
    runs.retain(|(_, t)| !t.is_empty());
    runs
}

/// `text` (Quake 3's and FiveM's codes) in every rendering.
pub fn render(text: &str) -> Coloured {
    render_with(text, quake3)
}

/// `text` that has no codes (Quake 2's) in every rendering: escaped, its controls gone.
pub fn uncoded(text: &str) -> Coloured {
    render_with(text, none)
}

/// `text` with the codes of `codes` in every rendering.
pub fn render_codes(text: &str, codes: Codes) -> Coloured {
    render_with(text, codes.reader())
}

fn render_with(text: &str, read: Reader) -> Coloured {
    let runs = runs(text, read);
    let mut out = Coloured {
        raw: text.to_string(),
        ..Coloured::default()
    };
    for (colour, t) in &runs {
        out.plain.push_str(t);
        if let Some(c) = colour {
            push_ansi(&mut out.ansi, *c);
            out.html.push_str("<span style=\"color:");
            push_hex(&mut out.html, *c);
            out.html.push_str("\">");
        }
        out.ansi.extend(t.chars().filter(|c| !c.is_control()));
        crate::text::minecraft::escape_html(t, &mut out.html);
        if colour.is_some() {
            out.ansi.push_str("\x1b[0m");
            out.html.push_str("</span>");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{colour, render, render_codes, strip, Codes};
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
        assert_eq!(render("a ^ b^").plain, strip("a ^ b^", Codes::Quake3));
    }

    #[test]
    fn doom3_takes_any_character_but_a_space_as_a_colour() {
        // ET:QW names from GameQ's captures: `^o`, `^;`, `^[` are colours (`c & 15`).
        assert_eq!(strip("^oT^9he ^oG^9roup", Codes::Doom3), "The Group");
        assert_eq!(strip("^[SLUG^0a^vMNKY", Codes::Doom3), "SLUGaMNKY");
        assert_eq!(strip("a ^ b^", Codes::Doom3), "a ^ b^", "a space or the end is no code");
        assert_eq!(strip("^^x", Codes::Doom3), "x", "no caret escape in Doom 3");
        let r = render_codes("^1Red^0own^8grey", Codes::Doom3);
        assert_eq!(
            r.html,
            "<span style=\"color:#ff0000\">Red</span>own<span style=\"color:#808080\">grey</span>"
        );
        assert_eq!(
            r.ansi,
            "\x1b[38;2;255;0;0mRed\x1b[0mown\x1b[38;2;128;128;128mgrey\x1b[0m"
        );
    }

    #[test]
    fn ravens_escapes_as_quake_4_draws_them() {
        // A Quake 4 name and clan from GameQ's capture (Quake4/1).
        assert_eq!(strip("^ifve^3Ç^-a^-§^+h^+e^+w^ifve", Codes::Raven), "Ça§hew");
        assert_eq!(
            strip("^c014-^c345=^Iw05^7NUTS^Iw05^c345=^c014-", Codes::Raven),
            "-=NUTS=-"
        );
        assert_eq!(
            strip("^^1 ^q ^n", Codes::Raven),
            "^1 ^q ^n",
            "`^^` a caret; `^q` no code"
        );
        let r = render_codes("^c900Red^:orange^rplain", Codes::Raven);
        assert_eq!(
            r.html,
            "<span style=\"color:#ff0000\">Red</span><span style=\"color:#f09e0d\">orange</span>plain"
        );
    }
}
