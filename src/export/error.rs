//! Why an export failed, and what to tell the user.

use std::path::PathBuf;

use super::Touched;
use crate::error::{Diagnosis, Diagnostic, ExitStatus};
use crate::genpatches::GenError;
use crate::journal::JournalError;
use crate::merge::git::GitError;
use crate::patchfmt::{Format, FormatError};
use crate::rebuild::RebuildError;
use crate::tree::TreeError;

/// Errors of `export`.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ExportError {
    /// A package's change cannot be written in the format.
    #[error("`{package}@{version}` cannot be exported as {format} patches")]
    Render {
        /// The format.
        format: Format,
        /// The package.
        package: String,
        /// Its version.
        version: String,
        /// What the format cannot express.
        #[source]
        source: Box<FormatError>,
    },
    /// The project's configuration cannot be read or edited.
    #[error("could not read or edit the {format} configuration of `{}`", .project.display())]
    Config {
        /// The format.
        format: Format,
        /// The project.
        project: PathBuf,
        /// Why.
        #[source]
        source: Box<FormatError>,
    },
    /// Where the tool keeps patches is part of the layer itself.
    #[error("`{}` is where {format} keeps its patches, and the layer's own `{}` is there too", .path.display(), .managed.display())]
    Overlap {
        /// The format.
        format: Format,
        /// The tool's patch directory or configuration file.
        path: PathBuf,
        /// The layer's directory it meets.
        managed: PathBuf,
    },
    /// `upstream/` is not what its lock file records.
    #[error("`upstream/` does not hold what its lock file records: {}", .problems.join("; "))]
    NotLocked {
        /// What differs.
        problems: Vec<String>,
    },
    /// Reading the layer failed.
    #[error(transparent)]
    Rebuild(#[from] RebuildError),
    /// Reading a fork failed.
    #[error(transparent)]
    Fork(#[from] GenError),
    /// Reading the lock file failed.
    #[error(transparent)]
    Lock(#[from] crate::lock::LockError),
    /// Reading or building a tree failed.
    #[error(transparent)]
    Tree(#[from] TreeError),
    /// Writing failed and was rolled back.
    #[error(transparent)]
    Journal(#[from] JournalError),
    /// A merge waits for `--continue` or `--abort`: the fork layer is half
    /// merged (conflict markers) and `upstream/` already the new version.
    #[error(
        "a merge{} is in progress: the fork layer is half merged, so its patches cannot be exported",
        .to.as_deref().map(|to| format!(" onto `{to}`")).unwrap_or_default()
    )]
    MergeInProgress {
        /// The version the merge moves to, as its state file names it
        /// (`None`: the state file cannot be read).
        to: Option<String>,
    },
    /// The project patches a newer version of a package than the layer
    /// holds: exporting would replace that patch by an older one.
    #[error(
        "`{patch}` patches `{name}@{newer}`, newer than the layer's `{name}@{held}`: exporting would replace it by the \
         older version's patch"
    )]
    NewerInProject {
        /// The npm name.
        name: String,
        /// The project's version.
        newer: String,
        /// The layer's version.
        held: String,
        /// The project's patch file(s) of that version.
        patch: String,
    },
    /// Files the export replaces or deletes have uncommitted changes.
    #[error("{}", dirty_message(.files))]
    Dirty {
        /// The files.
        files: Vec<Touched>,
    },
    /// The project's git repository cannot be read.
    #[error("could not read the git status of `{}`", .project.display())]
    Git {
        /// The project.
        project: PathBuf,
        /// Why.
        #[source]
        source: Box<GitError>,
    },
    /// The project, read back as the tool reads it, does not rebuild a
    /// fork (a bug: every patch was proved before writing).
    #[error("the exported project does not rebuild `{package}`: {reason}")]
    Verify {
        /// The package.
        package: String,
        /// What differs.
        reason: String,
    },
}

impl Diagnostic for ExportError {
    fn diagnosis(&self) -> Diagnosis<'_> {
        use Diagnosis::{Own, Wraps};
        use ExitStatus::{Bug, Integrity, Usage};
        match self {
            ExportError::Render { source, .. } => Own(Usage, source.code()),
            ExportError::Config { source, .. } => Own(source.exit_status(), source.code()),
            ExportError::Overlap { .. } => Own(Usage, "unsafe_target"),
            ExportError::NotLocked { .. } => Own(Integrity, "upstream_not_locked"),
            // Not `Wraps`: export's `--json` leaves out their details.
            ExportError::Rebuild(e) => Own(e.exit_status(), e.code()),
            ExportError::Fork(e) => Own(e.exit_status(), e.code()),
            ExportError::Lock(e) => Wraps(e),
            ExportError::Tree(e) => Wraps(e),
            ExportError::Journal(e) => Wraps(e),
            ExportError::Verify { .. } => Own(Bug, "internal"),
            ExportError::MergeInProgress { .. } => Own(Usage, "merge_in_progress"),
            ExportError::NewerInProject { .. } => Own(Usage, "newer_in_project"),
            ExportError::Dirty { .. } => Own(Usage, "dirty"),
            ExportError::Git { .. } => Own(Integrity, "git"),
        }
    }

    fn own_help(&self) -> Option<String> {
        let advice = match self {
            ExportError::Render { format, .. } => format!(
                "keep that change in the forklayer layer (or restore the file in the fork), or export to a format \
                 that can carry it ({format} cannot)"
            ),
            ExportError::Config { source, .. } => source.help()?,
            ExportError::Overlap { .. } => "export into the project that uses the patches (`forklayer export \
                                            <format> <project>`), not into the layer's own directories"
                .into(),
            ExportError::NotLocked { .. } => {
                "restore `upstream/` (`git checkout -- upstream`), or run `forklayer check`".into()
            }
            ExportError::Rebuild(e) => return e.help(),
            ExportError::Fork(e) => return e.help(),
            ExportError::Lock(_) | ExportError::Tree(_) | ExportError::Journal(_) => return None,
            ExportError::Verify { .. } => {
                return Some("nothing was kept; this is a bug in forklayer, please report it".into())
            }
            ExportError::MergeInProgress { .. } => "finish the merge with `forklayer merge --continue` once its \
                                                    conflicts are resolved (or undo it with `forklayer merge \
                                                    --abort`), then export; `forklayer status` shows what is left"
                .into(),
            ExportError::NewerInProject { name, newer, .. } => format!(
                "move the layer to it first (`forklayer upgrade {name}@{newer}` merges the fork onto it, then \
                 exports), or remove the project's patch of {name}@{newer} by hand if the project goes back"
            ),
            ExportError::Dirty { .. } => "commit what is named (`git commit`) to keep it, or carry a patch's \
                                          edit into the fork layer and run `forklayer gen-patches`; or pass \
                                          `--allow-dirty` to write over it"
                .into(),
            ExportError::Git { .. } => {
                "check the repository with `git status` and `git fsck`, then export again".into()
            }
        };
        Some(format!("nothing was written; {advice}"))
    }
}

fn dirty_message(files: &[Touched]) -> String {
    let listed: Vec<String> = files.iter().map(Touched::describe).collect();
    format!("uncommitted changes in {}", listed.join("; "))
}
