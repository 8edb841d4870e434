//! Unreal's colour codes (ESC and three bytes of red, green, blue, a 0 sent as 1), written
//! by Unreal Engine 1 and 2 games into names whatever protocol carries them (GameSpy 1 and
//! 2, Unreal 2's own query).

/// `text` without its colour codes or control characters (Halo pads names with 01 bytes,
/// Killing Floor puts one first).
pub fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => chars.by_ref().take(3).for_each(drop),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn colour_codes_and_padding_go() {
        assert_eq!(super::plain("\u{1b}\u{ff}\u{1}\u{1}Red\u{1}\u{1}!"), "Red!");
    }
}
