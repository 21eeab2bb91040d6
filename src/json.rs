//! JSON read strictly: an object that names a key twice is refused.
//!
//! `serde_json` keeps the last of two equal keys without a word, so a
//! manifest edited by hand (or by a bad merge) to hold `"files"` twice
//! would rebuild from the second and hide the first. Files forklayer
//! writes never repeat a key; reading them refuses one that does.

use std::fmt;

use serde::de::{Deserialize, Deserializer, Error as _, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// Parses `bytes` as JSON, refusing any object with a duplicate key (the
/// error names the key and where it is).
pub fn parse_strict(bytes: &[u8]) -> Result<Value, serde_json::Error> {
    serde_json::from_slice::<Strict>(bytes).map(|strict| strict.0)
}

/// A [`Value`] whose objects had no duplicate keys.
struct Strict(Value);

impl<'de> Deserialize<'de> for Strict {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(StrictVisitor)
    }
}

struct StrictVisitor;

impl<'de> Visitor<'de> for StrictVisitor {
    type Value = Strict;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Strict, E> {
        Ok(Strict(Value::Bool(v)))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Strict, E> {
        Ok(Strict(Value::from(v)))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Strict, E> {
        Ok(Strict(Value::from(v)))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Strict, E> {
        Ok(Strict(Value::from(v)))
    }
    fn visit_str<E>(self, v: &str) -> Result<Strict, E> {
        Ok(Strict(Value::String(v.to_string())))
    }
    fn visit_unit<E>(self) -> Result<Strict, E> {
        Ok(Strict(Value::Null))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Strict, A::Error> {
        let mut items = Vec::new();
        while let Some(Strict(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(Strict(Value::Array(items)))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Strict, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                return Err(A::Error::custom(format_args!("the key `{key}` appears twice in one object")));
            }
            let Strict(value) = map.next_value()?;
            object.insert(key, value);
        }
        Ok(Strict(Value::Object(object)))
    }
}

#[cfg(test)]
mod tests {
    use super::parse_strict;

    #[test]
    fn a_key_named_twice_is_refused_at_any_depth() {
        let err = parse_strict(br#"{"a": {"b": 1, "b": 2}}"#).expect_err("duplicate");
        assert!(err.to_string().contains("the key `b` appears twice"), "{err}");
        assert!(parse_strict(br#"{"a": 1, "a": 1}"#).is_err());
        assert!(parse_strict(br#"[{"x": [], "x": []}]"#).is_err());
    }

    #[test]
    fn the_same_value_as_serde_json_otherwise() {
        let text = br#"{"s": "t\u00e9", "n": -3, "u": 18446744073709551615, "f": 1.5, "b": true, "z": null, "a": [1, {"k": []}]}"#;
        assert_eq!(
            parse_strict(text).expect("valid"),
            serde_json::from_slice::<serde_json::Value>(text).expect("valid")
        );
    }

    #[test]
    fn deep_nesting_is_still_refused_not_overflowing_the_stack() {
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        assert!(parse_strict(deep.as_bytes()).is_err());
    }
}
