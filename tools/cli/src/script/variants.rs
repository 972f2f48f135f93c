//! The variant names of an engine enum (`Event`, `DecisionKind`), read from its serde
//! `Deserialize` impl, so a pattern naming an event that doesn't exist is refused instead of
//! silently never matching — and new events the rules helpers add are known at once.

use serde::de::{self, Deserialize, Deserializer, Visitor};

/// The variant names `T`'s derived `Deserialize` knows; empty if `T` is not an enum.
pub fn variant_names<'de, T: Deserialize<'de>>() -> &'static [&'static str] {
    match T::deserialize(Probe) {
        Err(Found(names)) => names,
        Ok(_) => &[],
    }
}

/// A deserializer that only records the variant list it is handed.
struct Probe;

#[derive(Debug)]
struct Found(&'static [&'static str]);

impl std::fmt::Display for Found {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "variants: {:?}", self.0)
    }
}

impl std::error::Error for Found {}

impl de::Error for Found {
    fn custom<T: std::fmt::Display>(_msg: T) -> Self {
        Found(&[])
    }
}

impl<'de> Deserializer<'de> for Probe {
    type Error = Found;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Found> {
        Err(Found(&[]))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Found> {
        Err(Found(variants))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use redline_rules::{DecisionKind, Event};

    use super::variant_names;

    #[test]
    fn engine_enums_list_their_variants() {
        let events = variant_names::<Event>();
        assert!(events.contains(&"Wounded") && events.contains(&"GameOver"));
        assert!(variant_names::<DecisionKind>().contains(&"OfferLuck"));
        assert!(variant_names::<redline_rules::ModelId>().is_empty());
    }
}
