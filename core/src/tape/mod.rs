//! How results cross to JavaScript: a *tape*, not a JSON text.
//!
//! Measured in Node 20: `JSON.parse` of a 100-player reply (5 KB) takes ~19 µs, more than
//! decoding it in Rust; the same objects built from a tape take a fraction of that. A tape
//! is `values`, a `Float64Array` of tags and numbers, and `text`, every string of the
//! result concatenated (one JS string, sliced by UTF-16 length) — but those with a
//! character past ASCII, which go in a second text, `wide` (empty, it does not cross), so
//! `text` crosses as it is and V8 keeps it a byte per character. Struct key lists
//! are interned process-wide as *shapes* ([`shapes`]), so the JS reader keeps the key
//! strings across calls and builds objects with stable hidden classes. Map keys and long
//! strings are kept once and referred to again, so no value crosses twice (a Minecraft
//! favicon is both `favicon.dataUri` and `document.favicon`).
//!
//! The reader is `tapeReader` in `npm/gamequery-wasm/glue.mjs`; the resulting value is
//! exactly what `JSON.parse(serde_json::to_string(value))` gives (tests in `tests/node`
//! check it).

mod serializer;
pub mod shapes;

use serde::Serialize;

pub use serializer::TapeSerializer;

/// Tags, one `f64` each, followed by their operands.
pub mod tag {
    pub const NULL: f64 = 0.0;
    pub const FALSE: f64 = 1.0;
    pub const TRUE: f64 = 2.0;
    /// Then the number.
    pub const NUMBER: f64 = 3.0;
    /// Then its length in UTF-16 units, read from `text`.
    pub const STRING: f64 = 4.0;
    /// As `STRING`, and the reader keeps it for later `KEPT` references.
    pub const STRING_KEPT: f64 = 5.0;
    /// Then the index of a kept string.
    pub const KEPT: f64 = 6.0;
    /// Then the element count and the elements.
    pub const ARRAY: f64 = 7.0;
    /// Then the shape id and one value per key of the shape.
    pub const OBJECT: f64 = 8.0;
    /// Then the entry count and that many (key string, value) pairs.
    pub const MAP: f64 = 9.0;
    /// As `STRING`, read from `wide`: a string with a character past ASCII.
    pub const WIDE: f64 = 10.0;
    /// As `STRING_KEPT`, read from `wide`.
    pub const WIDE_KEPT: f64 = 11.0;
    /// As `STRING`: a number's decimal digits, which the reader turns into the number
    /// (an `f32`, as `JSON.parse` reads serde_json's shortest form of it).
    pub const DECIMAL: f64 = 12.0;
    /// Then a value, which the reader keeps, as `STRING_KEPT` does a string: a [`Shared`]
    /// value that recurs is a `KEPT` reference to the same object.
    pub const KEEP: f64 = 13.0;
}

/// A value a result may hold twice (SA:MP's player list in `players.list` and
/// `raw.players`; a Minecraft description and sample in the typed status and in
/// `document`): on a tape, a shared value equal to an earlier one of the same [`Share`] in
/// the same result is a reference to it, so the reader builds it once and both places hold
/// the same object. Other serializers see the value itself. Equality is read off the tape,
/// not promised by the caller — but for the very same object (address, size and type),
/// which is not written again: a shared value must be borrowed from the result being
/// written, never a temporary whose place another could take. The kind keeps unrelated
/// fields that happen to be equal (an empty list, an empty description) apart. Feature
/// `share`; without it a shared value is written out each time.
pub struct Shared<'a, T: ?Sized>(pub Share, pub &'a T);

/// What a shared value is, so only the places holding the same thing share.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Share {
    /// A player list: `players.list`, SA:MP's `raw.players`, Minecraft's samples.
    Players,
    /// A Minecraft description: `motd.raw` and `document.description`.
    Description,
}

/// The names [`TapeSerializer`] knows a [`Shared`] value by, in [`Share`]'s order.
pub(crate) const SHARED: [&str; 2] = ["\u{1}gamequery::Shared::Players", "\u{1}gamequery::Shared::Description"];

impl<T: ?Sized + Serialize> Serialize for Shared<'_, T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_newtype_struct(SHARED[self.0 as usize], self.1)
    }
}

pub(crate) use crate::json::NAMED_BY_CODE;

/// `#[serde(serialize_with = "crate::tape::shared_players")]`.
pub fn shared_players<T: ?Sized + Serialize, S: serde::Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    Shared(Share::Players, value).serialize(s)
}

/// `#[serde(serialize_with = "crate::tape::shared_description")]`.
pub fn shared_description<T: ?Sized + Serialize, S: serde::Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    Shared(Share::Description, value).serialize(s)
}

/// A serialized value, ready to cross.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Tape {
    /// The ASCII strings, which V8 takes as they are, a byte per character.
    pub text: String,
    pub values: Vec<f64>,
    /// The other strings. In `text`, one `é` made all of it (a 9 KB Minecraft status with
    /// its favicon) go through a Latin-1 check and conversion, three passes over it; one `•`
    /// made V8 hold it as UTF-16, converted and copied twice the size.
    pub wide: String,
}

/// Serializes any result (`size_hint`: the input's length, for the buffers). Never fails
/// for the core's types (they serialize to JSON too).
pub fn to_tape<T: Serialize + ?Sized>(value: &T, size_hint: usize) -> Tape {
    let mut s = TapeSerializer::new(size_hint);
    // Not `expect`: the error's Debug would bring string escaping into the browser's download.
    value
        .serialize(&mut s)
        .unwrap_or_else(|_| unreachable!("core types always serialize"));
    s.finish()
}

impl Tape {
    /// Appends `value` as one more top-level value: a batch of results is a run of tapes
    /// that the reader takes one after another (each with its own kept strings).
    pub fn push<T: Serialize + ?Sized>(&mut self, value: &T) {
        let mut s = TapeSerializer::continuing(std::mem::take(self));
        value
            .serialize(&mut s)
            .unwrap_or_else(|_| unreachable!("core types always serialize"));
        *self = s.finish();
    }

    /// Appends another tape's values.
    pub fn append(&mut self, other: Tape) {
        self.text.push_str(&other.text);
        self.values.extend_from_slice(&other.values);
        self.wide.push_str(&other.wide);
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}
