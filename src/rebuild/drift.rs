//! What a rebuild reports when manifests no longer fit the upstream bytes:
//! per package, per file, each failing anchor.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Serialize;

use crate::anchor::AnchorFailure;

/// How one file of a package drifted from what its manifest expects.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FileDrift {
    /// The base file's sha256 is not the one the manifest was made from.
    BaseChanged {
        /// sha256 recorded in the manifest.
        expected: String,
        /// sha256 of the base file now.
        actual: String,
    },
    /// The manifest changes a file the base no longer has.
    MissingInBase,
    /// The manifest changes a file the package's `ignore` globs leave out.
    Ignored {
        /// The first declared glob that leaves it out.
        pattern: String,
    },
    /// A file the fork adds already exists upstream.
    AddedExists,
    /// The base file is binary or not UTF-8, so anchors cannot apply.
    NotText,
    /// Replacements that no longer apply.
    Anchors {
        /// Every failing replacement.
        failures: Vec<AnchorFailure>,
    },
    /// The manifest writes a file where the package has a directory, or
    /// below one of its files.
    FileAndDirectory {
        /// The file of the package it collides with.
        other: String,
    },
    /// Content in the manifest cannot be decoded.
    BadContent {
        /// Why.
        message: String,
    },
}

impl std::fmt::Display for FileDrift {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileDrift::BaseChanged { expected, actual } => {
                write!(f, "base file changed (sha256 {actual}, manifest built from {expected})")
            }
            FileDrift::MissingInBase => write!(f, "file is gone from the upstream package"),
            FileDrift::Ignored { pattern } => write!(
                f,
                "file is left out by the `ignore` glob `{pattern}` of forklayer.toml, so the manifest cannot change \
                 it: remove the glob, or the file from the manifest"
            ),
            FileDrift::AddedExists => write!(f, "file the fork adds now exists upstream"),
            FileDrift::NotText => write!(f, "base file is binary or not UTF-8; anchors cannot apply"),
            FileDrift::Anchors { failures } => {
                write!(f, "{} replacement(s) no longer apply", failures.len())?;
                for failure in failures {
                    // Nested below the file's line in drift reports.
                    write!(f, "\n    {failure}")?;
                }
                Ok(())
            }
            FileDrift::FileAndDirectory { other } => {
                write!(f, "would be both a file and a directory (the package has `{other}`)")
            }
            FileDrift::BadContent { message } => write!(f, "bad content in manifest: {message}"),
        }
    }
}

/// Drift of one package: every failing file at once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PackageDrift {
    /// Full package name.
    pub package: String,
    /// Relative path → what failed.
    pub files: BTreeMap<String, Vec<FileDrift>>,
    /// Where the upstream package should be, when it is missing entirely
    /// (reported together with the drift of the other packages).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub missing_upstream: Option<PathBuf>,
    /// Whether the manifest records the sha256 of its base files (every
    /// manifest forklayer writes does; seed-format manifests of the JS
    /// toolchain do not, so drift cannot be blamed on the upstream bytes).
    pub base_recorded: bool,
    /// The manifest's `builtAgainst` and the `upstream/VERSION` it was
    /// applied to, when they differ.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub built_against: Option<Box<BuiltAgainst>>,
}

impl PackageDrift {
    /// Whether the manifest, not upstream, is at fault: it records the
    /// sha256 of its base files, none of them changed or went missing, and
    /// still its anchors fail (its text was edited after it was written).
    pub fn blames_manifest(&self) -> bool {
        self.base_recorded
            && self.missing_upstream.is_none()
            && !self.files.is_empty()
            && self.files.values().flatten().all(|d| matches!(d, FileDrift::Anchors { .. } | FileDrift::NotText))
    }
}

/// A manifest's `builtAgainst` that is not the upstream version it is
/// applied to. `rebuild` does not use `builtAgainst`: it applies the
/// anchors to whatever `upstream/` holds, so this is only a warning.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BuiltAgainst {
    /// Full package name.
    pub package: String,
    /// The manifest's `builtAgainst`.
    pub built_against: String,
    /// `upstream/VERSION`.
    pub upstream: String,
}

impl std::fmt::Display for BuiltAgainst {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "`{}`: manifest built against {}, applied to upstream {} (rebuild does not use `builtAgainst`)",
            self.package, self.built_against, self.upstream
        )
    }
}

/// One entry per missing package, `builtAgainst` mismatch and failing
/// file, its failing anchors on the lines below it.
pub(super) fn drift_entries(drifts: &[PackageDrift]) -> Vec<String> {
    let mut entries = Vec::new();
    for drift in drifts {
        if let Some(path) = &drift.missing_upstream {
            entries.push(format!("{}: upstream package is missing (expected `{}`)", drift.package, path.display()));
        }
        entries.extend(drift.built_against.iter().map(|mismatch| mismatch.to_string()));
        for (path, problems) in &drift.files {
            entries.extend(problems.iter().map(|problem| format!("{}/{path}: {problem}", drift.package)));
        }
    }
    entries
}

pub(super) fn describe_drift(drifts: &[PackageDrift]) -> String {
    drift_entries(drifts).iter().map(|entry| format!("\n  {entry}")).collect()
}
