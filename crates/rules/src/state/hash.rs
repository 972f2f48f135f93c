//! A stable 64-bit FNV-1a hash of anything `Serialize`, for [`crate::Game::state_hash`].
//!
//! The hash walks serde's data model, so every field of the state is covered without a
//! hand-kept list; lengths and enum variant indices are mixed in so that different shapes
//! never feed the same bytes. Floats are hashed by their bit patterns. Nothing here depends
//! on the platform, on addresses or on hash-map order, so the same state hashes the same on
//! every machine and in every run (DESIGN §2).

use std::fmt;

use serde::ser::{self, Serialize};

const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// An FNV-1a hasher that is also a serde `Serializer`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(OFFSET)
    }
}

impl Fnv {
    pub fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(PRIME);
        }
    }

    pub fn u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }

    pub fn finish(&self) -> u64 {
        self.0
    }

    /// Mixes in any serialisable value.
    pub fn value<T: Serialize + ?Sized>(&mut self, v: &T) {
        // The serializer below never fails: every method returns Ok.
        let _ = v.serialize(&mut *self);
    }

    fn tag(&mut self, t: u8) {
        self.bytes(&[t]);
    }
}

/// Never produced; serde's `Serializer` needs an error type.
#[derive(Debug)]
pub(crate) struct NoError;

impl fmt::Display for NoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("state hashing does not fail")
    }
}

impl std::error::Error for NoError {}

impl ser::Error for NoError {
    fn custom<T: fmt::Display>(_msg: T) -> Self {
        NoError
    }
}

type R = Result<(), NoError>;

impl ser::Serializer for &mut Fnv {
    type Ok = ();
    type Error = NoError;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    fn serialize_bool(self, v: bool) -> R {
        self.bytes(&[u8::from(v)]);
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> R {
        self.bytes(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_i16(self, v: i16) -> R {
        self.bytes(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_i32(self, v: i32) -> R {
        self.bytes(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_i64(self, v: i64) -> R {
        self.bytes(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_i128(self, v: i128) -> R {
        self.bytes(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> R {
        self.bytes(&[v]);
        Ok(())
    }
    fn serialize_u16(self, v: u16) -> R {
        self.bytes(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_u32(self, v: u32) -> R {
        self.bytes(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_u64(self, v: u64) -> R {
        self.u64(v);
        Ok(())
    }
    fn serialize_u128(self, v: u128) -> R {
        self.bytes(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> R {
        self.bytes(&v.to_bits().to_le_bytes());
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> R {
        self.bytes(&v.to_bits().to_le_bytes());
        Ok(())
    }
    fn serialize_char(self, v: char) -> R {
        self.bytes(&u32::from(v).to_le_bytes());
        Ok(())
    }
    fn serialize_str(self, v: &str) -> R {
        self.u64(v.len() as u64);
        self.bytes(v.as_bytes());
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> R {
        self.u64(v.len() as u64);
        self.bytes(v);
        Ok(())
    }
    fn serialize_none(self) -> R {
        self.tag(0);
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> R {
        self.tag(1);
        value.serialize(self)
    }
    fn serialize_unit(self) -> R {
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> R {
        Ok(())
    }
    fn serialize_unit_variant(self, _name: &'static str, index: u32, _v: &'static str) -> R {
        self.serialize_u32(index)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _n: &'static str, value: &T) -> R {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        index: u32,
        _variant: &'static str,
        value: &T,
    ) -> R {
        self.bytes(&index.to_le_bytes());
        value.serialize(self)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Self, NoError> {
        // Every std sequence knows its length; an unknown one is closed by a marker instead.
        match len {
            Some(n) => self.u64(n as u64),
            None => self.tag(0xff),
        }
        Ok(self)
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self, NoError> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Self, NoError> {
        Ok(self)
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self, NoError> {
        self.bytes(&index.to_le_bytes());
        Ok(self)
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Self, NoError> {
        match len {
            Some(n) => self.u64(n as u64),
            None => self.tag(0xff),
        }
        Ok(self)
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self, NoError> {
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self, NoError> {
        self.bytes(&index.to_le_bytes());
        Ok(self)
    }
}

impl ser::SerializeSeq for &mut Fnv {
    type Ok = ();
    type Error = NoError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> R {
        value.serialize(&mut **self)
    }
    fn end(self) -> R {
        Ok(())
    }
}

impl ser::SerializeTuple for &mut Fnv {
    type Ok = ();
    type Error = NoError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> R {
        value.serialize(&mut **self)
    }
    fn end(self) -> R {
        Ok(())
    }
}

impl ser::SerializeTupleStruct for &mut Fnv {
    type Ok = ();
    type Error = NoError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> R {
        value.serialize(&mut **self)
    }
    fn end(self) -> R {
        Ok(())
    }
}

impl ser::SerializeTupleVariant for &mut Fnv {
    type Ok = ();
    type Error = NoError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> R {
        value.serialize(&mut **self)
    }
    fn end(self) -> R {
        Ok(())
    }
}

impl ser::SerializeMap for &mut Fnv {
    type Ok = ();
    type Error = NoError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> R {
        key.serialize(&mut **self)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> R {
        value.serialize(&mut **self)
    }
    fn end(self) -> R {
        Ok(())
    }
}

impl ser::SerializeStruct for &mut Fnv {
    type Ok = ();
    type Error = NoError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, _key: &'static str, value: &T) -> R {
        value.serialize(&mut **self)
    }
    fn end(self) -> R {
        Ok(())
    }
}

impl ser::SerializeStructVariant for &mut Fnv {
    type Ok = ();
    type Error = NoError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, _key: &'static str, value: &T) -> R {
        value.serialize(&mut **self)
    }
    fn end(self) -> R {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash<T: Serialize + ?Sized>(v: &T) -> u64 {
        let mut h = Fnv::default();
        h.value(v);
        h.finish()
    }

    #[test]
    fn fnv1a_matches_the_published_test_vectors() {
        let mut h = Fnv::default();
        h.bytes(b"");
        assert_eq!(h.finish(), 0xcbf2_9ce4_8422_2325);
        let mut h = Fnv::default();
        h.bytes(b"a");
        assert_eq!(h.finish(), 0xaf63_dc4c_8601_ec8c);
        let mut h = Fnv::default();
        h.bytes(b"foobar");
        assert_eq!(h.finish(), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn lengths_and_variants_keep_shapes_apart() {
        assert_ne!(
            hash(&(vec![1u8], vec![2u8])),
            hash(&(vec![1u8, 2], Vec::<u8>::new()))
        );
        assert_ne!(hash(&Some(0u8)), hash(&None::<u8>));
        assert_ne!(hash(&Ok::<u8, u8>(1)), hash(&Err::<u8, u8>(1)));
        assert_ne!(hash(&0.0f32), hash(&-0.0f32));
        assert_eq!(hash(&[1.5f32, 2.0]), hash(&[1.5f32, 2.0]));
    }
}
