//! The other pins of the baseline: string values in JSON and YAML files
//! of the repository (the host manifest, the profile's peer dependency…)
//! that name the upstream version and move with `layer.baseline`.
//!
//! They are declared once in the declaration:
//!
//! ```toml
//! [[pins]]
//! file = "profile/package.json"
//! keys = ['peerDependencies."@deepseek-ai/dsh"']
//! ```
//!
//! Each key is a TOML dotted key (quote segments holding `.` or `/`) that
//! leads to a string value containing the current baseline. A clean merge
//! (or `merge --continue`) replaces the baseline in each such value by the
//! new version. Like the baseline itself, the files are never
//! re-serialised: `jsonc-parser` and `saphyr-parser` (both keep source
//! positions) locate the literal, and only its bytes change; every other
//! byte of the file stays as it was. Every pin is planned, and checked,
//! before anything is written: a key that is missing, not a string, or
//! does not hold the baseline stops the merge with nothing changed.

use std::ops::Range;
use std::path::{Path, PathBuf};

use crate::layer::{Layer, Pin};

/// Why a pin cannot be moved.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PinError {
    /// The file could not be read.
    #[error("could not read the pinned file `{file}`")]
    Read {
        /// The file, as declared.
        file: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The file does not parse.
    #[error("cannot move the pins of `{file}`: {message}")]
    Parse {
        /// The file, as declared.
        file: String,
        /// What the parser said.
        message: String,
    },
    /// A key cannot be moved.
    #[error("cannot move pin `{key}` of `{file}`: {why}")]
    Key {
        /// The file, as declared.
        file: String,
        /// The key, as declared.
        key: String,
        /// Why.
        why: String,
    },
}

/// The new text of one pinned file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PinChange {
    /// The file.
    pub file: PathBuf,
    /// The file as declared (relative to the declaration).
    pub name: String,
    /// The keys whose values change.
    pub keys: Vec<String>,
    /// The file's new text.
    pub(crate) text: String,
}

/// Plans the move of every declared pin from `layer.baseline` to `to`;
/// files already at `to` produce no change.
pub fn plan_pins(layer: &Layer, to: &str) -> Result<Vec<PinChange>, PinError> {
    let mut changes = Vec::new();
    if layer.baseline == to {
        return Ok(changes);
    }
    for pin in &layer.pins {
        if let Some(change) = plan_pin(pin, &layer.baseline, to)? {
            changes.push(change);
        }
    }
    Ok(changes)
}

fn plan_pin(pin: &Pin, from: &str, to: &str) -> Result<Option<PinChange>, PinError> {
    let text = crate::tree::read_regular_text(&pin.file)
        .map_err(|source| PinError::Read { file: pin.name.clone(), source })?;
    let format = Format::of(&pin.file);
    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    let mut keys = Vec::new();
    for (key, path) in pin.keys.iter().zip(&pin.paths) {
        let key_err = |why: String| PinError::Key { file: pin.name.clone(), key: key.clone(), why };
        let (value, span) = format
            .locate(&text, path)
            .map_err(|message| PinError::Parse { file: pin.name.clone(), message })?
            .ok_or_else(|| key_err("no string value at that key".into()))?;
        if !value.contains(from) {
            if value.contains(to) {
                continue;
            }
            return Err(key_err(format!("its value `{value}` does not contain the baseline `{from}`")));
        }
        let literal = &text[span.clone()];
        if literal.matches(from).count() != value.matches(from).count() {
            return Err(key_err(format!("the literal `{literal}` spells the baseline with escapes")));
        }
        edits.push((span, literal.replace(from, to)));
        keys.push(key.clone());
    }
    if edits.is_empty() {
        return Ok(None);
    }
    edits.sort_by_key(|(span, _)| span.start);
    let mut next = String::with_capacity(text.len());
    let mut at = 0;
    for (span, literal) in &edits {
        next.push_str(&text[at..span.start]);
        next.push_str(literal);
        at = span.end;
    }
    next.push_str(&text[at..]);
    // The edit must change exactly the values it meant to.
    for (key, path) in pin.keys.iter().zip(&pin.paths) {
        let before = format.locate(&text, path).ok().flatten().map(|(v, _)| v);
        let after = format.locate(&next, path).ok().flatten().map(|(v, _)| v);
        if after != before.map(|v| v.replace(from, to)) {
            return Err(PinError::Key {
                file: pin.name.clone(),
                key: key.clone(),
                why: "the edited file does not read back as expected".into(),
            });
        }
    }
    Ok(Some(PinChange { file: pin.file.clone(), name: pin.name.clone(), keys, text: next }))
}

/// The formats a pin may live in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// JSON (comments and trailing commas tolerated).
    Json,
    /// YAML.
    Yaml,
}

impl Format {
    /// By file extension: `.yaml`/`.yml` are YAML, anything else JSON.
    pub fn of(file: &Path) -> Format {
        match file.extension().and_then(|e| e.to_str()) {
            Some("yaml" | "yml") => Format::Yaml,
            _ => Format::Json,
        }
    }

    /// The string at `path` and the byte range of its literal; `None` when
    /// there is none (missing key, not a string).
    fn locate(self, text: &str, path: &[String]) -> Result<Option<(String, Range<usize>)>, String> {
        match self {
            Format::Json => locate_json(text, path),
            Format::Yaml => locate_yaml(text, path),
        }
    }
}

fn locate_json(text: &str, path: &[String]) -> Result<Option<(String, Range<usize>)>, String> {
    use jsonc_parser::ast::Value;
    let parsed =
        jsonc_parser::parse_to_ast(text, &Default::default(), &Default::default()).map_err(|e| e.to_string())?;
    let Some(mut value) = parsed.value else { return Ok(None) };
    for segment in path {
        let Value::Object(object) = value else { return Ok(None) };
        let Some(prop) = object.properties.into_iter().find(|p| p.name.as_str() == segment) else {
            return Ok(None);
        };
        value = prop.value;
    }
    match value {
        Value::StringLit(lit) => Ok(Some((lit.value.into_owned(), lit.range.start..lit.range.end))),
        _ => Ok(None),
    }
}

fn locate_yaml(text: &str, path: &[String]) -> Result<Option<(String, Range<usize>)>, String> {
    use saphyr_parser::{Event, Parser};
    let mut events = Vec::new();
    for event in Parser::new_from_str(text) {
        let (event, span) = event.map_err(|e| e.to_string())?;
        events.push((event, span));
    }
    // StreamStart, DocumentStart, then the root node.
    let root = events.iter().position(|(e, _)| matches!(e, Event::DocumentStart(_))).map(|i| i + 1);
    let Some(mut at) = root else { return Ok(None) };
    for segment in path {
        if !matches!(events.get(at), Some((Event::MappingStart(..), _))) {
            return Ok(None);
        }
        let mut i = at + 1;
        let mut found = None;
        while let Some((event, _)) = events.get(i) {
            if matches!(event, Event::MappingEnd) {
                break;
            }
            let is_key = matches!(event, Event::Scalar(key, ..) if key.as_ref() == segment.as_str());
            let value = skip_node(&events, i);
            if is_key {
                found = Some(value);
                break;
            }
            i = skip_node(&events, value);
        }
        let Some(value) = found else { return Ok(None) };
        at = value;
    }
    match events.get(at) {
        Some((Event::Scalar(value, ..), span)) => {
            let range = char_to_byte(text, span.start.index())..char_to_byte(text, span.end.index());
            Ok(Some((value.to_string(), range)))
        }
        _ => Ok(None),
    }
}

/// The index of the event after the node starting at `i`.
fn skip_node(events: &[(saphyr_parser::Event<'_>, saphyr_parser::Span)], i: usize) -> usize {
    use saphyr_parser::Event;
    let mut depth = 0usize;
    let mut j = i;
    while let Some((event, _)) = events.get(j) {
        match event {
            Event::MappingStart(..) | Event::SequenceStart(..) => depth += 1,
            Event::MappingEnd | Event::SequenceEnd => depth = depth.saturating_sub(1),
            _ => {}
        }
        j += 1;
        if depth == 0 {
            break;
        }
    }
    j
}

fn char_to_byte(text: &str, chars: usize) -> usize {
    text.char_indices().nth(chars).map_or(text.len(), |(byte, _)| byte)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pin(dir: &Path, name: &str, text: &str, keys: &[&str]) -> Pin {
        std::fs::write(dir.join(name), text).expect("write");
        Pin::new(dir.join(name), name.into(), keys.iter().map(|k| k.to_string()).collect()).expect("keys")
    }

    #[test]
    fn json_pins_move_keeping_every_other_byte() {
        let dir = tempfile::tempdir().expect("tempdir");
        let text = "{\n  // host\n  \"dependencies\": {\"@acme/x\":   \"1.0.0\", \"b.c\": \"npm:b@1.0.0\",\n  },\n  \"v\": \"1.0.0\"\n}\n";
        let p = pin(dir.path(), "p.json", text, &["dependencies.\"@acme/x\"", "dependencies.\"b.c\""]);
        let change = plan_pin(&p, "1.0.0", "2.0.0-rc.1").expect("plan").expect("change");
        assert_eq!(change.text, text.replacen("\"1.0.0\"", "\"2.0.0-rc.1\"", 1).replace("b@1.0.0", "b@2.0.0-rc.1"));
        // Already moved: nothing to do.
        std::fs::write(dir.path().join("p.json"), &change.text).expect("write");
        assert_eq!(plan_pin(&p, "1.0.0", "2.0.0-rc.1").expect("plan"), None);
    }

    #[test]
    fn yaml_pins_move_keeping_every_other_byte() {
        let dir = tempfile::tempdir().expect("tempdir");
        let text = "# ü comment\noverrides:\n  '@acme/x': 1.0.0   # pinned\n  other: \"1.0.0\"\nlist:\n  - 1.0.0\n";
        let p = pin(dir.path(), "w.yaml", text, &["overrides.\"@acme/x\""]);
        let change = plan_pin(&p, "1.0.0", "2.0.0").expect("plan").expect("change");
        assert_eq!(change.text, text.replacen("1.0.0", "2.0.0", 1));
    }

    #[test]
    fn a_pin_that_cannot_move_is_an_error() {
        let dir = tempfile::tempdir().expect("tempdir");
        let text = "{\"a\": \"0.9.0\", \"n\": 1, \"o\": {}}\n";
        for key in ["a", "n", "o", "missing", "o.x"] {
            let p = pin(dir.path(), "p.json", text, &[key]);
            let err = plan_pin(&p, "1.0.0", "2.0.0").expect_err(key);
            assert!(matches!(err, PinError::Key { .. }), "{key}: {err}");
        }
        let p = pin(dir.path(), "bad.yaml", "a: [\n", &["a"]);
        assert!(matches!(plan_pin(&p, "1.0.0", "2.0.0"), Err(PinError::Parse { .. })));
    }
}
