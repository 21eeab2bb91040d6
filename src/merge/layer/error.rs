//! Why a merge stops, with the exit code, error code and help of each case.

use std::path::PathBuf;

use crate::error::{Diagnosis, Diagnostic, ExitStatus};
use crate::guard::GuardError;
use crate::journal::JournalError;
use crate::merge::baseline::BaselineError;
use crate::merge::git::GitError;
use crate::merge::memory::MemoryError;
use crate::merge::package::PackageMergeError;
use crate::merge::pins::PinError;
use crate::merge::progress::StateError;
use crate::snapshot::SnapshotError;
use crate::tree::TreeError;

/// Errors of `merge`.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MergeError {
    /// The paths the merge rewrites have uncommitted changes.
    #[error("uncommitted changes in the paths the merge rewrites: {}", list(.paths))]
    Dirty {
        /// The changed paths, relative to the work tree.
        paths: Vec<String>,
    },
    /// HEAD has no vendored snapshot to use as the merge base.
    #[error("HEAD has no committed snapshot of `{what}` to merge from")]
    NoBase {
        /// The missing file or package.
        what: String,
    },
    /// A forked or carried package is missing from the fork layer.
    #[error("`{package}` is missing from the fork layer (expected `{path}`)")]
    MissingFork {
        /// Full package name.
        package: String,
        /// Where it should be.
        path: PathBuf,
    },
    /// A carried package's copy no longer matches the base.
    #[error("carried package `{package}` differs from its committed upstream in {files} file(s)")]
    CarriedModified {
        /// Full package name.
        package: String,
        /// Number of differing files.
        files: usize,
    },
    /// The regenerated manifests do not rebuild the merged fork layer.
    #[error("the regenerated manifest of `{package}` does not rebuild the merged fork: {}", list(.differences))]
    RebuildCheck {
        /// Full package name.
        package: String,
        /// What differs.
        differences: Vec<String>,
    },
    /// What the merge is asked to move does not fit the layer.
    #[error("{message}")]
    Target {
        /// What does not fit.
        message: String,
    },
    /// The run was interrupted before anything was written.
    #[error("interrupted; nothing was changed")]
    Interrupted,
    /// A directory the merge replaces is not safe to replace.
    #[error(transparent)]
    Guard(#[from] GuardError),
    /// Reading git failed.
    #[error(transparent)]
    Git(#[from] GitError),
    /// Fetching the new upstream failed.
    #[error("could not vendor the new upstream")]
    Snapshot(#[source] SnapshotError),
    /// Merging a package failed.
    #[error("could not merge `{package}`")]
    Package {
        /// Full package name.
        package: String,
        /// Why.
        #[source]
        source: PackageMergeError,
    },
    /// Reading or writing a directory failed.
    #[error(transparent)]
    Tree(#[from] TreeError),
    /// Writing the result failed (rolled back, or the journal is kept for
    /// the next run to roll back).
    #[error(transparent)]
    Journal(#[from] JournalError),
    /// A merge with conflicts is waiting for `--continue` or `--abort`.
    #[error("a merge onto `{to}` is in progress")]
    InProgress {
        /// The version it merges to.
        to: String,
    },
    /// The merge state file cannot be read.
    #[error(transparent)]
    State(#[from] StateError),
    /// A recorded resolution cannot be used.
    #[error(transparent)]
    Memory(#[from] MemoryError),
    /// A declared pin of the baseline cannot be moved.
    #[error(transparent)]
    Pin(#[from] PinError),
    /// `layer.baseline` of the declaration cannot be moved.
    #[error("cannot set `layer.baseline` in `{path}`")]
    Baseline {
        /// The declaration file.
        path: PathBuf,
        /// Why.
        #[source]
        source: BaselineError,
    },
}

fn list(items: &[String]) -> String {
    const SHOWN: usize = 10;
    let mut text = items.iter().take(SHOWN).map(|p| format!("`{p}`")).collect::<Vec<_>>().join(", ");
    if items.len() > SHOWN {
        text.push_str(&format!(" and {} more", items.len() - SHOWN));
    }
    text
}

impl Diagnostic for MergeError {
    fn diagnosis(&self) -> Diagnosis<'_> {
        use Diagnosis::{Own, Wraps};
        use ExitStatus::{Bug, Integrity, Usage};
        use PackageMergeError::{FileDirectoryClash, SideFileTaken};
        match self {
            MergeError::Dirty { .. } => Own(Usage, "dirty"),
            MergeError::NoBase { .. } => Own(Usage, "no_base"),
            MergeError::MissingFork { .. } => Own(Usage, "fork_missing"),
            MergeError::CarriedModified { .. } => Own(Usage, "carried_differs"),
            MergeError::RebuildCheck { .. } => Own(Bug, "rebuild_check"),
            MergeError::Interrupted => Own(Usage, "interrupted"),
            MergeError::Git(
                GitError::NoRepository { .. } | GitError::NoHead { .. } | GitError::OutsideWorkTree { .. },
            ) => Own(Usage, "git"),
            MergeError::Git(_) => Own(Integrity, "git"),
            MergeError::Package { source: SideFileTaken { .. }, .. } => Own(Usage, "conflict_copy_taken"),
            MergeError::Package { source: FileDirectoryClash { .. }, .. } => Own(Usage, "file_directory_clash"),
            MergeError::Package { .. } => Own(Integrity, "merge"),
            MergeError::Baseline { .. } => Own(Usage, "baseline"),
            MergeError::InProgress { .. } => Own(Usage, "merge_in_progress"),
            MergeError::Target { .. } => Own(Usage, "bad_target"),
            MergeError::State(_) => Own(Usage, "merge_state"),
            MergeError::Memory(_) => Own(Usage, "resolution_damaged"),
            MergeError::Pin(_) => Own(Usage, "pin"),
            MergeError::Guard(e) => Wraps(e),
            MergeError::Snapshot(e) => Wraps(e),
            MergeError::Tree(e) => Wraps(e),
            MergeError::Journal(e) => Wraps(e),
        }
    }

    fn own_help(&self) -> Option<String> {
        let help = match self {
            MergeError::Dirty { .. } => "commit or discard the changes first, or pass `--allow-dirty`",
            MergeError::NoBase { .. } => {
                "run `forklayer snapshot <current version>` and commit `upstream/` before merging"
            }
            MergeError::CarriedModified { .. } => {
                "restore the carried package's upstream bytes, or move it from `carried` to `forked` in forklayer.toml"
            }
            MergeError::RebuildCheck { .. } => "this is a bug in forklayer; nothing was changed; please report it",
            MergeError::Baseline { .. } => {
                "write `baseline = \"<version>\"` as a plain string in the `[layer]` table, or merge with `--dry-run` \
                 and edit it by hand"
            }
            MergeError::Target { .. } => {
                "`forklayer merge <version>` moves the version family (the packages forklayer.toml lists without a \
                 version), `forklayer merge <name>@<version>` a package listed as `<name>@<version>`"
            }
            MergeError::InProgress { .. } => {
                "finish it with `forklayer merge --continue` once the conflicts are resolved, or undo it with \
                 `forklayer merge --abort`; `forklayer status` shows what is left"
            }
            MergeError::State(_) => {
                return Some(format!(
                    "the file is written by `merge`; restore it, or remove `{}` and put the project back with `git checkout`",
                    crate::merge::progress::STATE_DIR
                ))
            }
            MergeError::Memory(_) => {
                "fix or delete the record (it is committed under `patches/resolutions/`) and merge again"
            }
            MergeError::Pin(e) => return Some(e.help()),
            MergeError::Snapshot(_) | MergeError::Guard(_) | MergeError::Journal(_) | MergeError::Tree(_) => return None,
            MergeError::Git(GitError::NoRepository { .. } | GitError::NoHead { .. }) => {
                "merge needs the project in a git repository with the current snapshot committed"
            }
            MergeError::Git(GitError::DamagedObject { .. }) => {
                "nothing was changed; `git fsck` lists the damaged objects: restore them from another clone \
                 (copy its `.git/objects`, or re-clone), then merge again"
            }
            MergeError::Git(_) => "check the repository with `git status` and `git fsck`, then merge again",
            MergeError::MissingFork { .. } => {
                "restore the package in the fork layer (`git checkout -- <path>`), or remove it from forklayer.toml"
            }
            MergeError::Interrupted => "nothing was changed; run the merge again",
            MergeError::Package { .. } => {
                "nothing was changed; fix the file named above in the fork layer and merge again"
            }
        };
        Some(help.into())
    }
}
