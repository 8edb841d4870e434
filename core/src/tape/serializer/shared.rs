//! `Shared` values: one written again, equal to one before it in the same result, becomes
//! a reference to it. Equality is read off the tape, so a caller cannot mark two values
//! shared that are not: strings compare by content whether written out or kept, objects
//! member by member in order (a struct and a data map alike).

use serde::Serialize;

use super::{tag, Result, TapeSerializer};

/// Where a value's tape begins: what each of its strings and kept entries are read from.
#[derive(Clone, Copy)]
pub(super) struct Written {
    values: usize,
    text: usize,
    wide: usize,
    kept: usize,
    /// Where it ends in `values`, `text` and `wide`, and its `kept` index.
    end: usize,
    text_end: usize,
    wide_end: usize,
    index: usize,
    /// Its kind (`Share`), and how many shared values were written before it.
    label: usize,
    before: usize,
    /// Which object it was: address, size and type.
    object: Object,
}

/// A value's address, size and type name: the same for the very same object, borrowed from
/// the result being written (which lives through the writing, so no other takes its place).
type Object = (usize, usize, &'static str);

/// A kept slot that holds a value, not a string (no string ever equals it).
pub(super) const KEPT_VALUE: (bool, usize, usize) = (false, usize::MAX, 0);

impl TapeSerializer {
    fn mark(&self) -> Written {
        Written {
            values: self.tape.values.len(),
            text: self.tape.text.len(),
            wide: self.tape.wide.len(),
            kept: self.kept.len(),
            end: 0,
            text_end: 0,
            wide_end: 0,
            index: 0,
            label: 0,
            before: self.shared.len(),
            object: (0, 0, ""),
        }
    }

    /// Writes a `Shared` value: a reference to an equal one written before, or the value
    /// itself, kept for the ones after.
    pub(super) fn shared<T: ?Sized + Serialize>(&mut self, label: usize, value: &T) -> Result {
        let object = (
            (value as *const T).cast::<()>() as usize,
            std::mem::size_of_val(value),
            std::any::type_name::<T>(),
        );
        let Some(this) = self.begin_shared(label, object) else {
            return Ok(());
        };
        value.serialize(&mut *self)?;
        self.end_shared(this);
        Ok(())
    }

    /// `None` when the very object was written before (a Java status's description, held
    /// by its MOTD and its document): a reference to it, with no second write to compare.
    // Not generic: one copy, not one per shared type.
    fn begin_shared(&mut self, label: usize, object: Object) -> Option<Written> {
        let earlier = self.shared.iter().find(|w| w.label == label && w.object == object);
        if let Some(earlier) = earlier {
            let index = earlier.index as f64;
            self.tape.values.extend_from_slice(&[tag::KEPT, index]);
            return None;
        }
        self.push(tag::KEEP);
        Some(Written {
            label,
            object,
            ..self.mark()
        })
    }

    fn end_shared(&mut self, mut this: Written) {
        this.end = self.tape.values.len();
        this.text_end = self.tape.text.len();
        this.wide_end = self.tape.wide.len();
        let earlier = self.shared[..this.before]
            .iter()
            .find(|w| w.label == this.label && self.same(w, &this))
            .copied();
        if let Some(earlier) = earlier {
            // With whatever it holds: nothing written inside it stays to be referred to.
            self.shared.truncate(this.before);
            self.tape.values.truncate(this.values - 1);
            self.tape.text.truncate(this.text);
            self.tape.wide.truncate(this.wide);
            self.kept.truncate(this.kept);
            self.tape.values.extend_from_slice(&[tag::KEPT, earlier.index as f64]);
            return;
        }
        this.index = self.kept.len();
        self.kept.push(KEPT_VALUE);
        self.shared.push(this);
    }

    /// Whether two written values read as equal values.
    fn same(&self, a: &Written, b: &Written) -> bool {
        let (va, vb) = (&self.tape.values[a.values..a.end], &self.tape.values[b.values..b.end]);
        // Most often the same tape twice (a player list: short strings, written out): the
        // same numbers and the same text read the same, kept strings or not.
        let text = |w: &Written| (&self.tape.text[w.text..w.text_end], &self.tape.wide[w.wide..w.wide_end]);
        if va.len() == vb.len() && va.iter().zip(vb).all(|(x, y)| x.to_bits() == y.to_bits()) && text(a) == text(b) {
            return true;
        }
        let (mut x, mut y) = (Side::new(self, a), Side::new(self, b));
        self.equal(&mut x, &mut y) && x.at == a.end && y.at == b.end
    }

    /// Reads one value off each side; whether they are equal. A struct (its keys in a
    /// shape) equals a data map (its keys on the tape) with the same members in the same
    /// order: `JSON.parse` tells them apart no more than the reader does.
    fn equal<'s>(&'s self, x: &mut Side<'s>, y: &mut Side<'s>) -> bool {
        let (tx, ty) = (x.next(), y.next());
        if is_string(tx) || is_string(ty) {
            return is_string(tx)
                && is_string(ty)
                && matches!((x.string(tx), y.string(ty)), (Some(a), Some(b)) if a == b);
        }
        match (tx as u8, ty as u8) {
            (0, 0) | (1, 1) | (2, 2) => true,
            (3, 3) => x.next().to_bits() == y.next().to_bits(),
            (12, 12) => matches!((x.string(tag::STRING), y.string(tag::STRING)), (Some(a), Some(b)) if a == b),
            (7, 7) => {
                let n = x.next();
                n == y.next() && (0..n as usize).all(|_| self.equal(x, y))
            }
            (8 | 9, 8 | 9) => {
                let (Some(mut kx), Some(mut ky)) = (self.keys(tx, x.next()), self.keys(ty, y.next())) else {
                    return false;
                };
                if kx.len() != ky.len() {
                    return false;
                }
                (0..kx.len())
                    .all(|_| matches!((kx.next(x), ky.next(y)), (Some(a), Some(b)) if a == b) && self.equal(x, y))
            }
            _ => false,
        }
    }

    /// An object's keys: a struct's from its shape, a map's from the tape (read with its
    /// values). `None` for a struct whose keys follow its values (the registry was full).
    fn keys(&self, t: f64, operand: f64) -> Option<Keys<'_>> {
        if t == tag::MAP {
            return Some(Keys::Inline(operand as usize));
        }
        let id = u32::try_from(operand as i64).ok()?;
        let (names, _) = self.shapes.iter().find(|(_, i)| *i == id)?;
        // Bytes, not a `char` pattern: a player sample compares a shape per player.
        let names = names.as_bytes();
        let count = names.iter().filter(|&&b| b == 0).count();
        Some(Keys::Shape(names, count))
    }
}

enum Keys<'a> {
    /// The names not read yet, each followed by `\0`; how many there are in all.
    Shape(&'a [u8], usize),
    Inline(usize),
}

impl<'s> Keys<'s> {
    fn len(&self) -> usize {
        match self {
            Keys::Shape(_, n) | Keys::Inline(n) => *n,
        }
    }

    /// The next member's key (a map's read off the tape, before its value).
    fn next(&mut self, side: &mut Side<'s>) -> Option<&'s [u8]> {
        match self {
            Keys::Shape(names, _) => {
                let end = names.iter().position(|&b| b == 0)?;
                let (name, rest) = names.split_at(end);
                *names = &rest[1..];
                Some(name)
            }
            Keys::Inline(_) => {
                let t = side.next();
                if is_string(t) {
                    side.string(t)
                } else {
                    None
                }
            }
        }
    }
}

/// A written value being read: where in `values`, and its strings.
struct Side<'s> {
    values: &'s [f64],
    at: usize,
    strings: Strings<'s>,
}

impl<'s> Side<'s> {
    fn new(s: &'s TapeSerializer, w: &Written) -> Self {
        Self {
            values: &s.tape.values[..w.end],
            at: w.values,
            strings: Strings::new(s, w),
        }
    }

    /// The next number (`NaN` past the end, which equals nothing).
    fn next(&mut self) -> f64 {
        self.at += 1;
        self.values.get(self.at - 1).copied().unwrap_or(f64::NAN)
    }

    /// The string a string tag stands for, its operand read.
    fn string(&mut self, t: f64) -> Option<&'s [u8]> {
        let operand = self.next();
        self.strings.next(t, operand)
    }
}

fn is_string(t: f64) -> bool {
    matches!(t as u8, 4..=6 | 10 | 11)
}

/// The strings of a written value, in order.
struct Strings<'s> {
    s: &'s TapeSerializer,
    text: usize,
    wide: usize,
}

impl<'s> Strings<'s> {
    fn new(s: &'s TapeSerializer, at: &Written) -> Self {
        Self {
            s,
            text: at.text,
            wide: at.wide,
        }
    }

    /// The bytes of the string a tag and its operand stand for; `None` for a kept value.
    fn next(&mut self, t: f64, operand: f64) -> Option<&'s [u8]> {
        let (tape, kept) = (&self.s.tape, &self.s.kept);
        // A string written out, kept or not, is where the cursor is; a reference is in `kept`.
        let (wide, start, len) = match t as u8 {
            6 => *kept.get(operand as usize)?,
            w => {
                let wide = w >= 10;
                let text = if wide { &tape.wide } else { &tape.text };
                let at = if wide { self.wide } else { self.text };
                (wide, at, utf8_len(text.as_bytes().get(at..)?, operand as usize))
            }
        };
        let cursor = if wide { &mut self.wide } else { &mut self.text };
        if t as u8 != 6 {
            *cursor = start + len;
        }
        let text = if wide { &tape.wide } else { &tape.text };
        text.as_bytes().get(start..start.checked_add(len)?)
    }
}

/// The bytes `units` UTF-16 units of UTF-8 take.
fn utf8_len(b: &[u8], units: usize) -> usize {
    if b.get(..units).is_some_and(<[u8]>::is_ascii) {
        return units;
    }
    let (mut at, mut n) = (0, 0);
    while n < units && at < b.len() {
        let lead = b[at];
        at += match lead {
            0..=0x7F => 1,
            0x80..=0xDF => 2,
            0xE0..=0xEF => 3,
            _ => 4,
        };
        n += 1 + usize::from(lead >= 0xF0);
    }
    at
}

#[cfg(all(test, feature = "share"))]
mod tests {
    use serde::Serialize;
    use serde_json::{json, Value};

    use crate::tape::{shared_players as shared, tag, to_tape};

    #[derive(Serialize)]
    struct Two<A: Serialize, B: Serialize> {
        #[serde(serialize_with = "shared")]
        a: A,
        #[serde(serialize_with = "shared")]
        b: B,
    }

    fn two(a: Value, b: Value) -> Vec<f64> {
        to_tape(&Two { a, b }, 0).values
    }

    #[test]
    fn an_equal_value_is_a_reference_to_the_first() {
        let long = "x".repeat(70);
        let v = json!([{ "k": long, "n": 1.5 }, "é", null, true, "😀"]);
        let t = to_tape(
            &Two {
                a: v.clone(),
                b: v.clone(),
            },
            0,
        );
        // Kept: "k" #0, the long string #1, "n" #2, then `a` itself #3.
        assert_eq!(t.values[2], tag::KEEP);
        assert!(t.values.ends_with(&[tag::KEPT, 3.0]));
        assert_eq!(t.values.iter().filter(|&&t| t == tag::KEEP).count(), 1);
        assert_eq!(t.text.matches(long.as_str()).count(), 1);
        assert_eq!(t.wide, "é😀");
        // The JSON is unchanged: both values in full.
        assert_eq!(
            serde_json::to_value(Two {
                a: v.clone(),
                b: v.clone()
            })
            .unwrap(),
            json!({ "a": v, "b": v })
        );
    }

    #[test]
    fn the_same_object_is_a_reference_and_only_the_same_object() {
        #[derive(Serialize)]
        struct Wrap {
            list: Vec<u8>,
        }
        let w = Wrap { list: vec![1, 2] };
        let keeps = |t: &[f64]| t.iter().filter(|&&v| v == tag::KEEP).count();
        // The very same value twice: one written, one reference.
        let t = to_tape(&Two { a: &w.list, b: &w.list }, 0).values;
        assert_eq!((keeps(&t), &t[t.len() - 2..]), (1, &[tag::KEPT, 0.0][..]));
        // At the same address but not the same value: a shorter slice of it, the struct
        // holding it (another type).
        let t = to_tape(
            &Two {
                a: &w.list[..],
                b: &w.list[..1],
            },
            0,
        )
        .values;
        assert_eq!(keeps(&t), 2);
        let t = to_tape(&Two { a: &w, b: &w.list }, 0).values;
        assert_eq!(keeps(&t), 2);
    }

    #[test]
    fn only_values_of_one_kind_are_shared() {
        #[derive(Serialize)]
        struct Kinds {
            #[serde(serialize_with = "crate::tape::shared_players")]
            list: Vec<u8>,
            #[serde(serialize_with = "crate::tape::shared_description")]
            description: Vec<u8>,
            #[serde(serialize_with = "crate::tape::shared_players")]
            sample: Vec<u8>,
        }
        let t = to_tape(
            &Kinds {
                list: vec![],
                description: vec![],
                sample: vec![],
            },
            0,
        );
        // An empty description is not the player list; the empty sample is.
        assert_eq!(
            &t.values[2..],
            &[tag::KEEP, tag::ARRAY, 0.0, tag::KEEP, tag::ARRAY, 0.0, tag::KEPT, 0.0]
        );
    }

    #[test]
    fn values_that_differ_anywhere_are_both_written() {
        let base = json!({ "text": "a", "extra": [{ "color": "red" }], "n": 1 });
        for other in [
            json!({ "text": "b", "extra": [{ "color": "red" }], "n": 1 }),
            json!({ "text": "a", "extra": [{ "color": "rex" }], "n": 1 }),
            json!({ "text": "a", "extra": [{ "colour": "red" }], "n": 1 }),
            json!({ "text": "a", "extra": [{ "color": "red" }], "n": 2 }),
            json!({ "text": "a", "extra": [{ "color": "red" }], "n": "1" }),
            json!({ "text": "a", "extra": [{ "color": "red" }, null], "n": 1 }),
            json!({ "extra": [{ "color": "red" }], "text": "a", "n": 1 }),
            json!({ "text": "à", "extra": [{ "color": "red" }], "n": 1 }),
        ] {
            let v = two(base.clone(), other.clone());
            assert_eq!(v.iter().filter(|&&t| t == tag::KEEP).count(), 2, "{other}");
            assert!(!v.ends_with(&[tag::KEPT, 3.0]), "{other}");
        }
        // Negative zero is a number of its own to JSON.parse and to deepStrictEqual.
        let v = two(json!(0.0), json!(-0.0));
        assert_eq!(
            v,
            [
                tag::OBJECT,
                v[1],
                tag::KEEP,
                tag::NUMBER,
                0.0,
                tag::KEEP,
                tag::NUMBER,
                -0.0
            ]
        );
    }

    #[test]
    fn equal_values_of_different_types_are_shared_when_their_shapes_agree() {
        #[derive(Serialize)]
        struct P<'a> {
            name: &'a str,
            score: i64,
        }
        #[derive(Serialize)]
        struct Q {
            name: String,
            score: u8,
        }
        #[derive(Serialize)]
        struct R {
            score: u8,
            name: String,
        }
        let p = vec![P { name: "Kane", score: 3 }];
        let q = vec![Q {
            name: "Kane".into(),
            score: 3,
        }];
        let r = vec![R {
            name: "Kane".into(),
            score: 3,
        }];
        assert!(to_tape(&Two { a: &p, b: &q }, 0).values.ends_with(&[tag::KEPT, 0.0]));
        // Another key order is another shape: written out (the reader's objects differ).
        assert!(!to_tape(&Two { a: &p, b: &r }, 0).values.ends_with(&[tag::KEPT, 0.0]));
        // A data map with the same members in the same order reads the same.
        let q = vec![json!({ "name": "Kane", "score": 3 })];
        let r = vec![json!({ "score": 3, "name": "Kane" })];
        assert!(to_tape(&Two { a: &p, b: &q }, 0).values.ends_with(&[tag::KEPT, 0.0]));
        assert!(!to_tape(&Two { a: &p, b: &r }, 0).values.ends_with(&[tag::KEPT, 0.0]));
        // The same numbers, another text.
        let other = vec![Q {
            name: "Abel".into(),
            score: 3,
        }];
        let t = to_tape(&Two { a: &p, b: &other }, 0);
        assert!(!t.values.ends_with(&[tag::KEPT, 0.0]));
        assert_eq!(t.text, "KaneAbel");
    }
}
