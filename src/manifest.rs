//! The anchored patch manifest (`patches/<pkg>.json`).
//!
//! The core is the format the existing JS toolchain for dsh fork layers
//! reads and writes:
//!
//! ```json
//! {"package": "@scope/pkg", "builtAgainst": "1.0.0",
//!  "files": {"lib/a.js": [{"old": "x = 1", "new": "x = 2"}]}}
//! ```
//!
//! Replacements of a file apply in order; each `old` must occur exactly
//! once (non-overlapping count) in the content as patched so far.
//! What that cannot express lives under the versioned `forklayer` key,
//! which older readers ignore: added and deleted files, mode changes,
//! whole-file replacements (binary or non-UTF-8 content, or text that
//! cannot be anchored) and the sha256 of every base file the manifest
//! touches, so drift is named before any anchor is tried.
//!
//! Serialisation is canonical: keys sorted, two-space indentation, one
//! final newline.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use base64::Engine;
use serde::{Deserialize, Serialize};

/// Version of the `forklayer` extension this build writes and reads.
pub const EXTENSION_SCHEMA: u32 = 1;

/// One anchored replacement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replacement {
    /// Text to find (exactly once) in the content as patched so far.
    pub old: String,
    /// Text that replaces it.
    pub new: String,
}

/// File contents inside a manifest: UTF-8 text as is, anything else as
/// base64.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Content {
    /// Base64 of the bytes, for binary or non-UTF-8 content.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base64: Option<String>,
    /// The text, for UTF-8 content without NUL bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

impl Content {
    /// Chooses text or base64 for `bytes`.
    pub fn from_bytes(bytes: &[u8]) -> Content {
        match as_text(bytes) {
            Some(text) => Content { base64: None, text: Some(text.to_string()) },
            None => Content { base64: Some(base64::engine::general_purpose::STANDARD.encode(bytes)), text: None },
        }
    }

    /// The bytes, or a description of why they cannot be decoded.
    pub fn to_bytes(&self) -> Result<Vec<u8>, String> {
        match (&self.text, &self.base64) {
            (Some(text), None) => Ok(text.as_bytes().to_vec()),
            (None, Some(b64)) => {
                base64::engine::general_purpose::STANDARD.decode(b64).map_err(|e| format!("invalid base64: {e}"))
            }
            _ => Err("exactly one of `text` and `base64` must be present".into()),
        }
    }
}

/// Text that can be carried in a JSON string and anchored: valid UTF-8
/// without NUL bytes (NUL marks binary content).
pub fn as_text(bytes: &[u8]) -> Option<&str> {
    if memchr::memchr(0, bytes).is_some() {
        return None;
    }
    std::str::from_utf8(bytes).ok()
}

/// The versioned extensions (`"forklayer": {...}`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Extensions {
    /// Files the fork adds, with their contents.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub added: BTreeMap<String, Content>,
    /// sha256 of every base file the manifest reads (patched, replaced,
    /// deleted or mode-changed).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub base: BTreeMap<String, String>,
    /// Files the fork deletes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deleted: Vec<String>,
    /// Final mode (`0644`/`0755`) of files whose mode differs from the
    /// base, and of added executable files.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub modes: BTreeMap<String, String>,
    /// Files replaced whole (binary, non-UTF-8, or not anchorable).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub replaced: BTreeMap<String, Content>,
    /// Extension schema version ([`EXTENSION_SCHEMA`]).
    pub schema: u32,
}

impl Extensions {
    /// Whether the extension carries nothing but the schema number.
    pub fn is_empty(&self) -> bool {
        self.added.is_empty()
            && self.base.is_empty()
            && self.deleted.is_empty()
            && self.modes.is_empty()
            && self.replaced.is_empty()
    }
}

/// A whole manifest. Unknown keys are refused inside the replacements,
/// the contents and the `forklayer` extension (whose schema forklayer
/// knows): a misspelt key (`"delted"`, `"nwe"`) would otherwise be dropped
/// and the rebuild would quietly differ from what the manifest says. At
/// the top level they are ignored, as the format promises older readers
/// (the seed format's tools may add keys of their own).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// Upstream version the manifest was generated against.
    #[serde(rename = "builtAgainst")]
    pub built_against: String,
    /// Relative path → replacements in application order.
    pub files: BTreeMap<String, Vec<Replacement>>,
    /// Extensions; absent in manifests of the JS toolchain.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forklayer: Option<Extensions>,
    /// Full npm package name.
    pub package: String,
}

/// Errors of reading manifests.
#[derive(Debug, thiserror::Error)]
pub enum ManifestError {
    /// The file could not be read.
    #[error("could not read the manifest `{path}`")]
    Read {
        /// The path.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// The manifest is malformed.
    #[error("invalid manifest `{path}`: {message}")]
    Invalid {
        /// The path.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The manifest was written by a newer forklayer.
    #[error("manifest `{path}` uses extension schema {found}, newer than this forklayer reads ({EXTENSION_SCHEMA})")]
    NewerSchema {
        /// The path.
        path: PathBuf,
        /// The schema number found.
        found: u64,
    },
}

impl crate::error::Diagnostic for ManifestError {
    fn diagnosis(&self) -> crate::error::Diagnosis<'_> {
        use crate::error::Diagnosis::Own;
        use crate::error::ExitStatus::{Integrity, Usage};
        match self {
            ManifestError::Read { .. } => Own(Integrity, "manifest_unreadable"),
            ManifestError::Invalid { .. } => Own(Usage, "invalid_manifest"),
            ManifestError::NewerSchema { .. } => Own(Usage, "manifest_schema_unsupported"),
        }
    }
    fn own_help(&self) -> Option<String> {
        Some(match self {
            ManifestError::Read { .. } => "check that the file is readable".into(),
            ManifestError::NewerSchema { .. } => {
                "upgrade forklayer to the version that wrote it (regenerating with this one would drop what it cannot read)"
                    .into()
            }
            _ => "regenerate it with `forklayer gen-patches`".into(),
        })
    }
}

/// Canonical JSON bytes of any serialisable value: keys in declaration
/// order (every type here declares them sorted), two-space indentation,
/// one final newline.
pub fn canonical_json<T: Serialize>(value: &T) -> Vec<u8> {
    // Serialising plain data structures to memory cannot fail; fall back
    // to an empty object rather than panic if it ever did.
    let mut bytes = serde_json::to_vec_pretty(value).unwrap_or_else(|_| b"{}".to_vec());
    bytes.push(b'\n');
    bytes
}

impl Manifest {
    /// Canonical bytes of this manifest.
    pub fn to_canonical_json(&self) -> Vec<u8> {
        canonical_json(self)
    }

    /// Parses and validates manifest bytes; `origin` names the file.
    pub fn from_json(bytes: &[u8], origin: &Path) -> Result<Manifest, ManifestError> {
        let invalid = |message: String| ManifestError::Invalid { path: origin.to_path_buf(), message };
        let value = crate::json::parse_strict(bytes).map_err(|e| invalid(e.to_string()))?;
        // The schema decides how the rest reads: check it before the shape,
        // so a newer manifest is named as such, not as malformed.
        let schema = value.get("forklayer").and_then(|ext| ext.get("schema")).and_then(serde_json::Value::as_u64);
        if let Some(found) = schema.filter(|&n| n > u64::from(EXTENSION_SCHEMA)) {
            return Err(ManifestError::NewerSchema { path: origin.to_path_buf(), found });
        }
        let manifest: Manifest = serde_json::from_value(value).map_err(|e| invalid(e.to_string()))?;
        let all_paths = manifest.files.keys().chain(manifest.forklayer.iter().flat_map(|e| {
            e.added.keys().chain(e.base.keys()).chain(&e.deleted).chain(e.modes.keys()).chain(e.replaced.keys())
        }));
        for path in all_paths {
            crate::tree::check_relative_path(path).map_err(|e| invalid(e.to_string()))?;
        }
        for (path, mode) in manifest.forklayer.iter().flat_map(|e| &e.modes) {
            if mode != "0644" && mode != "0755" {
                return Err(invalid(format!("mode `{mode}` of `{path}` is neither `0644` nor `0755`")));
            }
        }
        // An empty `old` occurs everywhere: it anchors nothing (gen-patches
        // replaces an empty base whole instead).
        for (path, replacements) in &manifest.files {
            if let Some(index) = replacements.iter().position(|r| r.old.is_empty()) {
                return Err(invalid(format!(
                    "replacement #{index} of `{path}` has an empty `old`, which anchors nothing"
                )));
            }
        }
        // Contents are decoded here, not when applied: a damaged entry is
        // the manifest's fault, never reported as upstream drift.
        for (section, path, content) in manifest.forklayer.iter().flat_map(|e| {
            let added = e.added.iter().map(|(p, c)| ("added", p, c));
            added.chain(e.replaced.iter().map(|(p, c)| ("replaced", p, c)))
        }) {
            content.to_bytes().map_err(|message| invalid(format!("`{section}` entry `{path}`: {message}")))?;
        }
        Ok(manifest)
    }

    /// Reads a manifest file.
    pub fn read(path: &Path) -> Result<Manifest, ManifestError> {
        let bytes = crate::tree::read_regular(path)
            .map_err(|source| ManifestError::Read { path: path.to_path_buf(), source })?;
        Manifest::from_json(&bytes, path)
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::{Content, Manifest, ManifestError};

    #[test]
    fn seed_manifests_parse_without_extensions() {
        let seed = br#"{"package":"@s/p","builtAgainst":"1.0.0","files":{"a.js":[{"old":"x","new":"y"}]}}"#;
        let m = Manifest::from_json(seed, Path::new("p.json")).expect("parse");
        assert_eq!(m.files["a.js"][0].new, "y");
        assert!(m.forklayer.is_none());
    }

    #[test]
    fn canonical_form_sorts_keys_and_ends_with_newline() {
        let seed = br#"{"package":"@s/p","builtAgainst":"1.0.0","files":{}}"#;
        let m = Manifest::from_json(seed, Path::new("p.json")).expect("parse");
        let text = String::from_utf8(m.to_canonical_json()).expect("utf8");
        assert_eq!(text, "{\n  \"builtAgainst\": \"1.0.0\",\n  \"files\": {},\n  \"package\": \"@s/p\"\n}\n");
    }

    #[test]
    fn newer_extension_schema_is_refused() {
        let bytes = br#"{"package":"@s/p","builtAgainst":"1","files":{},"forklayer":{"schema":9}}"#;
        assert!(Manifest::from_json(bytes, Path::new("p.json")).is_err());
    }

    #[test]
    fn an_unreadable_manifest_is_not_blamed_on_its_contents() {
        let err = Manifest::read(Path::new("/nonexistent/p.json")).expect_err("unreadable");
        assert!(err.to_string().contains("`/nonexistent/p.json`"), "{err}");
        let help = crate::error::Diagnostic::help(&err).unwrap_or_default();
        assert!(help.contains("readable") && !help.contains("regenerate"), "{help}");
    }

    #[test]
    fn a_newer_schema_is_named_even_when_its_shape_changed() {
        let bytes = br#"{"package":"@s/p","builtAgainst":"1","files":{},"forklayer":{"schema":2,"added":["a.js"]}}"#;
        let err = Manifest::from_json(bytes, Path::new("p.json")).expect_err("newer");
        assert!(matches!(err, ManifestError::NewerSchema { found: 2, .. }), "{err}");
        assert!(crate::error::Diagnostic::help(&err).is_some_and(|h| h.contains("upgrade forklayer")));
    }

    #[test]
    fn binary_content_round_trips_through_base64() {
        let c = Content::from_bytes(&[0, 159, 146, 150]);
        assert!(c.text.is_none());
        assert_eq!(c.to_bytes().expect("decode"), vec![0, 159, 146, 150]);
    }
}
