//! What a merge is asked to do and what it reports back.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use crate::merge::file::{ConflictKind, Outcome};
use crate::merge::pins::PinChange;
use crate::snapshot::SnapshotSource;

/// What to merge and how.
#[derive(Debug)]
pub struct MergeOptions<'a> {
    /// The new upstream version.
    pub version: String,
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
    /// The hashes of the three inputs (old upstream, fork, new upstream)
    /// of a conflict or a recalled resolution.
    pub inputs: Option<[String; 3]>,
    /// Lines that are exactly `=======` in a conflicted file's versions:
    /// those of the fork and the new upstream, the ones they share with the
    /// old upstream counted once. That many in the resolved file are
    /// content (a Markdown heading underline), not a marker left.
    pub separators: usize,
    /// The record of the conflict memory used, for [`Outcome::Resolved`]
    /// (relative to `patches/`).
    pub resolution: Option<String>,
}

/// The result of a merge run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeOutcome {
    /// The version the layer was built against (the committed snapshot).
    pub from: String,
    /// The new upstream version.
    pub to: String,
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
    /// The move of `layer.baseline` (clean merges whose baseline differs
    /// from the new version; predicted by `--dry-run`).
    pub baseline: Option<BaselineChange>,
    /// The declared pins moved with it (clean merges).
    pub pins: Vec<PinChange>,
}

/// `layer.baseline` of the declaration moved to the new version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaselineChange {
    /// The declaration file.
    pub file: PathBuf,
    /// The baseline before the merge.
    pub from: String,
    /// The new baseline: the merged upstream version.
    pub to: String,
    /// The declaration's new text: the old one with only the baseline
    /// literal replaced.
    pub(crate) text: String,
}

impl MergeOutcome {
    /// Number of files in conflict.
    pub fn conflicts(&self) -> usize {
        self.files.iter().filter(|f| f.outcome == Outcome::Conflict).count()
    }

    /// Number of files with `outcome`.
    pub fn count(&self, outcome: Outcome) -> usize {
        if outcome == Outcome::Unchanged {
            return self.unchanged;
        }
        self.files.iter().filter(|f| f.outcome == outcome).count()
    }
}
