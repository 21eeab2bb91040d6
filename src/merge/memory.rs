//! Conflict memory: resolutions of merge conflicts, recorded once and
//! reused when the same conflict comes back (like git's rerere, but
//! committed and reviewable).
//!
//! `merge --continue` records how each conflict of the merge was resolved
//! as `<patches>/resolutions/<key>.json`, where `<key>` is the sha256 of
//! the three inputs' hashes (old upstream, fork, new upstream; see
//! [`crate::merge::progress::entry_hash`]). A later merge that meets a
//! conflict with the same three inputs takes the recorded result instead
//! of writing markers or copies, and reports the file as `resolved` with
//! the record's path. The files are plain JSON, meant to be committed and
//! reviewed with the rest of `patches/`:
//!
//! ```json
//! { "schema": "forklayer.resolution/1", "package": "@acme/a",
//!   "path": "x.js", "kind": "text",
//!   "base": "sha256:…", "ours": "sha256:…", "theirs": "sha256:…",
//!   "result": { "text": "…", "executable": false } }
//! ```
//!
//! `result` is `null` when the resolution deletes the file, and holds
//! `base64` instead of `text` for bytes that are not UTF-8.

use std::path::{Path, PathBuf};

use base64::Engine;
use serde::{Deserialize, Serialize};

use crate::npm::sha256_hex;
use crate::tree::{FileEntry, Tree, TreeError};

/// The directory of the records, relative to `patches/`.
pub const RESOLUTIONS_DIR: &str = "resolutions";
/// `schema` of a record.
pub const RESOLUTION_SCHEMA: &str = "forklayer.resolution/1";

/// One recorded resolution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Resolution {
    /// Always [`RESOLUTION_SCHEMA`].
    pub schema: String,
    /// Full package name where it was first resolved (informative).
    pub package: String,
    /// Path inside the package (informative).
    pub path: String,
    /// The kind of conflict.
    pub kind: String,
    /// Hash of the old upstream file.
    pub base: String,
    /// Hash of the fork file.
    pub ours: String,
    /// Hash of the new upstream file.
    pub theirs: String,
    /// The resolved file; `None` when the resolution deletes it.
    pub result: Option<RecordedFile>,
}

/// The bytes of a resolved file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordedFile {
    /// The contents, when they are UTF-8.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The contents in base64, otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base64: Option<String>,
    /// The executable bit.
    pub executable: bool,
}

/// Errors of reading the conflict memory.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MemoryError {
    /// A record could not be read.
    #[error("could not read the recorded resolution `{path}`")]
    Read {
        /// The record.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A record is not a resolution of the conflict its name says.
    #[error("the recorded resolution `{path}` is damaged: {message}")]
    Damaged {
        /// The record.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
}

/// The key of a conflict: sha256 of its three inputs' hashes.
pub fn conflict_key(base: &str, ours: &str, theirs: &str) -> String {
    sha256_hex(format!("{base}\n{ours}\n{theirs}\n").as_bytes())
}

/// Where the record of conflict `key` lives, relative to `patches/`.
pub fn record_path(key: &str) -> String {
    format!("{RESOLUTIONS_DIR}/{key}.json")
}

impl Resolution {
    /// The record of a conflict resolved as `result`.
    pub fn new(package: &str, path: &str, kind: &str, inputs: [&str; 3], result: Option<&FileEntry>) -> Resolution {
        let result = result.map(|entry| {
            let text = std::str::from_utf8(&entry.bytes).ok().map(str::to_string);
            let base64 =
                text.is_none().then(|| base64::engine::general_purpose::STANDARD.encode(entry.bytes.as_slice()));
            RecordedFile { text, base64, executable: entry.executable }
        });
        let [base, ours, theirs] = inputs.map(str::to_string);
        Resolution {
            schema: RESOLUTION_SCHEMA.into(),
            package: package.into(),
            path: path.into(),
            kind: kind.into(),
            base,
            ours,
            theirs,
            result,
        }
    }

    /// The record's file bytes (pretty JSON, one trailing newline).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = serde_json::to_vec_pretty(self).unwrap_or_default();
        bytes.push(b'\n');
        bytes
    }

    /// The resolved file; `None` for a deletion.
    pub fn entry(&self) -> Option<FileEntry> {
        self.result.as_ref().map(|r| {
            let bytes = match (&r.text, &r.base64) {
                (Some(text), _) => text.as_bytes().to_vec(),
                (None, Some(b64)) => base64::engine::general_purpose::STANDARD.decode(b64).unwrap_or_default(),
                (None, None) => Vec::new(),
            };
            FileEntry::with_mode(bytes, r.executable)
        })
    }
}

/// The recorded resolution of the conflict with these inputs, if the
/// project has one in `patches`.
pub fn recall(patches: &Path, inputs: [&str; 3]) -> Result<Option<(String, Resolution)>, MemoryError> {
    let key = conflict_key(inputs[0], inputs[1], inputs[2]);
    let rel = record_path(&key);
    let path = patches.join(&rel);
    let damaged = |message: String| MemoryError::Damaged { path: path.clone(), message };
    // A record is a committed regular file: a link could make a merge take
    // any file of the machine as the resolution of a conflict.
    for link in [patches.join(RESOLUTIONS_DIR), path.clone()] {
        match std::fs::symlink_metadata(&link) {
            Ok(meta) if meta.file_type().is_symlink() => {
                return Err(damaged(format!("`{}` is a symbolic link; records are regular files", link.display())))
            }
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => return Err(MemoryError::Read { path: link, source }),
        }
    }
    let bytes = match crate::tree::read_regular(&path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => return Err(MemoryError::Read { path, source }),
    };
    let record: Resolution = serde_json::from_slice(&bytes).map_err(|e| damaged(e.to_string()))?;
    if record.schema != RESOLUTION_SCHEMA {
        return Err(damaged(format!("unknown schema `{}`", record.schema)));
    }
    if [record.base.as_str(), &record.ours, &record.theirs] != inputs {
        return Err(damaged("its input hashes do not match its file name".into()));
    }
    for (field, value) in [("package", &record.package), ("path", &record.path)] {
        crate::tree::check_relative_path(value.trim_start_matches('@'))
            .map_err(|e| damaged(format!("`{field}` is not a path inside the fork layer: {e}")))?;
    }
    if record.result.as_ref().is_some_and(|r| r.text.is_some() == r.base64.is_some()) {
        return Err(damaged("`result` must hold exactly one of `text` and `base64`".into()));
    }
    if let Some(b64) = record.result.as_ref().and_then(|r| r.base64.as_ref()) {
        base64::engine::general_purpose::STANDARD.decode(b64).map_err(|e| damaged(format!("bad base64: {e}")))?;
    }
    Ok(Some((rel, record)))
}

/// Adds `record` to the tree of `patches/` (as `resolutions/<key>.json`).
pub fn remember(patches: &mut Tree, record: &Resolution) -> Result<String, TreeError> {
    let rel = record_path(&conflict_key(&record.base, &record.ours, &record.theirs));
    patches.insert(rel.clone(), FileEntry::new(record.to_bytes()))?;
    Ok(rel)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_remembered_resolution_is_recalled_only_for_the_same_inputs() {
        let dir = tempfile::tempdir().expect("tempdir");
        let inputs = ["sha256:1", "sha256:2", "absent"];
        let mut tree = Tree::new();
        for (name, result) in [("t", FileEntry::new("merged\n")), ("b", FileEntry::executable(vec![0xff, 0]))] {
            let record = Resolution::new("@a/p", name, "text", inputs, Some(&result));
            tree = Tree::new();
            remember(&mut tree, &record).expect("remember");
            tree.write_to(dir.path()).expect("write");
            let (rel, back) = recall(dir.path(), inputs).expect("recall").expect("found");
            assert_eq!(rel, record_path(&conflict_key("sha256:1", "sha256:2", "absent")));
            assert_eq!(back.entry(), Some(result));
        }
        assert_eq!(tree.len(), 1);
        assert!(recall(dir.path(), ["sha256:1", "sha256:2", "sha256:3"]).expect("recall").is_none());
    }
}
