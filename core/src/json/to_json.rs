//! Any `Serialize` value as a [`Json`], as `serde_json::to_value` would make it (numbers
//! widened the same way, a repeated map key keeping its first place and last value) but
//! without a hash map per object: a struct's field names stay the code's own strings. The
//! drop-in for gamedig reshapes every status it returns; going through `serde_json::Value`
//! was an eighth of the CPU of a `gamequery/gamedig` query (measured under `npm run bench`).

use serde::ser::{self, Serialize};
use serde_json::Number;

use super::{to_key, Json, Key, Members, SerializeError as Error};

/// `value` as a [`Json`].
pub fn to_json<T: Serialize + ?Sized>(value: &T) -> Result<Json, Error> {
    value.serialize(Serializer)
}

struct Serializer;

fn float(v: f64) -> Json {
    Number::from_f64(v).map_or(Json::Null, Json::Number)
}

fn tagged(variant: &'static str, value: Json) -> Json {
    Json::Object(vec![(Key::Borrowed(variant), value)])
}

impl ser::Serializer for Serializer {
    type Ok = Json;
    type Error = Error;
    type SerializeSeq = Seq;
    type SerializeTuple = Seq;
    type SerializeTupleStruct = Seq;
    type SerializeTupleVariant = Seq;
    type SerializeMap = Map;
    type SerializeStruct = Struct;
    type SerializeStructVariant = Struct;

    fn serialize_bool(self, v: bool) -> Result<Json, Error> {
        Ok(Json::Bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Json, Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i16(self, v: i16) -> Result<Json, Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i32(self, v: i32) -> Result<Json, Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i64(self, v: i64) -> Result<Json, Error> {
        Ok(Json::Number(v.into()))
    }
    fn serialize_u8(self, v: u8) -> Result<Json, Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u16(self, v: u16) -> Result<Json, Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u32(self, v: u32) -> Result<Json, Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u64(self, v: u64) -> Result<Json, Error> {
        Ok(Json::Number(v.into()))
    }
    // Widened as serde_json widens it (`0.1f32` is 0.10000000149011612), as gamedig reads it.
    fn serialize_f32(self, v: f32) -> Result<Json, Error> {
        Ok(float(f64::from(v)))
    }
    fn serialize_f64(self, v: f64) -> Result<Json, Error> {
        Ok(float(v))
    }
    fn serialize_char(self, v: char) -> Result<Json, Error> {
        Ok(Json::String(v.to_string()))
    }
    fn serialize_str(self, v: &str) -> Result<Json, Error> {
        Ok(Json::String(v.to_owned()))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Json, Error> {
        Ok(Json::Array(v.iter().map(|b| Json::Number((*b).into())).collect()))
    }
    fn serialize_none(self) -> Result<Json, Error> {
        Ok(Json::Null)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Json, Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Json, Error> {
        Ok(Json::Null)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Json, Error> {
        Ok(Json::Null)
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<Json, Error> {
        Ok(Json::String(variant.to_owned()))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Result<Json, Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Json, Error> {
        Ok(tagged(variant, value.serialize(self)?))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Seq, Error> {
        Ok(Seq {
            items: Vec::with_capacity(len.unwrap_or(0)),
            variant: None,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Seq, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Seq, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(self, _: &'static str, _: u32, variant: &'static str, len: usize) -> Result<Seq, Error> {
        Ok(Seq {
            items: Vec::with_capacity(len),
            variant: Some(variant),
        })
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Map, Error> {
        Ok(Map {
            members: Members::default(),
            key: None,
        })
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Struct, Error> {
        Ok(Struct {
            members: Vec::with_capacity(len),
            variant: None,
        })
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Struct, Error> {
        Ok(Struct {
            members: Vec::with_capacity(len),
            variant: Some(variant),
        })
    }
}

struct Seq {
    items: Vec<Json>,
    variant: Option<&'static str>,
}

impl Seq {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.items.push(value.serialize(Serializer)?);
        Ok(())
    }
    fn done(self) -> Json {
        let array = Json::Array(self.items);
        match self.variant {
            Some(v) => tagged(v, array),
            None => array,
        }
    }
}

/// serde's four sequence traits, each a push and a close of the same array.
macro_rules! seq_impl {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for Seq {
            type Ok = Json;
            type Error = Error;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                self.push(value)
            }
            fn end(self) -> Result<Json, Error> {
                Ok(self.done())
            }
        }
    )*};
}

seq_impl!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

/// A map's members: a repeated key keeps its first place and takes the last value.
struct Map {
    members: Members,
    key: Option<Key>,
}

impl ser::SerializeMap for Map {
    type Ok = Json;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.key = Some(match key.serialize(Serializer)? {
            Json::String(s) => to_key(&s),
            Json::Number(n) => Key::Owned(n.to_string()),
            Json::Bool(b) => Key::Owned(b.to_string()),
            _ => return Err(Error("a map key must be a string".into())),
        });
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let key = self
            .key
            .take()
            .ok_or_else(|| Error("a map value before its key".into()))?;
        self.members.merge(key, value.serialize(Serializer)?);
        Ok(())
    }
    fn end(self) -> Result<Json, Error> {
        Ok(Json::Object(self.members.list))
    }
}

/// A struct's fields, named by the code's own strings.
struct Struct {
    members: Vec<(Key, Json)>,
    variant: Option<&'static str>,
}

impl Struct {
    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        self.members.push((Key::Borrowed(key), value.serialize(Serializer)?));
        Ok(())
    }
    fn done(self) -> Json {
        let object = Json::Object(self.members);
        match self.variant {
            Some(v) => tagged(v, object),
            None => object,
        }
    }
}

impl ser::SerializeStruct for Struct {
    type Ok = Json;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        self.field(key, value)
    }
    fn end(self) -> Result<Json, Error> {
        Ok(self.done())
    }
}

impl ser::SerializeStructVariant for Struct {
    type Ok = Json;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        self.field(key, value)
    }
    fn end(self) -> Result<Json, Error> {
        Ok(self.done())
    }
}

#[cfg(test)]
mod tests {
    use serde::Serialize;
    use serde_json::json;

    use super::to_json;

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Sample {
        name: &'static str,
        ping_ms: f32,
        skipped: Option<u8>,
        #[serde(skip_serializing_if = "Option::is_none")]
        absent: Option<u8>,
        list: Vec<(u8, char)>,
        rules: Vec<(&'static str, i64)>,
        kind: Kind,
        shape: Shape,
        bytes: serde_bytes_like::Bytes,
    }

    #[derive(Serialize)]
    enum Kind {
        Dedicated,
    }

    #[derive(Serialize)]
    enum Shape {
        Wide { w: u16 },
    }

    mod serde_bytes_like {
        pub struct Bytes(pub &'static [u8]);
        impl serde::Serialize for Bytes {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_bytes(self.0)
            }
        }
    }

    #[test]
    fn gives_what_serde_json_to_value_gives() {
        let sample = Sample {
            name: "a \"server\"",
            ping_ms: 0.1,
            skipped: None,
            absent: None,
            list: vec![(1, 'x')],
            rules: vec![("a", 1), ("b", 2)],
            kind: Kind::Dedicated,
            shape: Shape::Wide { w: 3 },
            bytes: serde_bytes_like::Bytes(&[0, 255]),
        };
        let ours = to_json(&sample).unwrap();
        assert_eq!(ours.to_value(), serde_json::to_value(&sample).unwrap());
        assert_eq!(ours["pingMs"].as_f64(), Some(0.10000000149011612), "f32 widened");
        assert!(super::super::named_by_code(match &ours {
            super::Json::Object(m) => m,
            _ => unreachable!(),
        }));
    }

    #[test]
    fn a_repeated_map_key_keeps_its_place_and_its_last_value() {
        struct Pairs;
        impl Serialize for Pairs {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                use serde::ser::SerializeMap;
                let mut m = s.serialize_map(None)?;
                for (k, v) in [("x", 1), ("y", 2), ("x", 3)] {
                    m.serialize_entry(k, &v)?;
                }
                m.end()
            }
        }
        assert_eq!(to_json(&Pairs).unwrap().to_value(), json!({ "x": 3, "y": 2 }));
        assert_eq!(
            serde_json::to_value(&Pairs).unwrap(),
            json!({ "x": 3, "y": 2 }),
            "as serde_json"
        );
    }
}
