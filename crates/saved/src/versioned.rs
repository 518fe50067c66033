//! A saved form in JSON, as earlier formats and files carry it: `{"format": N, "<part>": body}`.

use std::collections::BTreeMap;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use serde_json::value::RawValue;

/// A saved form: `{"format": N, "<part>": body}`. Written and read as typed values, never through
/// `serde_json::Value`, so each saved type's (de)serializer exists once in the download.
pub struct Versioned<T> {
    pub format: u32,
    pub part: &'static str,
    pub body: T,
}

impl<T: Serialize> Serialize for Versioned<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("format", &self.format)?;
        map.serialize_entry(self.part, &self.body)?;
        map.end()
    }
}

/// A JSON object's members by name, each still as its JSON text, to be read once its format is known.
pub type Parts = BTreeMap<String, Box<RawValue>>;

/// The format version a saved form's parts carry, if they carry one.
pub fn format_of(parts: &Parts) -> Option<u64> {
    parts
        .get("format")
        .and_then(|format| serde_json::from_str(format.get()).ok())
}

/// A versioned saved form's format and the text of its `part`; `what` names the form in the errors.
pub fn read_versioned(raw: &str, part: &str, what: &str) -> Result<(u64, Box<RawValue>), String> {
    let mut parts: Parts =
        serde_json::from_str(raw).map_err(|error| format!("not a saved {what}: {error}"))?;
    let format = format_of(&parts).ok_or_else(|| format!("not a saved {what}: no format version"))?;
    let body = parts
        .remove(part)
        .ok_or_else(|| format!("not a saved {what}: no {part}"))?;
    Ok((format, body))
}
