//! Duplicate keys in a JSON file an agent reads. serde_json keeps the last of two equal keys
//! and drops the first without a word, so a file rewritten after parsing would lose the
//! user's text; such a file is refused instead.

use std::collections::HashSet;
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

/// The first key that appears twice in one object, with where (line and column), if any.
/// Invalid JSON has no duplicate to report (parsing reports it).
pub fn duplicate_key(bytes: &[u8]) -> Option<String> {
    match serde_json::from_slice::<Unique>(bytes) {
        Err(e) if e.is_data() => Some(e.to_string()),
        _ => None,
    }
}

/// Any JSON value whose objects each have distinct keys.
struct Unique;

impl<'de> Deserialize<'de> for Unique {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(UniqueVisitor)
    }
}

struct UniqueVisitor;

impl<'de> Visitor<'de> for UniqueVisitor {
    type Value = Unique;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Unique, A::Error> {
        let mut seen = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if seen.contains(&key) {
                return Err(de::Error::custom(format!("`{key}` appears twice")));
            }
            map.next_value::<Unique>()?;
            seen.insert(key);
        }
        Ok(Unique)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Unique, A::Error> {
        while seq.next_element::<Unique>()?.is_some() {}
        Ok(Unique)
    }

    fn visit_bool<E>(self, _: bool) -> Result<Unique, E> {
        Ok(Unique)
    }
    fn visit_i64<E>(self, _: i64) -> Result<Unique, E> {
        Ok(Unique)
    }
    fn visit_u64<E>(self, _: u64) -> Result<Unique, E> {
        Ok(Unique)
    }
    fn visit_f64<E>(self, _: f64) -> Result<Unique, E> {
        Ok(Unique)
    }
    fn visit_str<E>(self, _: &str) -> Result<Unique, E> {
        Ok(Unique)
    }
    fn visit_unit<E>(self) -> Result<Unique, E> {
        Ok(Unique)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_twice_in_one_object_is_found_at_any_depth() {
        assert_eq!(duplicate_key(br#"{"a": 1, "b": {"a": 2}}"#), None);
        let found = duplicate_key(br#"{"a": 1, "a": 2}"#).unwrap();
        assert!(found.starts_with("`a` appears twice at line 1"), "{found}");
        assert!(duplicate_key(br#"{"x": [{"h": 1, "h": 1}]}"#).is_some());
        assert_eq!(duplicate_key(b"{not json"), None);
    }
}
