//! A serde `Deserializer` adapter that reads every struct from a JSON object only.
//!
//! serde's derived `Deserialize` lets a struct be written as a list of its fields in order, so
//! `["bear", "B"]` was an attack, `[]` a declaration, and a permanent, payment entry, variant or
//! options object could be a list too (issue 11, F19). docs/format.md writes each of them as an
//! object. [`Strict`] wraps a deserializer (serde_json's, or a `Value`) and every deserializer
//! nested in it, and asks for a map wherever serde asks for a struct: serde_json's
//! `deserialize_map` refuses a list with "invalid type: sequence, expected an object". Everything
//! else is forwarded unchanged, so serde_path_to_error's paths and serde_ignored's unknown-field
//! warnings, layered above it, work as before.

use serde::de::{self, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, VariantAccess, Visitor};
use std::fmt;

/// A deserializer whose structs are objects only.
pub struct Strict<D>(pub D);

/// Deserialize `T` from `deserializer`, every struct in it from an object only.
pub fn deserialize_strict<'de, T: de::Deserialize<'de>, D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error> {
    T::deserialize(Strict(deserializer))
}

/// A visitor whose nested deserializers are [`Strict`].
struct Wrap<V>(V);

/// The visitor of a struct: said to expect "an object", which is what the user must write
/// (serde's "struct Attack" names a Rust type).
struct Object<V>(Wrap<V>);

/// A seed whose deserializer is [`Strict`].
struct Seed<S>(S);

macro_rules! forward {
    ($($method:ident)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
                self.0.$method(Wrap(visitor))
            }
        )*
    };
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Strict<D> {
    type Error = D::Error;

    forward! {
        deserialize_any deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128 deserialize_f32 deserialize_f64
        deserialize_char deserialize_str deserialize_string deserialize_bytes deserialize_byte_buf deserialize_option
        deserialize_unit deserialize_seq deserialize_map deserialize_identifier deserialize_ignored_any
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_unit_struct(name, Wrap(visitor))
    }
    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_newtype_struct(name, Wrap(visitor))
    }
    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_tuple(len, Wrap(visitor))
    }
    fn deserialize_tuple_struct<V: Visitor<'de>>(self, name: &'static str, len: usize, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_tuple_struct(name, len, Wrap(visitor))
    }
    /// The point of the adapter: a struct is read as a map, which refuses a list.
    fn deserialize_struct<V: Visitor<'de>>(self, _: &'static str, _: &'static [&'static str], visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_map(Object(Wrap(visitor)))
    }
    fn deserialize_enum<V: Visitor<'de>>(self, name: &'static str, variants: &'static [&'static str], visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_enum(name, variants, Wrap(visitor))
    }
    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

macro_rules! visit {
    ($($method:ident: $t:ty)*) => {
        $(
            fn $method<E: de::Error>(self, v: $t) -> Result<V::Value, E> {
                self.0.$method(v)
            }
        )*
    };
}

// `Wrap` passes the inner visitor's own values through, wrapping what it nests.
impl<'de, V: Visitor<'de>> Visitor<'de> for Wrap<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        self.0.expecting(f)
    }
    visit! {
        visit_bool: bool visit_i8: i8 visit_i16: i16 visit_i32: i32 visit_i64: i64 visit_i128: i128
        visit_u8: u8 visit_u16: u16 visit_u32: u32 visit_u64: u64 visit_u128: u128 visit_f32: f32 visit_f64: f64
        visit_char: char visit_str: &str visit_borrowed_str: &'de str visit_string: String
        visit_bytes: &[u8] visit_borrowed_bytes: &'de [u8] visit_byte_buf: Vec<u8>
    }
    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        self.0.visit_none()
    }
    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        self.0.visit_unit()
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<V::Value, D::Error> {
        self.0.visit_some(Strict(d))
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<V::Value, D::Error> {
        self.0.visit_newtype_struct(Strict(d))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        self.0.visit_seq(Wrap(seq))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.0.visit_map(Wrap(map))
    }
    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        self.0.visit_enum(Wrap(data))
    }
}

// A struct takes only a map: every other visit is serde's default "invalid type" error, which
// says "expected an object".
impl<'de, V: Visitor<'de>> Visitor<'de> for Object<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object")
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.0.visit_map(map)
    }
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for Wrap<A> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, A::Error> {
        self.0.next_element_seed(Seed(seed))
    }
    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Wrap<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, A::Error> {
        self.0.next_key_seed(Seed(seed))
    }
    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, A::Error> {
        self.0.next_value_seed(Seed(seed))
    }
    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: EnumAccess<'de>> EnumAccess<'de> for Wrap<A> {
    type Error = A::Error;
    type Variant = Wrap<A::Variant>;

    fn variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<(T::Value, Self::Variant), A::Error> {
        self.0.variant_seed(Seed(seed)).map(|(value, variant)| (value, Wrap(variant)))
    }
}

impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for Wrap<A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.0.unit_variant()
    }
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, A::Error> {
        self.0.newtype_variant_seed(Seed(seed))
    }
    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        self.0.tuple_variant(len, Wrap(visitor))
    }
    fn struct_variant<V: Visitor<'de>>(self, fields: &'static [&'static str], visitor: V) -> Result<V::Value, A::Error> {
        // A struct variant is read as a map by serde_json too; written as a list it is refused.
        self.0.struct_variant(fields, Object(Wrap(visitor)))
    }
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Seed<S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<S::Value, D::Error> {
        self.0.deserialize(Strict(deserializer))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Inner {
        a: u32,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Outer {
        inner: Inner,
        #[serde(default)]
        list: Vec<Inner>,
        #[serde(default)]
        maybe: Option<Inner>,
    }

    fn read(text: &str) -> Result<Outer, String> {
        let from_text = deserialize_strict::<Outer, _>(&mut serde_json::Deserializer::from_str(text)).map_err(|e| e.to_string());
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let from_value = deserialize_strict::<Outer, _>(value).map_err(|e| e.to_string());
        assert_eq!(from_text.is_ok(), from_value.is_ok(), "{text}: {from_text:?} / {from_value:?}");
        from_text
    }

    #[test]
    fn objects_are_read_and_lists_refused_at_every_depth() {
        let ok = read(r#"{"inner": {"a": 1}, "list": [{"a": 2}], "maybe": {"a": 3}}"#).unwrap();
        assert_eq!(ok, Outer { inner: Inner { a: 1 }, list: vec![Inner { a: 2 }], maybe: Some(Inner { a: 3 }) });
        for bad in [r#"[{"a": 1}]"#, r#"{"inner": [1]}"#, r#"{"inner": {"a": 1}, "list": [[2]]}"#, r#"{"inner": {"a": 1}, "maybe": [3]}"#] {
            let e = read(bad).unwrap_err();
            assert!(e.contains("invalid type: sequence, expected an object"), "{bad}: {e}");
        }
        // Plain serde_json takes the list.
        assert!(serde_json::from_str::<Outer>(r#"{"inner": [1]}"#).is_ok());
    }
}
