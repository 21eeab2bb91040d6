//! Why a merge stops, with the exit code, error code and help of each case.

use std::path::PathBuf;

use crate::error::{Diagnostic, ExitStatus};
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

impl MergeError {
    /// The `--json` code and exit status of each case; the error it wraps
    /// for the cases that take both from it.
    fn code_and_status(&self) -> Result<(&'static str, ExitStatus), &dyn Diagnostic> {
        use ExitStatus::{Bug, Integrity, Usage};
        use PackageMergeError::{FileDirectoryClash, SideFileTaken};
        Ok(match self {
            MergeError::Dirty { .. } => ("dirty", Usage),
            MergeError::NoBase { .. } => ("no_base", Usage),
            MergeError::MissingFork { .. } => ("fork_missing", Usage),
            MergeError::CarriedModified { .. } => ("carried_differs", Usage),
            MergeError::RebuildCheck { .. } => ("rebuild_check", Bug),
            MergeError::Interrupted => ("interrupted", Usage),
            MergeError::Git(
                GitError::NoRepository { .. } | GitError::NoHead { .. } | GitError::OutsideWorkTree { .. },
            ) => ("git", Usage),
            MergeError::Git(_) => ("git", Integrity),
            MergeError::Package { source: SideFileTaken { .. }, .. } => ("conflict_copy_taken", Usage),
            MergeError::Package { source: FileDirectoryClash { .. }, .. } => ("file_directory_clash", Usage),
            MergeError::Package { .. } => ("merge", Integrity),
            MergeError::Baseline { .. } => ("baseline", Usage),
            MergeError::InProgress { .. } => ("merge_in_progress", Usage),
            MergeError::Target { .. } => ("bad_target", Usage),
            MergeError::State(_) => ("merge_state", Usage),
            MergeError::Memory(_) => ("resolution_damaged", Usage),
            MergeError::Pin(_) => ("pin", Usage),
            MergeError::Guard(e) => return Err(e),
            MergeError::Snapshot(e) => return Err(e),
            MergeError::Tree(e) => return Err(e),
            MergeError::Journal(e) => return Err(e),
        })
    }
}

impl Diagnostic for MergeError {
    fn exit_status(&self) -> ExitStatus {
        self.code_and_status().map_or_else(|e| e.exit_status(), |(_, status)| status)
    }

    fn code(&self) -> &'static str {
        self.code_and_status().map_or_else(|e| e.code(), |(code, _)| code)
    }

    fn help(&self) -> Option<String> {
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
            MergeError::Snapshot(e) => return e.help(),
            MergeError::Guard(e) => return e.help(),
            MergeError::Journal(e) => return e.help(),
            MergeError::Tree(e) => return e.help(),
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
