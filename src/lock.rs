//! The lock file of `upstream/` (`forklayer.lock.json`): per package its
//! name, version, tarball integrity and every file's size, mode and sha256,
//! so `check` can prove the vendored bytes were not touched.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::npm::sha256_hex;
use crate::tree::Tree;

/// File name of the lock inside the upstream directory.
pub const LOCK_FILE: &str = "forklayer.lock.json";
/// File name of the vendored version marker inside the upstream directory.
pub const VERSION_FILE: &str = "VERSION";
/// Schema tag written into every lock.
pub const LOCK_SCHEMA: &str = "forklayer.lock/1";

/// The whole lock file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lock {
    /// Full package name → entry.
    pub packages: BTreeMap<String, LockedPackage>,
    /// Always [`LOCK_SCHEMA`].
    pub schema: String,
    /// The version family's version vendored (what `upstream/VERSION`
    /// says); empty, and left out of the file, for a layer without a
    /// family. Each package's own version is in its entry.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub version: String,
}

/// One vendored package.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LockedPackage {
    /// Relative path → file facts.
    pub files: BTreeMap<String, LockedFile>,
    /// sha512 SRI of the tarball; `null` when vendored from a directory.
    pub integrity: Option<String>,
    /// `registry`, `tarball` or `directory`.
    pub source: String,
    /// The package version.
    pub version: String,
}

/// Facts about one vendored file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LockedFile {
    /// `0644` or `0755`.
    pub mode: String,
    /// Lowercase hex sha256 of the bytes.
    pub sha256: String,
    /// Size in bytes.
    pub size: u64,
}

/// Errors of reading or writing the lock.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// The lock could not be read.
    #[error("could not read the lock file `{path}`")]
    Read {
        /// The path.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// The lock is not valid.
    #[error("invalid lock file `{path}`: {message}")]
    Invalid {
        /// The path.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
}

impl crate::error::Diagnostic for LockError {
    fn diagnosis(&self) -> crate::error::Diagnosis<'_> {
        let code = match self {
            LockError::Read { .. } => "lock_unreadable",
            LockError::Invalid { .. } => "lock_invalid",
        };
        crate::error::Diagnosis::Own(crate::error::ExitStatus::Integrity, code)
    }
    fn own_help(&self) -> Option<String> {
        Some(match self {
            LockError::Read { source, .. } if source.kind() == std::io::ErrorKind::NotFound => {
                "re-create `upstream/` with `forklayer snapshot <version>`; if `forklayer adopt` was interrupted, run it again (it rolls back what it left and adopts anew)".into()
            }
            _ => "re-create `upstream/` with `forklayer snapshot <version>`".into(),
        })
    }
}

/// Facts about every file of `tree`.
pub fn lock_files(tree: &Tree) -> BTreeMap<String, LockedFile> {
    tree.iter()
        .map(|(path, entry)| {
            let mode = format!("{:04o}", entry.mode());
            (path.to_string(), LockedFile { mode, sha256: sha256_hex(&entry.bytes), size: entry.bytes.len() as u64 })
        })
        .collect()
}

impl Lock {
    /// Canonical bytes: sorted keys, two-space indentation, final newline.
    pub fn to_canonical_json(&self) -> Vec<u8> {
        crate::manifest::canonical_json(self)
    }

    /// Parses lock bytes; `origin` names the file in errors.
    pub fn from_json(bytes: &[u8], origin: &Path) -> Result<Lock, LockError> {
        let invalid = |message: String| LockError::Invalid { path: origin.to_path_buf(), message };
        let value = crate::json::parse_strict(bytes).map_err(|e| invalid(e.to_string()))?;
        // The schema decides the shape: name a newer lock as such before
        // its fields are checked.
        if let Some(other) = value.get("schema").and_then(serde_json::Value::as_str).filter(|s| *s != LOCK_SCHEMA) {
            let reads = format!("this forklayer reads `{LOCK_SCHEMA}`; upgrade forklayer");
            return Err(invalid(format!("unsupported schema `{other}` ({reads})")));
        }
        serde_json::from_value(value).map_err(|e| invalid(e.to_string()))
    }

    /// Reads `<upstream>/forklayer.lock.json`.
    pub fn read(upstream: &Path) -> Result<Lock, LockError> {
        let path = upstream.join(LOCK_FILE);
        let bytes =
            crate::tree::read_regular(&path).map_err(|source| LockError::Read { path: path.clone(), source })?;
        Lock::from_json(&bytes, &path)
    }

    /// Why `upstream/VERSION` saying `vendored` disagrees with the lock
    /// (`None` when they agree).
    pub fn version_mismatch(&self, vendored: &str) -> Option<String> {
        (vendored != self.version)
            .then(|| format!("upstream/{VERSION_FILE} says `{vendored}` but the lock file says `{}`", self.version))
    }

    /// Differences between the lock entry of `package` and `tree`, as
    /// human-readable lines naming each file (empty when they agree).
    pub fn verify_tree(&self, package: &str, tree: &Tree) -> Vec<String> {
        let Some(locked) = self.packages.get(package) else {
            return vec![format!("`{package}` is not in the lock file")];
        };
        let actual = lock_files(tree);
        let mut problems = Vec::new();
        for (path, want) in &locked.files {
            match actual.get(path) {
                None => problems.push(format!("`{package}/{path}` is missing")),
                Some(have) if have.sha256 != want.sha256 || have.size != want.size => problems.push(format!(
                    "`{package}/{path}` has changed (sha256 {} instead of {})",
                    have.sha256, want.sha256
                )),
                Some(have) if have.mode != want.mode => {
                    problems.push(format!("`{package}/{path}` has mode {} instead of {}", have.mode, want.mode))
                }
                Some(_) => {}
            }
        }
        for path in actual.keys().filter(|p| !locked.files.contains_key(*p)) {
            problems.push(format!("`{package}/{path}` is not in the lock file"));
        }
        problems
    }

    /// The vendored version of package `npm_name`, when locked.
    pub fn version_of(&self, npm_name: &str) -> Option<&str> {
        self.packages.get(npm_name).map(|p| p.version.as_str())
    }
}

/// The version `upstream/VERSION` records, when it holds one.
pub fn vendored_version(upstream: &Path) -> Option<String> {
    let text = crate::tree::read_regular_text(&upstream.join(VERSION_FILE)).ok()?;
    Some(text.trim().to_string()).filter(|version| !version.is_empty())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::path::Path;

    use super::{lock_files, Lock, LockedPackage, LOCK_SCHEMA};
    use crate::tree::{FileEntry, Tree};

    fn sample() -> (Lock, Tree) {
        let mut tree = Tree::new();
        tree.insert("a.js", FileEntry::new(b"a".to_vec())).expect("insert");
        let pkg = LockedPackage {
            files: lock_files(&tree),
            integrity: None,
            source: "directory".into(),
            version: "1.0.0".into(),
        };
        let lock = Lock {
            packages: BTreeMap::from([("@s/p".to_string(), pkg)]),
            schema: LOCK_SCHEMA.into(),
            version: "1.0.0".into(),
        };
        (lock, tree)
    }

    #[test]
    fn lock_round_trips_canonically() {
        let (lock, _) = sample();
        let bytes = lock.to_canonical_json();
        assert!(bytes.ends_with(b"}\n"));
        assert_eq!(Lock::from_json(&bytes, Path::new("x")).expect("parse"), lock);
    }

    #[test]
    fn a_newer_lock_schema_is_named_before_its_fields() {
        let bytes = br#"{"schema": "forklayer.lock/2", "packages": {}, "version": "1", "signed": true}"#;
        let err = Lock::from_json(bytes, Path::new("x")).expect_err("newer");
        assert!(err.to_string().contains("unsupported schema `forklayer.lock/2`"), "{err}");
    }

    #[test]
    fn changed_and_extra_files_are_named() {
        let (lock, mut tree) = sample();
        assert!(lock.verify_tree("@s/p", &tree).is_empty());
        tree.insert("a.js", FileEntry::executable(b"a".to_vec())).expect("insert");
        tree.insert("b.js", FileEntry::new(b"b".to_vec())).expect("insert");
        let problems = lock.verify_tree("@s/p", &tree);
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[0].contains("mode 0755"));
        assert!(problems[1].contains("`@s/p/b.js` is not in the lock file"));
    }
}
