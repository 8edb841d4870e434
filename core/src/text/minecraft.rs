//! Minecraft text — `§`-coded strings and chat components — as plain text, ANSI, HTML and
//! `§` codes. The HTML is escaped: a hostile server controls every character of it.

use std::sync::Arc;

use crate::input::{At, Input};
use crate::json::Json;
use serde::Serialize;

/// Component trees deeper than this are cut (serde_json already stops at 128 levels).
const MAX_DEPTH: usize = 64;
/// Rendering stops at these: `translate` arguments can nest and repeat (`%1$s%1$s…`), so
/// a small hostile component could otherwise expand exponentially.
const MAX_TEXT: usize = 64 * 1024;
const MAX_NODES: usize = 10_000;

/// Rendered spans, within the budget.
struct Spans {
    list: Vec<Span>,
    text: usize,
    nodes: usize,
    /// [`MAX_TEXT`], or a `§` string's own length: it can only shrink when rendered (a
    /// long RCON output line stays whole).
    limit: usize,
}

impl Spans {
    fn full(&self) -> bool {
        self.text >= self.limit || self.nodes >= MAX_NODES
    }
}

/// A MOTD in every rendering; `raw` is what the server sent (a string or a component).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Motd {
    /// In a decoded Java status, `document`'s description is this very value (one
    /// allocation, one object in JavaScript but for the browser's codec module, which
    /// leaves that out for its size).
    #[cfg_attr(feature = "ts", ts(type = "string | object | Array<unknown>"))]
    #[serde(serialize_with = "shared_raw")]
    pub raw: Arc<Json>,
    pub plain: String,
    pub ansi: String,
    pub html: String,
    /// `§`-coded; hex colours as `§x§r§r§g§g§b§b`.
    pub minecraft: String,
}

/// Accepts the rendered object (uses its `raw`), a `§` string or a component.
impl Input for Motd {
    fn read(value: Json, _: At<'_>) -> crate::error::Result<Self> {
        let raw = match value.merged() {
            Json::Object(mut o) if o.iter().any(|(k, _)| k == "plain") => {
                match o.iter().position(|(k, _)| k == "raw") {
                    Some(i) => o.swap_remove(i).1,
                    None => Json::Object(o),
                }
            }
            other => other,
        };
        Ok(Motd::render(raw))
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Style {
    color: Option<(u8, u8, u8)>,
    bold: bool,
    italic: bool,
    underlined: bool,
    strikethrough: bool,
    obfuscated: bool,
}

#[derive(Debug)]
struct Span {
    text: String,
    style: Style,
}

/// The 16 named colours: (name, § code, RGB).
const COLORS: [(&str, char, (u8, u8, u8)); 16] = [
    ("black", '0', (0x00, 0x00, 0x00)),
    ("dark_blue", '1', (0x00, 0x00, 0xaa)),
    ("dark_green", '2', (0x00, 0xaa, 0x00)),
    ("dark_aqua", '3', (0x00, 0xaa, 0xaa)),
    ("dark_red", '4', (0xaa, 0x00, 0x00)),
    ("dark_purple", '5', (0xaa, 0x00, 0xaa)),
    ("gold", '6', (0xff, 0xaa, 0x00)),
    ("gray", '7', (0xaa, 0xaa, 0xaa)),
    ("dark_gray", '8', (0x55, 0x55, 0x55)),
    ("blue", '9', (0x55, 0x55, 0xff)),
    ("green", 'a', (0x55, 0xff, 0x55)),
    ("aqua", 'b', (0x55, 0xff, 0xff)),
    ("red", 'c', (0xff, 0x55, 0x55)),
    ("light_purple", 'd', (0xff, 0x55, 0xff)),
    ("yellow", 'e', (0xff, 0xff, 0x55)),
    ("white", 'f', (0xff, 0xff, 0xff)),
];

/// ANSI SGR for the named colours (the 16-colour palette terminals map them to).
const ANSI: [u8; 16] = [30, 34, 32, 36, 31, 35, 33, 37, 90, 94, 92, 96, 91, 95, 93, 97];

fn parse_color(name: &str) -> Option<(u8, u8, u8)> {
    if let Some(hex) = name.strip_prefix('#') {
        if hex.len() == 6 && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            let n = u32::from_str_radix(hex, 16).ok()?;
            return Some(((n >> 16) as u8, (n >> 8) as u8, n as u8));
        }
        return None;
    }
    COLORS.iter().find(|(n, _, _)| *n == name).map(|c| c.2)
}

fn named_index(rgb: (u8, u8, u8)) -> Option<usize> {
    COLORS.iter().position(|c| c.2 == rgb)
}

/// As [`crate::tape::Shared`] the `Json` itself (not its `Arc`), so a document holding the same `Arc`
/// refers to the same value.
fn shared_raw<S: serde::Serializer>(raw: &Arc<Json>, s: S) -> Result<S::Ok, S::Error> {
    crate::tape::shared_description(&**raw, s)
}

impl Motd {
    pub fn render(raw: Json) -> Self {
        Self::render_shared(Arc::new(raw))
    }

    /// Renders a description held elsewhere too (a Java status's document).
    pub fn render_shared(raw: Arc<Json>) -> Self {
        let limit = match &*raw {
            Json::String(s) => s.len().max(MAX_TEXT),
            _ => MAX_TEXT,
        };
        let mut out = Spans {
            list: vec![],
            text: 0,
            nodes: 0,
            limit,
        };
        match &*raw {
            Json::String(s) => legacy_spans(s, Style::default(), &mut out),
            other => component_spans(other, Style::default(), 0, &mut out),
        }
        let spans = out.list;
        let mut plain = String::with_capacity(out.text);
        plain.extend(spans.iter().map(|s| s.text.as_str()));
        Motd {
            plain,
            ansi: ansi(&spans),
            html: html(&spans),
            minecraft: section_codes(&spans),
            raw,
        }
    }

    /// From a `§`-coded string (legacy pings, string descriptions).
    pub fn from_legacy(text: &str) -> Self {
        Self::render(Json::String(text.to_string()))
    }
}

/// `§` codes inside text: a colour resets the formatting (as vanilla), `r` resets all.
fn legacy_spans(text: &str, base: Style, out: &mut Spans) {
    let mut style = base;
    let mut current = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '§' {
            current.push(c);
            continue;
        }
        let Some(code) = chars.next() else { break };
        let next = match code.to_ascii_lowercase() {
            'k' => Style {
                obfuscated: true,
                ..style
            },
            'l' => Style { bold: true, ..style },
            'm' => Style {
                strikethrough: true,
                ..style
            },
            'n' => Style {
                underlined: true,
                ..style
            },
            'o' => Style { italic: true, ..style },
            'r' => base,
            'x' => {
                // Bukkit's hex form: §x§r§r§g§g§b§b.
                let mut hex = String::new();
                let mut probe = chars.clone();
                for _ in 0..6 {
                    match (probe.next(), probe.next()) {
                        (Some('§'), Some(h)) if h.is_ascii_hexdigit() => hex.push(h),
                        _ => break,
                    }
                }
                if hex.len() == 6 {
                    chars = probe;
                    Style {
                        color: parse_color(&format!("#{hex}")),
                        ..Style::default()
                    }
                } else {
                    style
                }
            }
            c => match COLORS.iter().find(|(_, code, _)| *code == c) {
                Some(color) => Style {
                    color: Some(color.2),
                    ..Style::default()
                },
                None => style,
            },
        };
        if next != style {
            push(out, std::mem::take(&mut current), style);
            style = next;
        }
    }
    push(out, current, style);
}

fn push(out: &mut Spans, mut text: String, style: Style) {
    if text.is_empty() || out.full() {
        return;
    }
    let mut room = out.limit - out.text;
    if text.len() > room {
        while !text.is_char_boundary(room) {
            room -= 1;
        }
        text.truncate(room);
    }
    out.text += text.len();
    match out.list.last_mut() {
        Some(last) if last.style == style => last.text.push_str(&text),
        _ => out.list.push(Span { text, style }),
    }
}

fn component_spans(v: &Json, parent: Style, depth: usize, out: &mut Spans) {
    out.nodes += 1;
    if depth > MAX_DEPTH || out.full() {
        return;
    }
    match v {
        Json::String(s) => legacy_spans(s, parent, out),
        Json::Number(n) => legacy_spans(&n.to_string(), parent, out),
        Json::Bool(b) => legacy_spans(&b.to_string(), parent, out),
        Json::Array(items) => {
            // A list: the first element is the parent of the rest.
            let Some((first, rest)) = items.split_first() else {
                return;
            };
            let style = own_style(first, parent);
            component_spans(first, parent, depth + 1, out);
            for item in rest {
                component_spans(item, style, depth + 1, out);
            }
        }
        Json::Object(_) => {
            let style = own_style(v, parent);
            if let Some(text) = v.get("text").and_then(Json::as_str) {
                legacy_spans(text, style, out);
            } else if let Some(key) = v.get("translate").and_then(Json::as_str) {
                translate(key, v.get("with"), style, depth, out);
            }
            if let Some(Json::Array(extra)) = v.get("extra") {
                for e in extra {
                    component_spans(e, style, depth + 1, out);
                }
            }
        }
        Json::Null => {}
    }
}

fn own_style(v: &Json, parent: Style) -> Style {
    let Json::Object(_) = v else { return parent };
    let flag = |k: &str, inherited: bool| v.get(k).and_then(Json::as_bool).unwrap_or(inherited);
    Style {
        color: v
            .get("color")
            .and_then(Json::as_str)
            .and_then(parse_color)
            .or(parent.color),
        bold: flag("bold", parent.bold),
        italic: flag("italic", parent.italic),
        underlined: flag("underlined", parent.underlined),
        strikethrough: flag("strikethrough", parent.strikethrough),
        obfuscated: flag("obfuscated", parent.obfuscated),
    }
}

/// No translation tables here: the key itself, with `%s` / `%1$s` filled from `with`.
fn translate(key: &str, with: Option<&Json>, style: Style, depth: usize, out: &mut Spans) {
    let args: &[Json] = with.and_then(Json::as_array).unwrap_or(&[]);
    let mut next_arg = 0;
    let mut rest = key;
    while let Some((before, after)) = rest.split_once('%') {
        if out.full() {
            return;
        }
        legacy_spans(before, style, out);
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        let positional = after
            .get(digits..)
            .and_then(|t| t.strip_prefix("$s"))
            .filter(|_| digits > 0);
        let arg = if let Some(tail) = after.strip_prefix('s') {
            next_arg += 1;
            rest = tail;
            Some(next_arg - 1)
        } else if let Some(tail) = positional {
            rest = tail;
            after
                .get(..digits)
                .and_then(|d| d.parse::<usize>().ok())
                .map(|n| n.saturating_sub(1))
        } else {
            legacy_spans("%", style, out);
            rest = after.strip_prefix('%').unwrap_or(after);
            None
        };
        if let Some(arg) = arg.and_then(|i| args.get(i)) {
            component_spans(arg, style, depth + 1, out);
        }
    }
    legacy_spans(rest, style, out);
}

/// Writes `parts` separated by `sep`, skipping the ones that are off.
fn join_on<'a>(out: &mut String, sep: &str, parts: impl IntoIterator<Item = (bool, &'a str)>) -> bool {
    let mut any = false;
    for (on, part) in parts {
        if on {
            if any {
                out.push_str(sep);
            }
            out.push_str(part);
            any = true;
        }
    }
    any
}

// The renderings write numbers by hand: through `fmt`, a MOTD's colours took a third of
// its four renderings' time.

/// `n` in decimal.
fn push_decimal(out: &mut String, n: u8) {
    if n >= 100 {
        out.push(char::from(b'0' + n / 100));
    }
    if n >= 10 {
        out.push(char::from(b'0' + n / 10 % 10));
    }
    out.push(char::from(b'0' + n % 10));
}

/// `rrggbb`, each digit through `each` (`§`-prefixed for section codes).
fn hex_digits((r, g, b): (u8, u8, u8), mut each: impl FnMut(char)) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    for byte in [r, g, b] {
        each(char::from(DIGITS[usize::from(byte >> 4)]));
        each(char::from(DIGITS[usize::from(byte & 15)]));
    }
}

/// Room for the spans' text and `per_span` bytes of codes or markup around each: growing
/// the renderings as they were written was a fifth of rendering a component MOTD.
fn with_room(spans: &[Span], per_span: usize) -> String {
    String::with_capacity(spans.iter().map(|s| s.text.len() + per_span).sum())
}

fn ansi(spans: &[Span]) -> String {
    let mut out = with_room(spans, 24);
    for s in spans {
        let start = out.len();
        out.push_str("\x1b[");
        let mut any = false;
        if let Some(rgb) = s.style.color {
            match named_index(rgb) {
                Some(i) => push_decimal(&mut out, ANSI[i]),
                None => {
                    out.push_str("38;2;");
                    push_decimal(&mut out, rgb.0);
                    out.push(';');
                    push_decimal(&mut out, rgb.1);
                    out.push(';');
                    push_decimal(&mut out, rgb.2);
                }
            }
            any = true;
        }
        let flags = [
            (s.style.bold, "1"),
            (s.style.italic, "3"),
            (s.style.underlined, "4"),
            (s.style.strikethrough, "9"),
        ];
        if any && flags.iter().any(|(on, _)| *on) {
            out.push(';');
        }
        any |= join_on(&mut out, ";", flags);
        if any {
            out.push('m');
        } else {
            out.truncate(start);
        }
        if s.text.chars().any(|c| c != '\n' && c.is_control()) {
            out.extend(s.text.chars().filter(|c| *c == '\n' || !c.is_control()));
        } else {
            out.push_str(&s.text);
        }
        if any {
            out.push_str("\x1b[0m");
        }
    }
    out
}

pub(crate) fn escape_html(text: &str, out: &mut String) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\n' => out.push_str("<br>"),
            c => out.push(c),
        }
    }
}

fn html(spans: &[Span]) -> String {
    let mut out = with_room(spans, 64);
    for s in spans {
        let st = s.style;
        let decorated = st.underlined || st.strikethrough;
        let styled = st.color.is_some() || st.bold || st.italic || decorated;
        if !styled && !st.obfuscated {
            escape_html(&s.text, &mut out);
            continue;
        }
        out.push_str(if st.obfuscated {
            "<span class=\"mc-obfuscated\" style=\""
        } else {
            "<span style=\""
        });
        let mut any = false;
        if let Some(rgb) = st.color {
            out.push_str("color:#");
            hex_digits(rgb, |c| out.push(c));
            any = true;
        }
        for (on, css) in [(st.bold, "font-weight:bold"), (st.italic, "font-style:italic")] {
            if on {
                if any {
                    out.push(';');
                }
                out.push_str(css);
                any = true;
            }
        }
        if decorated {
            if any {
                out.push(';');
            }
            out.push_str("text-decoration:");
            join_on(
                &mut out,
                " ",
                [(st.underlined, "underline"), (st.strikethrough, "line-through")],
            );
        }
        out.push_str("\">");
        escape_html(&s.text, &mut out);
        out.push_str("</span>");
    }
    out
}

fn section_codes(spans: &[Span]) -> String {
    let mut out = with_room(spans, 8);
    let mut previous = Style::default();
    for s in spans {
        if s.style != previous {
            match s.style.color {
                Some(rgb) => match named_index(rgb) {
                    Some(i) => out.extend(['§', COLORS[i].1]),
                    None => {
                        out.push_str("§x");
                        hex_digits(rgb, |c| out.extend(['§', c]));
                    }
                },
                None => out.push_str("§r"),
            }
            for (on, code) in [
                (s.style.obfuscated, 'k'),
                (s.style.bold, 'l'),
                (s.style.strikethrough, 'm'),
                (s.style.underlined, 'n'),
                (s.style.italic, 'o'),
            ] {
                if on {
                    out.extend(['§', code]);
                }
            }
            previous = s.style;
        }
        out.push_str(&s.text);
    }
    out.strip_prefix("§r").map(str::to_string).unwrap_or(out)
}

#[cfg(test)]
mod tests {
    fn render(v: serde_json::Value) -> Motd {
        Motd::render(Json::from_value(&v))
    }

    use super::*;
    use serde_json::json;

    #[test]
    fn section_string() {
        let m = Motd::from_legacy("§aHello §lWorld");
        assert_eq!(m.plain, "Hello World");
        assert_eq!(m.ansi, "\x1b[92mHello \x1b[0m\x1b[92;1mWorld\x1b[0m");
        assert_eq!(
            m.html,
            "<span style=\"color:#55ff55\">Hello </span><span style=\"color:#55ff55;font-weight:bold\">World</span>"
        );
        assert_eq!(m.minecraft, "§aHello §a§lWorld");
    }

    #[test]
    fn component_inheritance_hex_and_flags() {
        let m = render(json!({
            "text": "A", "color": "#123456", "bold": true,
            "extra": [{"text": "B", "bold": false, "underlined": true}, {"text": "C", "color": "red", "strikethrough": true, "italic": true}, "D"]
        }));
        assert_eq!(m.plain, "ABCD");
        assert_eq!(m.ansi, "\x1b[38;2;18;52;86;1mA\x1b[0m\x1b[38;2;18;52;86;4mB\x1b[0m\x1b[91;1;3;9mC\x1b[0m\x1b[38;2;18;52;86;1mD\x1b[0m");
        assert!(m
            .html
            .starts_with("<span style=\"color:#123456;font-weight:bold\">A</span>"));
        assert_eq!(
            m.minecraft,
            "§x§1§2§3§4§5§6§lA§x§1§2§3§4§5§6§nB§c§l§m§oC§x§1§2§3§4§5§6§lD"
        );
    }

    #[test]
    fn colour_numbers_of_one_two_and_three_digits_and_hex_letters() {
        let m = render(json!({"text": "x", "color": "#0a64ff", "extra": [{"text": "y", "color": "#000009"}]}));
        assert_eq!(m.ansi, "\x1b[38;2;10;100;255mx\x1b[0m\x1b[38;2;0;0;9my\x1b[0m");
        assert_eq!(
            m.html,
            "<span style=\"color:#0a64ff\">x</span><span style=\"color:#000009\">y</span>"
        );
        assert_eq!(m.minecraft, "§x§0§a§6§4§f§fx§x§0§0§0§0§0§9y");
    }

    #[test]
    fn translate_with_and_fallback() {
        let m = render(json!({"translate": "multiplayer.player.joined", "with": [{"text": "Steve"}]}));
        assert_eq!(m.plain, "multiplayer.player.joined");
        let m = render(json!({"translate": "%s joined %2$s (100%%)", "with": ["Steve", {"text": "the game"}]}));
        assert_eq!(m.plain, "Steve joined the game (100%)");
        // Lone, unknown and unterminated placeholders print as they stand.
        let m = render(json!({"translate": "a%x%0$s%12%3$s%", "with": ["Z"]}));
        assert_eq!(m.plain, "a%xZ%12%");
    }

    #[test]
    fn nested_translate_bombs_stay_bounded() {
        let mut v = json!("xxxxxxxx");
        for _ in 0..40 {
            v = json!({"translate": "%1$s%1$s%1$s%1$s", "with": [v]});
        }
        let t = std::time::Instant::now();
        let m = render(v);
        assert!(m.plain.len() <= MAX_TEXT);
        assert!(t.elapsed() < std::time::Duration::from_secs(2), "{:?}", t.elapsed());
        let wide = json!({"extra": vec![json!({"text": "y".repeat(1000)}); 1000]});
        assert_eq!(render(wide).plain.len(), MAX_TEXT);
    }

    #[test]
    fn ansi_strips_control_characters() {
        let m = Motd::from_legacy("a\x1b[2Jb\x07c\u{9b}d\re\nf");
        assert_eq!(
            m.ansi, "a[2Jbcde\nf",
            "ESC, BEL, CSI and CR removed; what is left is inert text"
        );
    }

    #[test]
    fn html_is_escaped() {
        let m = render(json!({"text": "<script>alert('x')</script>&\"", "color": "red\" onmouseover=\"x"}));
        assert_eq!(m.html, "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&quot;");
        let m = Motd::from_legacy("§c<img src=x onerror=alert(1)>\nline");
        assert_eq!(
            m.html,
            "<span style=\"color:#ff5555\">&lt;img src=x onerror=alert(1)&gt;<br>line</span>"
        );
    }

    #[test]
    fn deep_and_odd_trees_do_not_crash() {
        let mut v = json!("x");
        for _ in 0..100 {
            v = json!({"extra": [v]});
        }
        let _ = render(v);
        let m = render(json!([{"text": "a", "color": "gold"}, "b", 3, null, true]));
        assert_eq!(m.plain, "ab3true");
        assert_eq!(Motd::from_legacy("trailing §").plain, "trailing ");
        assert_eq!(
            Motd::from_legacy("§x§f§f§0§0§0§0red").html,
            "<span style=\"color:#ff0000\">red</span>"
        );
    }

    #[test]
    fn decorations_and_obfuscation() {
        let m = Motd::from_legacy("§k§n§mx§r§ky");
        assert_eq!(
            m.html,
            "<span class=\"mc-obfuscated\" style=\"text-decoration:underline line-through\">x</span>\
             <span class=\"mc-obfuscated\" style=\"\">y</span>"
        );
        assert_eq!(m.ansi, "\x1b[4;9mx\x1b[0my");
    }
}
