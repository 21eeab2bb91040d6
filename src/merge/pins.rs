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
use std::path::PathBuf;

use crate::layer::{Layer, Pin, PinFormat};
use crate::realpath::normalize;
use crate::splice::splice;

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

impl PinError {
    /// What to do about it.
    pub fn help(&self) -> String {
        let what = match self {
            PinError::Read { .. } => "restore the file, or remove its `[[pins]]` entry from forklayer.toml",
            PinError::Parse { .. } => {
                "fix the file (JSON for `.json`/`.jsonc`, YAML for `.yaml`/`.yml`), or its `[[pins]]` entry in \
                 forklayer.toml"
            }
            PinError::Key { .. } => {
                "fix the value (it must hold the current baseline, or already the new version) or the key in the \
                 `[[pins]]` entry of forklayer.toml"
            }
        };
        format!("nothing was changed; {what}, then run the command again")
    }
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

/// Plans the move of every declared pin, when the baseline moves
/// (`moved`), from `from` (the baseline the merge started from) to `to`:
/// one change per file, however many `[[pins]]` entries name it; files
/// already at `to` produce no change.
pub fn plan_pins(layer: &Layer, moved: Option<(&str, &str)>) -> Result<Vec<PinChange>, PinError> {
    let Some((from, to)) = moved.filter(|(from, to)| from != to) else { return Ok(Vec::new()) };
    // Entries naming one file (however spelled) are planned together: each
    // planned alone from the same old text, the last would undo the others.
    let mut files: Vec<(PathBuf, Vec<&Pin>)> = Vec::new();
    for pin in &layer.pins {
        let real = normalize(&pin.file);
        match files.iter_mut().find(|(file, _)| *file == real) {
            Some((_, group)) => group.push(pin),
            None => files.push((real, vec![pin])),
        }
    }
    files.iter().filter_map(|(_, group)| plan_file(group, from, to).transpose()).collect()
}

/// The new text of the file the pins of `group` (all naming that file) live in.
fn plan_file(group: &[&Pin], from: &str, to: &str) -> Result<Option<PinChange>, PinError> {
    let Some(first) = group.first() else { return Ok(None) };
    let file_err = |message: String| PinError::Parse { file: first.name.clone(), message };
    let format = PinFormat::of(&first.file).ok_or_else(|| file_err(UNKNOWN_FORMAT.into()))?;
    let text = crate::tree::read_regular_text(&first.file)
        .map_err(|source| PinError::Read { file: first.name.clone(), source })?;
    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    let mut keys = Vec::new();
    let declared: Vec<(&String, &Vec<String>)> = group.iter().flat_map(|pin| pin.keys.iter().zip(&pin.paths)).collect();
    for &(key, path) in &declared {
        let key_err = |why: String| PinError::Key { file: first.name.clone(), key: key.clone(), why };
        let (value, span) = locate(format, &text, path)
            .map_err(file_err)?
            .map_err(|absent| key_err(format!("no string value at that key: {absent}")))?;
        if version_at(&value, from).is_empty() {
            if !version_at(&value, to).is_empty() {
                continue;
            }
            return Err(key_err(format!("its value `{value}` does not contain the baseline `{from}` as a version")));
        }
        let literal = &text[span.clone()];
        if version_at(literal, from).len() != version_at(&value, from).len() {
            return Err(key_err(format!("the literal `{literal}` spells the baseline with escapes")));
        }
        // The same key declared twice is one edit.
        if !edits.iter().any(|(s, _)| *s == span) {
            edits.push((span, replace_version(literal, from, to)));
        }
        keys.push(key.clone());
    }
    if edits.is_empty() {
        return Ok(None);
    }
    let next = splice(&text, edits);
    // The edit must change exactly the values it meant to.
    for &(key, path) in &declared {
        let before = locate(format, &text, path).ok().and_then(Result::ok).map(|(v, _)| v);
        let after = locate(format, &next, path).ok().and_then(Result::ok).map(|(v, _)| v);
        let expected = before.map(|v| if version_at(&v, from).is_empty() { v } else { replace_version(&v, from, to) });
        if after != expected {
            return Err(PinError::Key {
                file: first.name.clone(),
                key: key.clone(),
                why: "the edited file does not read back as expected".into(),
            });
        }
    }
    keys.dedup();
    Ok(Some(PinChange { file: first.file.clone(), name: first.name.clone(), keys, text: next }))
}

/// A declared pin that does not hold `layer.baseline` (found by `check`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PinMismatch {
    /// The file, as declared.
    pub file: String,
    /// The key, as declared; `None` when the whole file is unreadable.
    pub key: Option<String>,
    /// The string found at the key; `None` when there is none.
    pub found: Option<String>,
    /// The baseline the pin should hold.
    pub baseline: String,
    /// What is wrong, in words.
    pub problem: String,
}

impl std::fmt::Display for PinMismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.key {
            Some(key) => write!(f, "`{}`: pin `{key}` {}", self.file, self.problem),
            None => write!(f, "`{}`: {}", self.file, self.problem),
        }
    }
}

/// Every declared pin whose value does not hold `layer.baseline` as a
/// whole version (the merge moves only such values), or that cannot be
/// read: what `check` reports.
pub fn check_pins(layer: &Layer) -> Vec<PinMismatch> {
    // Pins follow the baseline; a declaration without one declares none.
    let Some(baseline) = &layer.baseline else { return Vec::new() };
    let mut found = Vec::new();
    for pin in &layer.pins {
        let problem = |key: Option<&String>, value: Option<String>, problem: String| PinMismatch {
            file: pin.name.clone(),
            key: key.cloned(),
            found: value,
            baseline: baseline.clone(),
            problem,
        };
        let Some(format) = PinFormat::of(&pin.file) else {
            found.push(problem(None, None, UNKNOWN_FORMAT.into()));
            continue;
        };
        let text = match crate::tree::read_regular_text(&pin.file) {
            Ok(text) => text,
            Err(e) => {
                found.push(problem(None, None, format!("cannot be read: {e}")));
                continue;
            }
        };
        for (key, path) in pin.keys.iter().zip(&pin.paths) {
            match locate(format, &text, path) {
                Err(message) => found.push(problem(Some(key), None, format!("cannot be read: {message}"))),
                Ok(Err(absent)) => found.push(problem(
                    Some(key),
                    None,
                    format!("has no string value ({absent}): fix the key in the `[[pins]]` entry of forklayer.toml"),
                )),
                Ok(Ok((value, _))) if version_at(&value, baseline).is_empty() => {
                    let text = format!(
                        "is `{value}`, which does not hold the baseline `{baseline}`: make it name \
                         `{baseline}`, or fix the `[[pins]]` entry of forklayer.toml"
                    );
                    found.push(problem(Some(key), Some(value), text));
                }
                Ok(Ok(_)) => {}
            }
        }
    }
    found
}

/// What a pin file of another format is told.
const UNKNOWN_FORMAT: &str = "pins live in JSON (`.json`, `.jsonc`) or YAML (`.yaml`, `.yml`) files";

/// Byte offsets where `version` occurs in `text` as a whole version: not
/// inside a longer one (`1.0.0` is not in `11.0.0`, `1.0.0.1`,
/// `1.0.0-rc.1` or `1.0.0+build`), whatever surrounds it otherwise
/// (`^1.0.0`, `npm:x@1.0.0`, `x-1.0.0.tgz`).
pub(crate) fn version_at(text: &str, version: &str) -> Vec<usize> {
    if version.is_empty() {
        return Vec::new();
    }
    let bytes = text.as_bytes();
    let continues = |at: usize| -> bool {
        let next = bytes.get(at).copied();
        let after = bytes.get(at + 1).copied();
        match next {
            Some(c) if c.is_ascii_digit() => true,
            Some(b'.') => after.is_some_and(|c| c.is_ascii_digit()),
            Some(b'-' | b'+') => after.is_some_and(|c| c.is_ascii_alphanumeric()),
            _ => false,
        }
    };
    let extends = |at: usize| -> bool { at > 0 && bytes.get(at - 1).is_some_and(|c| c.is_ascii_digit() || *c == b'.') };
    text.match_indices(version).map(|(at, _)| at).filter(|&at| !extends(at) && !continues(at + version.len())).collect()
}

/// `text` with every whole occurrence of version `from` replaced by `to`.
fn replace_version(text: &str, from: &str, to: &str) -> String {
    splice(text, version_at(text, from).into_iter().map(|at| (at..at + from.len(), to)))
}

/// The string at `path` of `text` (in `format`) and the byte range of its
/// literal; `None` when there is none (missing key, not a string). A
/// leading byte order mark is skipped (and kept).
fn locate(format: PinFormat, text: &str, path: &[String]) -> Result<Located, String> {
    let bom = if text.starts_with('\u{feff}') { '\u{feff}'.len_utf8() } else { 0 };
    let body = &text[bom..];
    let found = match format {
        PinFormat::Json => locate_json(body, path),
        PinFormat::Yaml => locate_yaml(body, path),
    }?;
    Ok(found.map(|(value, span)| (value, span.start + bom..span.end + bom)))
}

/// A string value and the byte span of its literal, or why the key leads to
/// none (said to the user: which part of the key is missing, or what the
/// value is instead of a string).
type Located = Result<(String, Range<usize>), String>;

/// Where `path[..depth]` leads, for the reasons of [`Located`].
fn key_prefix(path: &[String], depth: usize) -> String {
    match depth {
        0 => "the top level".into(),
        _ => format!("`{}`", path[..depth].join(".")),
    }
}

fn no_key(path: &[String], depth: usize) -> String {
    format!("{} has no key `{}`", key_prefix(path, depth), path[depth])
}

fn not_a_mapping(path: &[String], depth: usize, what: &str) -> String {
    format!("{} is {what}, so it has no key `{}`", key_prefix(path, depth), path[depth])
}

fn locate_json(text: &str, path: &[String]) -> Result<Located, String> {
    use jsonc_parser::ast::Value;
    let kind = |value: &Value<'_>| match value {
        Value::StringLit(_) => "a string",
        Value::NumberLit(_) => "a number",
        Value::BooleanLit(_) => "a boolean",
        Value::Object(_) => "an object",
        Value::Array(_) => "an array",
        Value::NullKeyword(_) => "null",
    };
    let parsed =
        jsonc_parser::parse_to_ast(text, &Default::default(), &Default::default()).map_err(|e| e.to_string())?;
    let Some(mut value) = parsed.value else { return Ok(Err("the file holds no value".into())) };
    for (depth, segment) in path.iter().enumerate() {
        let object = match value {
            Value::Object(object) => object,
            other => return Ok(Err(not_a_mapping(path, depth, kind(&other)))),
        };
        let mut named = object.properties.into_iter().filter(|p| p.name.as_str() == segment);
        let Some(prop) = named.next() else { return Ok(Err(no_key(path, depth))) };
        // JSON.parse (npm, node) takes the last one: which one is meant?
        if named.next().is_some() {
            return Err(duplicate_key(segment));
        }
        value = prop.value;
    }
    match value {
        Value::StringLit(lit) => Ok(Ok((lit.value.into_owned(), lit.range.start..lit.range.end))),
        other => Ok(Err(format!("the value is {}", kind(&other)))),
    }
}

fn locate_yaml(text: &str, path: &[String]) -> Result<Located, String> {
    use saphyr_parser::{Event, Parser};
    let kind = |event: Option<&Event<'_>>| match event {
        Some(Event::MappingStart(..)) => "a mapping",
        Some(Event::SequenceStart(..)) => "a sequence",
        Some(Event::Alias(..)) => "an alias of another node (`*name`), not a value written in place",
        Some(Event::Scalar(..)) => "a scalar",
        _ => "empty",
    };
    let events: Vec<_> = Parser::new_from_str(text).collect::<Result<_, _>>().map_err(|e| e.to_string())?;
    // StreamStart, DocumentStart, then the root node.
    let root = events.iter().position(|(e, _)| matches!(e, Event::DocumentStart(_))).map(|i| i + 1);
    let Some(mut at) = root else { return Ok(Err("the file holds no document".into())) };
    for (depth, segment) in path.iter().enumerate() {
        if !matches!(events.get(at), Some((Event::MappingStart(..), _))) {
            return Ok(Err(not_a_mapping(path, depth, kind(events.get(at).map(|(e, _)| e)))));
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
                if found.is_some() {
                    return Err(duplicate_key(segment));
                }
                found = Some(value);
            }
            i = skip_node(&events, value);
        }
        let Some(value) = found else { return Ok(Err(no_key(path, depth))) };
        at = value;
    }
    match events.get(at) {
        Some((Event::Scalar(value, ..), span)) => {
            let range = char_to_byte(text, span.start.index())..char_to_byte(text, span.end.index());
            Ok(Ok((value.to_string(), range)))
        }
        other => Ok(Err(format!("the value is {}", kind(other.map(|(e, _)| e))))),
    }
}

fn duplicate_key(segment: &str) -> String {
    format!("the key `{segment}` occurs more than once in its mapping, so which value counts is unclear")
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
    use std::path::Path;

    use super::*;

    fn pin(dir: &Path, name: &str, text: &str, keys: &[&str]) -> Pin {
        std::fs::write(dir.join(name), text).expect("write");
        Pin::new(dir.join(name), name.into(), keys.iter().map(|k| k.to_string()).collect()).expect("keys")
    }

    fn plan_pin(pin: &Pin, from: &str, to: &str) -> Result<Option<PinChange>, PinError> {
        plan_file(&[pin], from, to)
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
    fn only_whole_versions_move() {
        assert_eq!(version_at("^1.0.0 || npm:x@1.0.0 x-1.0.0.tgz v1.0.0", "1.0.0"), [1, 16, 24, 35]);
        for longer in ["11.0.0", "1.0.0.1", "1.0.0-rc.1", "1.0.0+build", "21.0.0", "0.1.0.0", "1.0.00"] {
            assert!(version_at(longer, "1.0.0").is_empty(), "{longer}");
        }
        assert_eq!(version_at("0.1.0-rc.8", "0.1.0-rc.8"), [0]);
        assert!(version_at("0.1.0-rc.80", "0.1.0-rc.8").is_empty());
        let dir = tempfile::tempdir().expect("tempdir");
        let p = pin(dir.path(), "p.json", "{\"a\": \"11.0.0 || 1.0.0\", \"b\": \"1.0.0-rc.1\"}\n", &["a"]);
        let change = plan_pin(&p, "1.0.0", "2.0.0").expect("plan").expect("change");
        assert_eq!(change.text, "{\"a\": \"11.0.0 || 2.0.0\", \"b\": \"1.0.0-rc.1\"}\n");
        let p = pin(dir.path(), "p.json", "{\"a\": \"11.0.0\"}\n", &["a"]);
        assert!(matches!(plan_pin(&p, "1.0.0", "2.0.0"), Err(PinError::Key { .. })));
    }

    #[test]
    fn crlf_a_byte_order_mark_and_no_final_newline_are_kept() {
        let dir = tempfile::tempdir().expect("tempdir");
        let json = "\u{feff}{\r\n  \"a\": \"1.0.0\"\r\n}";
        let p = pin(dir.path(), "p.json", json, &["a"]);
        assert_eq!(plan_pin(&p, "1.0.0", "2.0.0").expect("plan").expect("change").text, json.replace("1.0.0", "2.0.0"));
        let yaml = "\u{feff}# \u{fc}\r\na:\r\n  b: '1.0.0'";
        let p = pin(dir.path(), "p.yml", yaml, &["a.b"]);
        assert_eq!(plan_pin(&p, "1.0.0", "2.0.0").expect("plan").expect("change").text, yaml.replace("1.0.0", "2.0.0"));
    }

    /// A pin that leads to no string says why: which part of the key is
    /// missing, or what the value is instead.
    #[test]
    fn a_key_without_a_string_value_says_what_is_there_instead() {
        let dir = tempfile::tempdir().expect("tempdir");
        let cases: &[(&str, &str, &str, &str)] = &[
            ("p.json", "{\"d\": {\"a\": \"1.0.0\"}}", "d.b", "`d` has no key `b`"),
            ("p.json", "{\"d\": {\"a\": \"1.0.0\"}}", "e.a", "the top level has no key `e`"),
            ("p.json", "{\"d\": {\"a\": 1}}", "d.a", "the value is a number"),
            ("p.json", "{\"d\": [\"1.0.0\"]}", "d.a", "`d` is an array, so it has no key `a`"),
            ("p.json", "{\"d\": {\"a\": null}}", "d.a", "the value is null"),
            ("p.yaml", "d:\n  a: 1.0.0\n", "d.b", "`d` has no key `b`"),
            ("p.yaml", "d:\n  - 1.0.0\n", "d.a", "`d` is a sequence, so it has no key `a`"),
            ("p.yaml", "v: &v 1.0.0\nd:\n  a: *v\n", "d.a", "the value is an alias of another node"),
            ("p.yaml", "d:\n  a:\n    b: 1.0.0\n", "d.a", "the value is a mapping"),
        ];
        for (name, text, key, why) in cases {
            let p = pin(dir.path(), name, text, &[key]);
            let err = plan_pin(&p, "1.0.0", "2.0.0").expect_err(key).to_string();
            assert!(err.contains("no string value at that key") && err.contains(why), "{name} {key}: {err}");
        }
    }

    #[test]
    fn a_key_that_occurs_twice_is_an_error() {
        let dir = tempfile::tempdir().expect("tempdir");
        let p = pin(dir.path(), "p.json", "{\"d\": {\"a\": \"1.0.0\", \"a\": \"1.0.0\"}}\n", &["d.a"]);
        let err = plan_pin(&p, "1.0.0", "2.0.0").expect_err("duplicate");
        assert!(err.to_string().contains("`a` occurs more than once"), "{err}");
        let p = pin(dir.path(), "p.yaml", "d:\n  a: 1.0.0\nd:\n  a: 1.0.0\n", &["d.a"]);
        assert!(matches!(plan_pin(&p, "1.0.0", "2.0.0"), Err(PinError::Parse { .. })));
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
