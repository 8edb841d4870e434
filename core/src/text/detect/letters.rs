//! Letter case and letterhood of the characters the single-byte candidates hold, which
//! is all the detector asks about. std's `to_lowercase`, `is_uppercase` and
//! `is_alphabetic` read Unicode-wide tables that were 7.5 KB of the gzipped browser
//! download; these cover the candidates' high halves, and the test below checks them
//! against std on every one of those characters.

/// The first character of `c`'s lower case, as `c.to_lowercase().next()`.
pub(super) fn lower(c: char) -> char {
    let u = c as u32;
    let l = match u {
        0xC0..=0xDE if u != 0xD7 => u + 0x20,
        // İ lowercases to "i̇": its first character.
        0x130 => u32::from('i'),
        0x178 => 0xFF,
        0x100..=0x137 | 0x14A..=0x177 if u % 2 == 0 => u + 1,
        0x139..=0x148 | 0x179..=0x17E if u % 2 == 1 => u + 1,
        0x386 => 0x3AC,
        0x388..=0x38A => u + 37,
        0x38C => 0x3CC,
        0x38E | 0x38F => u + 63,
        0x391..=0x3AB if u != 0x3A2 => u + 0x20,
        0x400..=0x40F => u + 0x50,
        0x410..=0x42F => u + 0x20,
        0x490 => 0x491,
        _ => u,
    };
    char::from_u32(l).unwrap_or(c)
}

/// `c.is_uppercase()`.
pub(super) fn is_upper(c: char) -> bool {
    lower(c) != c
}

/// `c.is_alphabetic()` for characters outside the scripts the detector names by range:
/// Latin letters and the modifier letters.
pub(super) fn is_letter(c: char) -> bool {
    matches!(c as u32, 0xC0..=0x24F | 0x2B0..=0x2C1 | 0x2C6..=0x2D1) && c != '×' && c != '÷'
}

#[cfg(test)]
mod tests {
    use super::super::{Reading, CANDIDATES};
    use super::*;
    use crate::text::decode;

    #[test]
    fn agree_with_std_on_every_candidate_character() {
        let high: Vec<u8> = (0x80..=0xFF).collect();
        let mut checked = 0;
        for (encoding, reading, _) in CANDIDATES {
            if !matches!(reading, Reading::Single(_)) {
                continue;
            }
            for c in decode(&high, encoding).chars() {
                let name = encoding.name();
                assert_eq!(lower(c), c.to_lowercase().next().unwrap(), "{name} {c:?}");
                assert_eq!(is_upper(c), c.is_uppercase(), "{name} {c:?}");
                // Asked only outside the scripts named by range (U+0370..U+1FFF here) and
                // for letters other than ª µ º, which the detector sets apart first.
                if !(0x370..0x2000).contains(&(c as u32)) && !matches!(c, 'ª' | 'µ' | 'º') {
                    assert_eq!(is_letter(c), c.is_alphabetic(), "{name} {c:?}");
                }
                checked += 1;
            }
        }
        assert_eq!(checked, 9 * 128);
    }
}
