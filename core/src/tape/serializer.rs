//! serde → tape. Mirrors serde_json's data model exactly (non-finite floats become null,
//! f32 takes its shortest decimal form, unit variants are strings, other variants are
//! one-key maps, map keys are strings), so the JS value equals `JSON.parse` of the JSON.

use std::cell::Cell;

use serde::ser::{self, Impossible, Serialize};

use super::{shapes, tag, Tape, NAMED_BY_CODE, SHARED};

mod shared;

use crate::index::Index;
use shared::Written;

/// Strings at least this long are kept for reuse (a favicon appears twice in a status).
const KEEP_LEN: usize = 64;

pub use crate::json::SerializeError as Error;

type Result<T = ()> = std::result::Result<T, Error>;

fn fingerprint(s: &str) -> u64 {
    const MIX: u64 = 0x9e37_79b9_7f4a_7c15;
    let b = s.as_bytes();
    let mut h = (b.len() as u64).wrapping_mul(MIX);
    if b.len() < 8 {
        for &x in b {
            h = (h ^ u64::from(x)).wrapping_mul(MIX);
        }
    } else {
        // Long strings: three words (start, middle, end); equality is checked on a hit.
        for at in [0, b.len() / 2 - 4, b.len() - 8] {
            // Not `try_into().expect`: its error's Debug would come into the browser's module.
            let mut word = [0; 8];
            word.copy_from_slice(&b[at..at + 8]);
            let word = u64::from_le_bytes(word);
            h = (h ^ word).wrapping_mul(MIX).rotate_left(29);
        }
    }
    h
}

/// A string's length in UTF-16 units, read from its bytes in a pass the compiler
/// vectorizes (a char-by-char walk of the MOTD's HTML and ANSI renderings was a tenth of a
/// Minecraft status decode): every byte but a continuation starts a character, and a
/// 4-byte one takes two units.
fn utf16_len(s: &str) -> usize {
    // Summed a byte wide per chunk (a byte adds at most 2, so 127 fit): the compiler then
    // counts 16 bytes an instruction, where `usize` sums took four.
    s.as_bytes()
        .chunks(127)
        .map(|chunk| {
            let n = chunk.iter().fold(0u8, |n, &x| {
                n.wrapping_add(u8::from(x & 0xC0 != 0x80) + u8::from(x >= 0xF0))
            });
            usize::from(n)
        })
        .sum()
}

thread_local! {
    /// Shapes this thread has met (joined keys → id), lent to one serializer at a time so
    /// the global registry is consulted once per new shape, not once per object.
    static KNOWN_SHAPES: Cell<Vec<(String, u32)>> = const { Cell::new(Vec::new()) };
    /// The key buffer, lent the same way: grown once per thread, not once per result.
    static KEYS: Cell<String> = const { Cell::new(String::new()) };
}

pub struct TapeSerializer {
    tape: Tape,
    /// Keys of the structs being written, each followed by `\0`, innermost last.
    keys: String,
    /// Shapes met in this tape: joined keys → id; `last_shape` is checked first (lists
    /// repeat one shape).
    shapes: Vec<(String, u32)>,
    last_shape: usize,
    /// Kept strings in the order the reader numbers them: in `wide`?, byte range.
    kept: Vec<(bool, usize, usize)>,
    /// Kept strings by fingerprint; a cache, so strings made to collide are written again
    /// instead of searched for.
    kept_index: Index,
    /// The `Shared` values written so far, each a candidate for the next to refer to.
    shared: Vec<Written>,
    /// The next map's names come from code ([`NAMED_BY_CODE`]).
    named_by_code: bool,
}

impl TapeSerializer {
    /// `size_hint`: the input's length, a fair guess of the result's size.
    pub fn new(size_hint: usize) -> Self {
        Self {
            tape: Tape {
                text: String::with_capacity(size_hint.clamp(16, 1 << 16)),
                // Numbers come from small fields (a 100-player list: ~8 values per 13 bytes);
                // long strings (a favicon) add none.
                values: Vec::with_capacity((size_hint * 2 / 3).clamp(8, 1024)),
                wide: String::new(),
            },
            keys: KEYS.take(),
            shapes: KNOWN_SHAPES.take(),
            last_shape: 0,
            kept: Vec::new(),
            kept_index: Index::lossy(8),
            shared: Vec::new(),
            named_by_code: false,
        }
    }
}

impl TapeSerializer {
    /// Appends to `tape`, with a kept-string table of its own.
    pub fn continuing(tape: Tape) -> Self {
        Self { tape, ..Self::new(0) }
    }

    pub fn finish(mut self) -> Tape {
        KNOWN_SHAPES.set(self.shapes);
        self.keys.clear();
        KEYS.set(self.keys);
        self.tape
    }

    fn push(&mut self, v: f64) {
        self.tape.values.push(v);
    }

    fn number(&mut self, v: f64) {
        if v.is_finite() {
            self.tape.values.extend_from_slice(&[tag::NUMBER, v]);
        } else {
            self.push(tag::NULL);
        }
    }

    fn string(&mut self, s: &str, keep: bool) {
        let keep = keep || s.len() >= KEEP_LEN;
        let print = if keep { fingerprint(s) } else { 0 };
        if keep {
            // `get`s: a shared value written again and taken back leaves entries behind.
            let same = |i: usize| {
                let Some(&(wide, start, len)) = self.kept.get(i) else {
                    return false;
                };
                let text = if wide { &self.tape.wide } else { &self.tape.text };
                text.as_bytes().get(start..start.saturating_add(len)) == Some(s.as_bytes())
            };
            if let Some(index) = self.kept_index.find(print, same) {
                self.tape.values.extend_from_slice(&[tag::KEPT, index as f64]);
                return;
            }
        }
        let (units, wide) = if s.is_ascii() {
            (s.len(), false)
        } else {
            (utf16_len(s), true)
        };
        let t = match (wide, keep) {
            (false, false) => tag::STRING,
            (false, true) => tag::STRING_KEPT,
            (true, false) => tag::WIDE,
            (true, true) => tag::WIDE_KEPT,
        };
        self.tape.values.extend_from_slice(&[t, units as f64]);
        let text = if wide { &mut self.tape.wide } else { &mut self.tape.text };
        if keep {
            self.kept_index.insert(print, self.kept.len());
            self.kept.push((wide, text.len(), s.len()));
        }
        text.push_str(s);
    }

    /// Writes a tag and a placeholder operand, returning where to patch it.
    fn open(&mut self, t: f64) -> usize {
        self.tape.values.extend_from_slice(&[t, 0.0]);
        self.tape.values.len() - 1
    }

    fn shape_id(&mut self, keys: &str, data: bool) -> Option<u32> {
        if let Some((k, id)) = self.shapes.get(self.last_shape) {
            if k == keys {
                return Some(*id);
            }
        }
        if let Some(i) = self.shapes.iter().position(|(k, _)| k == keys) {
            self.last_shape = i;
            return Some(self.shapes[i].1);
        }
        let id = shapes::intern(keys, data)?;
        self.shapes.push((keys.to_string(), id));
        self.last_shape = self.shapes.len() - 1;
        Some(id)
    }

    fn map_of_one(&mut self, key: &'static str) {
        self.tape.values.extend_from_slice(&[tag::MAP, 1.0]);
        self.string(key, true);
    }
}

/// Arrays and maps: the slot holding the count, and the count so far.
pub struct Compound<'s> {
    s: &'s mut TapeSerializer,
    slot: usize,
    count: usize,
}

impl Compound<'_> {
    fn close(self) -> Result {
        self.s.tape.values[self.slot] = self.count as f64;
        Ok(())
    }
}

/// A struct (or a struct with flattened parts, which serde writes as a map without a
/// length): its shape slot, where its keys start in `keys`, and how many it has.
pub struct Struct<'s> {
    s: &'s mut TapeSerializer,
    slot: usize,
    keys_from: usize,
    count: usize,
    /// A map named by code: its shape counts against the registry's data budget.
    data: bool,
}

impl Struct<'_> {
    fn key(&mut self, key: &str) {
        self.s.keys.push_str(key);
        self.s.keys.push('\0');
        self.count += 1;
    }

    fn close(self) -> Result {
        let s = self.s;
        let all = std::mem::take(&mut s.keys);
        let keys = all.get(self.keys_from..).unwrap_or_default();
        match s.shape_id(keys, self.data) {
            Some(id) => s.tape.values[self.slot] = f64::from(id),
            None => {
                // The registry is full: the keys follow the values instead.
                s.tape.values[self.slot] = -(self.count as f64) - 1.0;
                for key in keys.split_terminator('\0') {
                    s.string(key, true);
                }
            }
        }
        s.keys = all;
        s.keys.truncate(self.keys_from);
        Ok(())
    }
}

/// A map with a length is data (its keys go on the tape); one without is a struct with
/// flattened parts (serde derive writes those so), whose keys come from code.
pub enum MapLike<'s> {
    Map(Compound<'s>),
    Struct(Struct<'s>),
}

impl<'s> ser::Serializer for &'s mut TapeSerializer {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'s>;
    type SerializeTuple = Compound<'s>;
    type SerializeTupleStruct = Compound<'s>;
    type SerializeTupleVariant = Compound<'s>;
    type SerializeMap = MapLike<'s>;
    type SerializeStruct = Struct<'s>;
    type SerializeStructVariant = Struct<'s>;

    fn serialize_bool(self, v: bool) -> Result {
        self.push(if v { tag::TRUE } else { tag::FALSE });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result {
        self.number(v.into());
        Ok(())
    }
    fn serialize_i16(self, v: i16) -> Result {
        self.number(v.into());
        Ok(())
    }
    fn serialize_i32(self, v: i32) -> Result {
        self.number(v.into());
        Ok(())
    }
    fn serialize_i64(self, v: i64) -> Result {
        self.number(v as f64);
        Ok(())
    }
    fn serialize_i128(self, v: i128) -> Result {
        self.number(v as f64);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result {
        self.number(v.into());
        Ok(())
    }
    fn serialize_u16(self, v: u16) -> Result {
        self.number(v.into());
        Ok(())
    }
    fn serialize_u32(self, v: u32) -> Result {
        self.number(v.into());
        Ok(())
    }
    fn serialize_u64(self, v: u64) -> Result {
        self.number(v as f64);
        Ok(())
    }
    fn serialize_u128(self, v: u128) -> Result {
        self.number(v as f64);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result {
        // serde_json prints an f32's shortest form, which JSON.parse reads as that decimal:
        // the reader parses the same digits.
        if v.is_finite() {
            let mut buffer = zmij::Buffer::new();
            let digits = buffer.format_finite(v);
            self.tape.text.push_str(digits);
            self.tape.values.extend_from_slice(&[tag::DECIMAL, digits.len() as f64]);
        } else {
            self.push(tag::NULL);
        }
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> Result {
        self.number(v);
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result {
        self.string(v.encode_utf8(&mut [0; 4]), false);
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result {
        self.string(v, false);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result {
        self.tape.values.extend_from_slice(&[tag::ARRAY, v.len() as f64]);
        for &b in v {
            self.number(b.into());
        }
        Ok(())
    }
    fn serialize_none(self) -> Result {
        self.push(tag::NULL);
        Ok(())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result {
        self.push(tag::NULL);
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result {
        self.push(tag::NULL);
        Ok(())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result {
        self.string(variant, false);
        Ok(())
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, name: &'static str, value: &T) -> Result {
        if cfg!(feature = "share") {
            if let Some(label) = SHARED.iter().position(|&n| n == name) {
                return self.shared(label, value);
            }
            if name == NAMED_BY_CODE {
                self.named_by_code = true;
                let written = value.serialize(&mut *self);
                self.named_by_code = false;
                return written;
            }
        }
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result {
        self.map_of_one(variant);
        value.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Compound<'s>> {
        let slot = self.open(tag::ARRAY);
        Ok(Compound {
            s: self,
            slot,
            count: 0,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Compound<'s>> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Compound<'s>> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Compound<'s>> {
        self.map_of_one(variant);
        self.serialize_seq(Some(len))
    }
    fn serialize_map(self, len: Option<usize>) -> Result<MapLike<'s>> {
        if cfg!(feature = "share") && std::mem::take(&mut self.named_by_code) {
            let mut st = self.serialize_struct("", 0)?;
            st.data = true;
            return Ok(MapLike::Struct(st));
        }
        Ok(match len {
            Some(_) => {
                let slot = self.open(tag::MAP);
                MapLike::Map(Compound {
                    s: self,
                    slot,
                    count: 0,
                })
            }
            None => MapLike::Struct(self.serialize_struct("", 0)?),
        })
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Struct<'s>> {
        let slot = self.open(tag::OBJECT);
        let keys_from = self.keys.len();
        Ok(Struct {
            s: self,
            slot,
            keys_from,
            count: 0,
            data: false,
        })
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Struct<'s>> {
        self.map_of_one(variant);
        self.serialize_struct(variant, len)
    }
}

/// Sequences, tuples and tuple structs/variants are all arrays on the tape.
macro_rules! array_like {
    ($($trait:ident::$method:ident),*) => {$(
        impl ser::$trait for Compound<'_> {
            type Ok = ();
            type Error = Error;
            fn $method<T: ?Sized + Serialize>(&mut self, value: &T) -> Result {
                self.count += 1;
                value.serialize(&mut *self.s)
            }
            fn end(self) -> Result {
                self.close()
            }
        }
    )*};
}

array_like!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl ser::SerializeMap for MapLike<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result {
        match self {
            Self::Map(m) => {
                m.count += 1;
                key.serialize(Key(MapKey(&mut *m.s)))
            }
            Self::Struct(st) => {
                key.serialize(Key(KeyText(&mut st.s.keys)))?;
                st.s.keys.push('\0');
                st.count += 1;
                Ok(())
            }
        }
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result {
        let s = match self {
            Self::Map(m) => &mut *m.s,
            Self::Struct(st) => &mut *st.s,
        };
        value.serialize(s)
    }
    fn end(self) -> Result {
        match self {
            Self::Map(m) => m.close(),
            Self::Struct(st) => st.close(),
        }
    }
}

impl ser::SerializeStruct for Struct<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result {
        self.key(key);
        value.serialize(&mut *self.s)
    }
    fn end(self) -> Result {
        self.close()
    }
}

impl ser::SerializeStructVariant for Struct<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result {
        ser::SerializeStruct::serialize_field(self, key, value)
    }
    fn end(self) -> Result {
        self.close()
    }
}

/// Map keys, as serde_json writes them: strings, and numbers or chars as their text.
trait KeySink {
    fn key(&mut self, key: &str);
}

/// A data map's key, onto the tape (kept: keys repeat across a list of maps).
struct MapKey<'s>(&'s mut TapeSerializer);

impl KeySink for MapKey<'_> {
    fn key(&mut self, key: &str) {
        self.0.string(key, true);
    }
}

/// A flattened struct's key, into its shape.
struct KeyText<'s>(&'s mut String);

impl KeySink for KeyText<'_> {
    fn key(&mut self, key: &str) {
        self.0.push_str(key);
    }
}

fn key_error() -> Error {
    Error("map keys must be strings or numbers".into())
}

macro_rules! number_key {
    ($($f:ident: $t:ty),*) => {$(
        fn $f(mut self, v: $t) -> Result {
            self.0.key(&v.to_string());
            Ok(())
        }
    )*};
}

/// Serializes a map key into a [`KeySink`].
struct Key<K>(K);

impl<K: KeySink> ser::Serializer for Key<K> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    fn serialize_str(mut self, v: &str) -> Result {
        self.0.key(v);
        Ok(())
    }
    fn serialize_char(mut self, v: char) -> Result {
        self.0.key(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    number_key!(serialize_i8: i8, serialize_i16: i16, serialize_i32: i32, serialize_i64: i64,
        serialize_u8: u8, serialize_u16: u16, serialize_u32: u32, serialize_u64: u64);
    fn serialize_bool(mut self, v: bool) -> Result {
        self.0.key(if v { "true" } else { "false" });
        Ok(())
    }
    fn serialize_unit_variant(mut self, _: &'static str, _: u32, variant: &'static str) -> Result {
        self.0.key(variant);
        Ok(())
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, value: &T) -> Result {
        value.serialize(self)
    }
    fn serialize_f32(self, _: f32) -> Result {
        Err(key_error())
    }
    fn serialize_f64(self, _: f64) -> Result {
        Err(key_error())
    }
    fn serialize_bytes(self, _: &[u8]) -> Result {
        Err(key_error())
    }
    fn serialize_none(self) -> Result {
        Err(key_error())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result {
        Err(key_error())
    }
    fn serialize_unit(self) -> Result {
        Err(key_error())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result {
        Err(key_error())
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result {
        Err(key_error())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq> {
        Err(key_error())
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple> {
        Err(key_error())
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct> {
        Err(key_error())
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        Err(key_error())
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap> {
        Err(key_error())
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct> {
        Err(key_error())
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant> {
        Err(key_error())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::{tag, to_tape};

    #[cfg(feature = "share")]
    #[test]
    fn a_document_object_named_by_code_crosses_with_a_shape() {
        use crate::json::Json;
        let named = Json::from_value(&json!({ "text": "a", "color": "red" }));
        let t = to_tape(&named, 0);
        assert_eq!(t.values[0], tag::OBJECT);
        assert_eq!(&t.values[2..], &[tag::STRING, 1.0, tag::STRING, 3.0]);
        assert_eq!(t.text, "ared");
        // One name of its own (not in code) and the keys go on the tape, kept.
        let data = Json::from_value(&json!({ "text": "a", "colour": "red" }));
        let t = to_tape(&data, 0);
        assert_eq!(&t.values[..4], &[tag::MAP, 2.0, tag::STRING_KEPT, 4.0]);
        assert_eq!(t.text, "textacolourred");
        // Other serializers see the object.
        assert_eq!(
            serde_json::to_value(&named).unwrap(),
            json!({ "text": "a", "color": "red" })
        );
    }

    #[test]
    fn strings_numbers_and_kept_references() {
        let long = "x".repeat(70);
        let t = to_tape(&json!({ "a": [1, 2.5, null, true, "é"], "b": long, "c": long }), 0);
        assert_eq!(t.text, format!("ab{long}c"));
        let v = &t.values;
        assert_eq!(&v[..4], &[tag::MAP, 3.0, tag::STRING_KEPT, 1.0]);
        assert_eq!(
            &v[4..15],
            &[
                tag::ARRAY,
                5.0,
                tag::NUMBER,
                1.0,
                tag::NUMBER,
                2.5,
                tag::NULL,
                tag::TRUE,
                tag::WIDE,
                1.0,
                tag::STRING_KEPT
            ]
        );
        // "b" is kept #1, the long string #2, "c" #3; its value refers back to #2.
        assert_eq!(&v[v.len() - 4..], &[tag::STRING_KEPT, 1.0, tag::KEPT, 2.0]);
        assert_eq!(t.wide, "é");
    }

    #[test]
    fn strings_past_ascii_go_in_the_wide_text() {
        let long = "•".repeat(70);
        let t = to_tape(&json!(["é§", "a • b", long, long, "😀", "ascii"]), 0);
        assert_eq!(t.text, "ascii");
        assert_eq!(t.wide, format!("é§a • b{long}😀"));
        // Lengths in UTF-16 units; the long wide string kept (#0) and referred to again.
        assert_eq!(
            t.values,
            [
                tag::ARRAY,
                6.0,
                tag::WIDE,
                2.0,
                tag::WIDE,
                5.0,
                tag::WIDE_KEPT,
                70.0,
                tag::KEPT,
                0.0,
                tag::WIDE,
                2.0,
                tag::STRING,
                5.0
            ]
        );
    }

    #[test]
    fn f32_takes_its_shortest_decimal_form_like_serde_json() {
        for v in [0.1f32, f32::MAX, 1e-45, -2.5, 16_777_216.0, 123.456] {
            let t = to_tape(&v, 0);
            let json = serde_json::to_string(&v).unwrap();
            assert_eq!(t.values, vec![tag::DECIMAL, json.len() as f64]);
            assert_eq!(t.text, json);
        }
        assert_eq!(to_tape(&0.1f32, 0).text, "0.1");
        assert_eq!(to_tape(&f32::NAN, 0).values, vec![tag::NULL]);
        assert_eq!(to_tape(&f64::NAN, 0).values, vec![tag::NULL]);
    }

    proptest::proptest! {
        #[test]
        // Long enough to span several of the count's 127-byte chunks, 4-byte characters too.
        fn utf16_length_from_bytes(s in "(.|😀){0,400}") {
            let by_chars: usize = s.chars().map(char::len_utf16).sum();
            proptest::prop_assert_eq!(super::utf16_len(&s), by_chars);
        }
    }

    #[test]
    fn utf16_lengths() {
        let t = to_tape("a😀", 0);
        assert_eq!(t.values, vec![tag::WIDE, 3.0]);
        assert_eq!(to_tape("aé", 0).values, vec![tag::WIDE, 2.0]);
    }
}
