//! `key_of`: a 64-bit key of a typed value, hashed straight from its `Serialize` structure
//! (no JSON, no string built): what `Searchable::view_key` answers for a view, so a search can
//! group its samples by what a seat sees. Equal values have equal keys; the structure is
//! written unambiguously (lengths, field names, variant indices and ends marked), so different
//! values of one type collide only as 64-bit hashes do. The hasher is `DefaultHasher::new()`,
//! whose keys are fixed: a key is the same in every run and process (no seed), so what is
//! ordered by it stays deterministic.

use std::hash::{DefaultHasher, Hash, Hasher};

use serde::ser::{self, Serialize};

/// The key of `value` (see the module documentation).
pub(crate) fn key_of<T: Serialize + ?Sized>(value: &T) -> u64 {
    let mut keyer = Keyer(DefaultHasher::new());
    // `Keyer` itself never fails; a type's own `Serialize` might, and then the key covers
    // what it wrote before.
    let _ = value.serialize(&mut keyer);
    keyer.0.finish()
}

/// The serializer that feeds a hasher.
struct Keyer(DefaultHasher);

/// Marks what a value is, before its contents, so that no two shapes hash alike.
#[derive(Hash)]
enum Mark {
    Bool,
    Int,
    Uint,
    Float,
    Char,
    Str,
    Bytes,
    None,
    Some,
    Unit,
    Variant,
    Seq,
    Map,
    Struct,
    End,
}

impl Keyer {
    fn mark(&mut self, mark: Mark) {
        mark.hash(&mut self.0);
    }
}

/// `Keyer` never fails; the type is what serde asks for.
#[derive(Debug)]
struct Never;

impl std::fmt::Display for Never {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a value could not be keyed")
    }
}

impl std::error::Error for Never {}

impl ser::Error for Never {
    fn custom<T: std::fmt::Display>(_: T) -> Never {
        Never
    }
}

/// `Serializer` methods that mark a value and hash it as it is.
macro_rules! keyed {
    ($($method:ident($ty:ty) as $mark:ident,)*) => {$(
        fn $method(self, v: $ty) -> Result<(), Never> {
            self.mark(Mark::$mark);
            v.hash(&mut self.0);
            Ok(())
        }
    )*};
}

/// `Serializer` methods that key a value as its widest kind.
macro_rules! widened {
    ($($method:ident($ty:ty) => $wide:ident,)*) => {$(
        fn $method(self, v: $ty) -> Result<(), Never> {
            self.$wide(v.into())
        }
    )*};
}

/// The compounds whose elements are keyed in order, each ending with a mark.
macro_rules! compound {
    ($($role:ident: $element:ident,)*) => {$(
        impl ser::$role for &mut Keyer {
            type Ok = ();
            type Error = Never;

            fn $element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Never> {
                value.serialize(&mut **self)
            }

            fn end(self) -> Result<(), Never> {
                self.mark(Mark::End);
                Ok(())
            }
        }
    )*};
}

/// The structs (plain and variant), whose fields are keyed with their names.
macro_rules! named_fields {
    ($($role:ident),*) => {$(
        impl ser::$role for &mut Keyer {
            type Ok = ();
            type Error = Never;

            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                name: &'static str,
                value: &T,
            ) -> Result<(), Never> {
                name.hash(&mut self.0);
                value.serialize(&mut **self)
            }

            fn end(self) -> Result<(), Never> {
                self.mark(Mark::End);
                Ok(())
            }
        }
    )*};
}

impl ser::Serializer for &mut Keyer {
    type Ok = ();
    type Error = Never;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    // A value's mark, then the value: the narrower integers and floats as their widest kind,
    // so that a `u8` and a `u64` of one number key alike, as their JSON did.
    keyed! {
        serialize_bool(bool) as Bool,
        serialize_i64(i64) as Int,
        serialize_i128(i128) as Int,
        serialize_u64(u64) as Uint,
        serialize_u128(u128) as Uint,
        serialize_char(char) as Char,
        serialize_str(&str) as Str,
        serialize_bytes(&[u8]) as Bytes,
    }
    widened! {
        serialize_i8(i8) => serialize_i64,
        serialize_i16(i16) => serialize_i64,
        serialize_i32(i32) => serialize_i64,
        serialize_u8(u8) => serialize_u64,
        serialize_u16(u16) => serialize_u64,
        serialize_u32(u32) => serialize_u64,
        serialize_f32(f32) => serialize_f64,
    }

    fn serialize_f64(self, v: f64) -> Result<(), Never> {
        self.mark(Mark::Float);
        v.to_bits().hash(&mut self.0);
        Ok(())
    }

    fn serialize_none(self) -> Result<(), Never> {
        self.mark(Mark::None);
        Ok(())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Never> {
        self.mark(Mark::Some);
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Never> {
        self.mark(Mark::Unit);
        Ok(())
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Never> {
        self.serialize_unit()
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        index: u32,
        _variant: &'static str,
    ) -> Result<(), Never> {
        self.mark(Mark::Variant);
        index.hash(&mut self.0);
        Ok(())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Never> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        index: u32,
        _variant: &'static str,
        value: &T,
    ) -> Result<(), Never> {
        self.mark(Mark::Variant);
        index.hash(&mut self.0);
        value.serialize(self)
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Self, Never> {
        self.mark(Mark::Seq);
        Ok(self)
    }

    fn serialize_tuple(self, len: usize) -> Result<Self, Never> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Self, Never> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        index: u32,
        _variant: &'static str,
        len: usize,
    ) -> Result<Self, Never> {
        self.mark(Mark::Variant);
        index.hash(&mut self.0);
        self.serialize_seq(Some(len))
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Self, Never> {
        self.mark(Mark::Map);
        Ok(self)
    }

    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self, Never> {
        self.mark(Mark::Struct);
        Ok(self)
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self, Never> {
        self.mark(Mark::Variant);
        index.hash(&mut self.0);
        self.mark(Mark::Struct);
        Ok(self)
    }
}

// Every element (and map entry, and field) is hashed in order and every compound ends with a
// mark: `[[1], [2]]` and `[[1, 2]]` differ.

compound! {
    SerializeSeq: serialize_element,
    SerializeTuple: serialize_element,
    SerializeTupleStruct: serialize_field,
    SerializeTupleVariant: serialize_field,
}

impl ser::SerializeMap for &mut Keyer {
    type Ok = ();
    type Error = Never;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Never> {
        key.serialize(&mut **self)
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Never> {
        value.serialize(&mut **self)
    }

    fn end(self) -> Result<(), Never> {
        self.mark(Mark::End);
        Ok(())
    }
}

// A field is keyed with its name: a field left out (`skip_serializing_if`) must not make the
// next one read as it.

named_fields!(SerializeStruct, SerializeStructVariant);

#[cfg(test)]
mod tests {
    //! `key_of`: equal values key alike, and values of different shapes (nesting, options, split
    //! strings, skipped fields) key apart.

    use super::key_of;
    use serde::Serialize;

    #[derive(Serialize)]
    struct Two {
        #[serde(skip_serializing_if = "Option::is_none")]
        a: Option<u8>,
        #[serde(skip_serializing_if = "Option::is_none")]
        b: Option<u8>,
    }

    #[test]
    fn equal_values_key_alike_and_shapes_apart() {
        assert_eq!(key_of(&vec![1u8, 2]), key_of(&vec![1u8, 2]));
        assert_ne!(
            key_of(&vec![vec![1u8], vec![2]]),
            key_of(&vec![vec![1u8, 2]])
        );
        assert_ne!(key_of(&vec![Some(1u8)]), key_of(&vec![1u8]));
        assert_ne!(key_of(&("ab", "c")), key_of(&("a", "bc")));
        assert_ne!(
            key_of(&Two {
                a: Some(1),
                b: None
            }),
            key_of(&Two {
                a: None,
                b: Some(1)
            })
        );
    }
}
