//! What a merge is asked to do and what it reports back.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use crate::layer::{split_versioned, Layer};
use crate::merge::file::{ConflictKind, Outcome};
use crate::merge::layer::MergeError;
use crate::merge::pins::PinChange;
use crate::snapshot::SnapshotSource;

/// What a merge moves to a new upstream version: the version family, and
/// packages declared at their own version, each to its own.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MergeTarget {
    /// The version family's new version (`forklayer merge 0.1.0-rc.9`).
    pub family: Option<String>,
    /// Package name → its new version (`forklayer merge left-pad@1.3.1`).
    pub packages: BTreeMap<String, String>,
}

impl MergeTarget {
    /// The version family to `version`.
    pub fn family(version: impl Into<String>) -> MergeTarget {
        MergeTarget { family: Some(version.into()), packages: BTreeMap::new() }
    }

    /// The command line's targets: a bare version moves the family,
    /// `name@version` one package.
    pub fn parse(args: &[String]) -> Result<MergeTarget, String> {
        let mut target = MergeTarget::default();
        for arg in args {
            match split_versioned(arg) {
                (name, Some(version)) if !name.is_empty() && !version.is_empty() => {
                    if target.packages.insert(name.to_string(), version.to_string()).is_some() {
                        return Err(format!("`{name}` is given more than once"));
                    }
                }
                (version, None) if !version.is_empty() => {
                    if let Some(first) = target.family.replace(version.to_string()) {
                        return Err(format!(
                            "two versions for the version family, `{first}` and `{version}`; give one (a package at \
                             its own version is written `<name>@<version>`)"
                        ));
                    }
                }
                _ => return Err(format!("`{arg}` is neither a version nor `<name>@<version>`")),
            }
        }
        Ok(target)
    }

    /// How reports name it: `0.1.0-rc.9`, `left-pad@1.3.1`, or both
    /// joined by `, `.
    pub fn describe(&self) -> String {
        let packages = self.packages.iter().map(|(name, version)| format!("{name}@{version}"));
        self.family.iter().cloned().chain(packages).collect::<Vec<_>>().join(", ")
    }

    /// Every package that moves, by declared name, with its new version;
    /// refuses a target the layer does not have (a family where the layer
    /// has none, a package it does not declare, a family member named
    /// alone).
    pub fn resolve(&self, layer: &Layer) -> Result<BTreeMap<String, String>, MergeError> {
        let refuse = |message: String| Err(MergeError::Target { message });
        if self.family.is_none() && self.packages.is_empty() {
            return refuse("nothing to merge: give the family's new version or `<name>@<version>`".into());
        }
        let mut moving = BTreeMap::new();
        if let Some(version) = &self.family {
            if layer.baseline.is_none() {
                return refuse(format!(
                    "the layer has no version family (`layer.baseline`) to move to `{version}`; name each package: \
                     `forklayer merge <name>@{version}`"
                ));
            }
            for name in layer.family() {
                moving.insert(name.to_string(), version.clone());
            }
        }
        for (given, version) in &self.packages {
            let found = layer.upstream.values().find(|p| p.name == *given || p.npm_name == *given);
            match found {
                None => return refuse(format!("`{given}` is no forked or carried package of the layer")),
                Some(package) if package.in_family => {
                    return refuse(format!(
                        "`{given}` moves with the version family: `forklayer merge <version>` moves all of it"
                    ))
                }
                Some(package) => {
                    moving.insert(package.name.clone(), version.clone());
                }
            }
        }
        Ok(moving)
    }
}

/// What to merge and how.
#[derive(Debug)]
pub struct MergeOptions<'a> {
    /// What moves to which version.
    pub target: MergeTarget,
    /// Where the new upstream comes from.
    pub source: SnapshotSource,
    /// Compute and report, write nothing.
    pub dry_run: bool,
    /// Run even when the merged paths have uncommitted changes.
    pub allow_dirty: bool,
    /// Set (e.g. by a Ctrl-C handler) to stop before anything is written.
    pub cancel: Option<&'a AtomicBool>,
}

/// One file the merge did something to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileReport {
    /// Full package name.
    pub package: String,
    /// Path inside the package.
    pub path: String,
    /// What happened.
    pub outcome: Outcome,
    /// Why it conflicts, for [`Outcome::Conflict`].
    pub conflict: Option<ConflictKind>,
    /// Conflict copies written next to the fork file (package-relative).
    pub copies: Vec<String>,
    /// The record of the conflict memory used, for [`Outcome::Resolved`]
    /// (relative to `patches/`).
    pub resolution: Option<String>,
}

/// The result of a merge run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeOutcome {
    /// The version the layer was built against (the committed snapshot):
    /// the family's, or the packages' as `name@version`.
    pub from: String,
    /// The new upstream version, named the same way.
    pub to: String,
    /// Every package that moved, with its versions.
    pub moves: Vec<PackageMove>,
    /// Every file that is not [`Outcome::Unchanged`], sorted by package
    /// and path.
    pub files: Vec<FileReport>,
    /// Number of files nobody changed.
    pub unchanged: usize,
    /// Forked packages with a manifest after the merge (clean merges only).
    pub manifests: Vec<String>,
    /// Whether the project was changed (false for `--dry-run`).
    pub written: bool,
    /// Things the user should know (e.g. integrity not checkable).
    pub warnings: Vec<String>,
    /// The declaration with `layer.baseline` and the moved packages'
    /// entries at their new versions (clean merges that change it;
    /// predicted by `--dry-run`).
    pub declaration: Option<DeclarationChange>,
    /// The declared pins moved with the baseline (clean merges).
    pub pins: Vec<PinChange>,
}

/// One package a merge moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackageMove {
    /// As declared.
    pub name: String,
    /// The npm name.
    pub npm_name: String,
    /// Whether it moves as a member of the version family.
    pub in_family: bool,
    /// The committed version.
    pub from: String,
    /// The new version.
    pub to: String,
}

/// The declaration moved to the merged versions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeclarationChange {
    /// The declaration file.
    pub file: PathBuf,
    /// `layer.baseline` before → after, when the version family moved.
    pub baseline: Option<(String, String)>,
    /// Entries `name@version` moved to their new version.
    pub packages: Vec<PackageMove>,
    /// The declaration's new text: the old one with only those version
    /// literals replaced.
    pub(crate) text: String,
}

impl MergeOutcome {
    /// Number of files in conflict.
    pub fn conflicts(&self) -> usize {
        self.count(Outcome::Conflict)
    }

    /// Number of files with `outcome`.
    pub fn count(&self, outcome: Outcome) -> usize {
        if outcome == Outcome::Unchanged {
            return self.unchanged;
        }
        self.files.iter().filter(|f| f.outcome == outcome).count()
    }
}
