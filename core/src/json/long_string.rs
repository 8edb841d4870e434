//! A document with one long string in a known place (a Minecraft status's favicon, 8 KB of
//! base64): serde_json reads a string 8 bytes a step, checking each for a control character
//! as it goes, which for that favicon was a tenth of a whole status decode. Read as bytes,
//! serde_json finds its end with `memchr` (16–32 bytes a step) and checks nothing; the
//! control characters are then looked for in a pass the compiler vectorizes.
//!
//! Anything unusual there — a value that is no string, an escape, invalid JSON anywhere —
//! reads the whole text again the usual way, so the value and the errors are `from_str`'s.

use serde::de::{DeserializeSeed, Error, MapAccess, Visitor};
use serde::Deserializer;
use std::fmt;

use super::{Json, JsonVisitor, KeySeed, Members};

/// `serde_json::from_str::<Json>(text)`, the top-level member `name` read as above.
pub fn parse_with_long_string(text: &str, name: &str) -> serde_json::Result<Json> {
    let mut d = serde_json::Deserializer::from_str(text);
    let fast = d
        .deserialize_map(TopLevel { text, name })
        .and_then(|doc| d.end().map(|()| doc));
    fast.or_else(|_| serde_json::from_str(text))
}

struct TopLevel<'t> {
    text: &'t str,
    name: &'t str,
}

impl<'de> Visitor<'de> for TopLevel<'_> {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut members = Members::default();
        while let Some(k) = map.next_key_seed(KeySeed)? {
            let v = if k == self.name {
                map.next_value_seed(LongString(self.text))?
            } else {
                map.next_value_seed(JsonVisitor { merge: true })?
            };
            members.merge(k, v);
        }
        Ok(Json::Object(members.list))
    }
}

/// The string, or an error that sends the text the usual way.
struct LongString<'t>(&'t str);

impl<'de> DeserializeSeed<'de> for LongString<'_> {
    type Value = Json;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Json, D::Error> {
        d.deserialize_bytes(self)
    }
}

impl<'de> Visitor<'de> for LongString<'_> {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string")
    }
    /// No escape in it: a slice of the text between two quotes, so a `str` (found by its
    /// place in the text, not checked again).
    fn visit_borrowed_bytes<E: Error>(self, v: &'de [u8]) -> Result<Json, E> {
        let start = (v.as_ptr() as usize).wrapping_sub(self.0.as_ptr() as usize);
        let s = start.checked_add(v.len()).and_then(|end| self.0.get(start..end));
        match s {
            Some(s) if no_control_character(v) => Ok(Json::String(s.to_owned())),
            _ => Err(E::custom("read as text")),
        }
    }
    /// Unescaped: a control character may have been escaped (valid) or not (invalid), and a
    /// lone surrogate is not UTF-8; either way the usual read decides.
    fn visit_bytes<E: Error>(self, v: &[u8]) -> Result<Json, E> {
        match std::str::from_utf8(v) {
            Ok(s) if no_control_character(v) => Ok(Json::String(s.to_owned())),
            _ => Err(E::custom("read as text")),
        }
    }
}

/// In 64-byte chunks the compiler takes each chunk's least byte 32 at a time.
fn no_control_character(v: &[u8]) -> bool {
    v.chunks(64).all(|c| c.iter().fold(u8::MAX, |m, &b| m.min(b)) >= 0x20)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn both(text: &str) -> (Result<Json, String>, Result<Json, String>) {
        let fast = parse_with_long_string(text, "favicon").map_err(|e| e.to_string());
        let usual = serde_json::from_str::<Json>(text).map_err(|e| e.to_string());
        (fast, usual)
    }

    #[test]
    fn reads_as_from_str_does() {
        let long = "A".repeat(5000);
        for text in [
            format!(r#"{{"favicon":"data:image/png;base64,{long}","a":1}}"#),
            format!(r#"{{"a":{{"favicon":"{long}"}},"favicon":"x"}}"#),
            r#"{"favicon":"a\/b\u00e9\u0001","favicon":"c"}"#.to_string(),
            r#"{"favicon":"é€𝄞"}"#.to_string(),
            r#"{"favicon":null}"#.to_string(),
            r#"{"favicon":[1,"a"]}"#.to_string(),
            r#"{"favicon":{"a":1}}"#.to_string(),
            r#"{"favicon":7,"b":[]}"#.to_string(),
            r#"[1,2]"#.to_string(),
            r#""favicon""#.to_string(),
            // Invalid: the errors are from_str's.
            "{\"favicon\":\"a\u{1}b\"}".to_string(),
            format!("{{\"favicon\":\"{long}\u{1f}\"}}"),
            r#"{"favicon":"\ud800"}"#.to_string(),
            r#"{"favicon":"\q"}"#.to_string(),
            r#"{"favicon":"abc"#.to_string(),
            r#"{"favicon":"abc"} x"#.to_string(),
            r#"{"favicon":"abc",}"#.to_string(),
        ] {
            let (fast, usual) = both(&text);
            assert_eq!(fast, usual, "{text}");
        }
    }

    proptest::proptest! {
        /// Escapes, control characters, quotes and text after it, well formed or not.
        #[test]
        fn reads_any_text_as_from_str_does(
            text in r#"\{ ?"favicon" ?: ?"([a-z+/=é\\"\u{0}-\u{1f}]|\\u[0-9a-fA-F]{4}){0,40}"?(,"a":1|\}|,)?\}?"#
        ) {
            let (fast, usual) = both(&text);
            proptest::prop_assert_eq!(fast, usual);
        }
    }

    #[test]
    fn the_long_string_is_the_text_between_the_quotes() {
        let (fast, _) = both(r#" { "x" : 1 , "favicon" : "data:image/png;base64,iVBORw0=" } "#);
        let doc = fast.unwrap();
        assert_eq!(
            doc.get("favicon").and_then(Json::as_str),
            Some("data:image/png;base64,iVBORw0=")
        );
        assert_eq!(doc.get("x").and_then(Json::as_i64), Some(1));
    }

    #[test]
    fn a_control_character_is_found_anywhere() {
        for at in [0, 1, 31, 32, 63, 64, 65, 127, 128, 4999] {
            let mut s = vec![b'A'; 5000];
            s[at] = 0x1f;
            assert!(!no_control_character(&s), "{at}");
            s[at] = 0x20;
            assert!(no_control_character(&s), "{at}");
        }
        assert!(no_control_character(b""));
    }
}
