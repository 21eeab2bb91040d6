//! `merge`: upgrade the whole fork layer to a new upstream version.
//!
//! The steps, each finished before the next starts:
//!
//! 1. refuse uncommitted changes in `upstream/`, the fork layer and
//!    `patches/` (unless allowed);
//! 2. read the base (the snapshot committed at HEAD) with libgit2;
//! 3. vendor the new upstream into a staging copy of `upstream/`, fetched and
//!    integrity-checked by [`crate::snapshot`];
//! 4. merge every forked and carried package file by file;
//! 5. stage the new fork layer and, on a clean merge, the regenerated
//!    manifests, and prove that they rebuild the merged fork layer;
//! 6. swap the staged directories in with renames (never on `--dry-run`).
//!
//! Any error or an interruption before step 6 leaves the project as it was.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use crate::error::{Diagnostic, ExitStatus};
use crate::genpatches::{is_generated_patch_file, plan_patches, GenError};
use crate::layer::Layer;
use crate::lock::VERSION_FILE;
use crate::manifest::{Manifest, ManifestError};
use crate::merge::file::{ConflictKind, Outcome};
use crate::merge::git::{GitError, Repo};
use crate::merge::package::{merge_package, side_file_path, PackageMerge, PackageMergeError};
use crate::merge::text::Labels;
use crate::merge::transaction::{Transaction, TransactionError};
use crate::rebuild::{apply_manifest, compare_trees, ApplyOptions, Difference};
use crate::snapshot::{snapshot, SnapshotError, SnapshotSource};
use crate::tree::{FileEntry, Tree, TreeError};

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
    /// Set (e.g. by a Ctrl-C handler) to stop before anything is swapped in.
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
    /// The run was interrupted before anything was swapped in.
    #[error("interrupted; nothing was changed")]
    Interrupted,
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
    /// Regenerating the manifests failed.
    #[error("could not regenerate the manifests")]
    Gen(#[source] GenError),
    /// A regenerated manifest could not be read back.
    #[error(transparent)]
    Manifest(#[from] ManifestError),
    /// Reading or writing a directory failed.
    #[error(transparent)]
    Tree(#[from] TreeError),
    /// Staging or swapping failed.
    #[error(transparent)]
    Transaction(#[from] TransactionError),
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
    fn exit_status(&self) -> ExitStatus {
        match self {
            MergeError::Dirty { .. }
            | MergeError::NoBase { .. }
            | MergeError::MissingFork { .. }
            | MergeError::CarriedModified { .. }
            | MergeError::Interrupted => ExitStatus::Usage,
            MergeError::RebuildCheck { .. } => ExitStatus::Bug,
            MergeError::Snapshot(e) => e.exit_status(),
            MergeError::Gen(e) => e.exit_status(),
            MergeError::Manifest(e) => e.exit_status(),
            MergeError::Tree(e) => e.exit_status(),
            MergeError::Git(_) | MergeError::Package { .. } | MergeError::Transaction(_) => match self {
                MergeError::Package { source: PackageMergeError::SideFileTaken { .. }, .. }
                | MergeError::Package { source: PackageMergeError::FileDirectoryClash { .. }, .. } => ExitStatus::Usage,
                MergeError::Git(GitError::NoRepository { .. } | GitError::NoHead { .. }) => ExitStatus::Usage,
                _ => ExitStatus::Integrity,
            },
        }
    }

    fn code(&self) -> &'static str {
        match self {
            MergeError::Dirty { .. } => "dirty",
            MergeError::NoBase { .. } => "no_base",
            MergeError::MissingFork { .. } => "fork_missing",
            MergeError::CarriedModified { .. } => "carried_differs",
            MergeError::RebuildCheck { .. } => "rebuild_check",
            MergeError::Interrupted => "interrupted",
            MergeError::Git(_) => "git",
            MergeError::Snapshot(e) => e.code(),
            MergeError::Package { source: PackageMergeError::SideFileTaken { .. }, .. } => "conflict_copy_taken",
            MergeError::Package { source: PackageMergeError::FileDirectoryClash { .. }, .. } => "file_directory_clash",
            MergeError::Package { .. } => "merge",
            MergeError::Gen(e) => e.code(),
            MergeError::Manifest(e) => e.code(),
            MergeError::Tree(e) => e.code(),
            MergeError::Transaction(_) => "io",
        }
    }

    fn help(&self) -> Option<String> {
        match self {
            MergeError::Dirty { .. } => Some("commit or discard the changes first, or pass `--allow-dirty`".into()),
            MergeError::NoBase { .. } => {
                Some("run `forklayer snapshot <current version>` and commit `upstream/` before merging".into())
            }
            MergeError::CarriedModified { .. } => Some(
                "restore the carried package's upstream bytes, or move it from `carried` to `forked` in forklayer.toml"
                    .into(),
            ),
            MergeError::RebuildCheck { .. } => {
                Some("this is a bug in forklayer; nothing was changed; please report it".into())
            }
            MergeError::Snapshot(e) => e.help(),
            MergeError::Gen(e) => e.help(),
            MergeError::Git(GitError::NoRepository { .. } | GitError::NoHead { .. }) => {
                Some("merge needs the project in a git repository with the current snapshot committed".into())
            }
            _ => None,
        }
    }
}

/// Merges the fork layer of `layer` onto upstream `options.version`.
pub fn merge(layer: &Layer, options: &MergeOptions<'_>) -> Result<MergeOutcome, MergeError> {
    let paths = &layer.paths;
    let repo = Repo::discover(&layer.root)?;
    if !options.allow_dirty {
        let dirty = repo.dirty_paths(&[&paths.upstream, &paths.forks, &paths.patches])?;
        if !dirty.is_empty() {
            return Err(MergeError::Dirty { paths: dirty });
        }
    }
    let from = committed_version(&repo, &paths.upstream)?;
    let mut ours = read_forks(&paths.forks)?;
    let mut tx = Transaction::new();
    let staged = stage_layer(layer, &mut tx)?;
    copy_dir(&paths.upstream, &staged.paths.upstream)?;
    check_cancel(options)?;
    let vendored = snapshot(&staged, &options.version, &options.source).map_err(MergeError::Snapshot)?;
    check_cancel(options)?;
    let labels_text = LabelTexts::new(&from, &options.version);
    let labels = labels_text.labels();
    let mut report = Vec::new();
    let mut unchanged = 0;
    let mut new_forks = Tree::new();
    let mut theirs_by_package = Vec::new();
    for name in layer.upstream_packages() {
        let full = layer.full_name(name);
        let base = repo.head_dir(&layer.package_dir(&paths.upstream, name))?.ok_or_else(|| MergeError::NoBase { what: full.clone() })?;
        let theirs = Tree::read_dir(&layer.package_dir(&staged.paths.upstream, name))?;
        let fork = take_package(&mut ours, &full).ok_or_else(|| MergeError::MissingFork {
            package: full.clone(),
            path: layer.package_dir(&paths.forks, name),
        })?;
        if layer.carried.iter().any(|c| c == name) {
            check_carried(&full, &base, &fork)?;
        }
        let merged = merge_package(&base, &fork, &theirs, &labels)
            .map_err(|source| MergeError::Package { package: full.clone(), source })?;
        unchanged += collect_report(&full, &merged, &mut report);
        new_forks.graft(&full, merged.into_tree())?;
        theirs_by_package.push((full, theirs));
    }
    // Everything else of the fork layer (own packages, other files) is
    // carried over untouched.
    for (path, entry) in ours.iter() {
        new_forks.insert(path, entry.clone())?;
    }
    new_forks.write_to(&staged.paths.forks)?;
    let conflicts = report.iter().any(|f| f.outcome == Outcome::Conflict);
    let manifests = if conflicts {
        Vec::new()
    } else {
        let manifests = stage_patches(&staged, &paths.patches)?;
        verify_rebuild(layer, &staged, &theirs_by_package, &new_forks)?;
        manifests
    };
    check_cancel(options)?;
    let written = !options.dry_run;
    if written {
        if conflicts {
            // The manifests stay as they were until the conflicts are
            // resolved and `gen-patches` is run.
            tx.unstage(&paths.patches)?;
        }
        tx.commit()?;
    }
    Ok(MergeOutcome { from, to: options.version.clone(), files: report, unchanged, manifests, written, warnings: vendored.warnings })
}

fn check_cancel(options: &MergeOptions<'_>) -> Result<(), MergeError> {
    match options.cancel {
        Some(flag) if flag.load(Ordering::SeqCst) => Err(MergeError::Interrupted),
        _ => Ok(()),
    }
}

/// The version of the snapshot committed at HEAD.
fn committed_version(repo: &Repo, upstream: &Path) -> Result<String, MergeError> {
    let path = upstream.join(VERSION_FILE);
    let no_base = || MergeError::NoBase { what: repo.relative(&path).unwrap_or_else(|_| path.display().to_string()) };
    let bytes = repo.head_file(&path)?.ok_or_else(no_base)?;
    let version = String::from_utf8_lossy(&bytes).trim().to_string();
    if version.is_empty() {
        return Err(no_base());
    }
    Ok(version)
}

fn read_forks(forks: &Path) -> Result<Tree, MergeError> {
    if forks.is_dir() {
        Ok(Tree::read_dir(forks)?)
    } else {
        Ok(Tree::new())
    }
}

/// A copy of `layer` whose three directories point at staging directories.
fn stage_layer(layer: &Layer, tx: &mut Transaction) -> Result<Layer, MergeError> {
    let mut staged = layer.clone();
    staged.paths.upstream = tx.stage(&layer.paths.upstream)?;
    staged.paths.forks = tx.stage(&layer.paths.forks)?;
    staged.paths.patches = tx.stage(&layer.paths.patches)?;
    Ok(staged)
}

fn copy_dir(from: &Path, to: &Path) -> Result<(), MergeError> {
    if from.is_dir() {
        Tree::read_dir(from)?.write_to(to)?;
    }
    Ok(())
}

/// Removes the files of package `full` (`<scope>/<name>/…`) from `tree` and
/// returns them relative to the package; `None` when there are none.
fn take_package(tree: &mut Tree, full: &str) -> Option<Tree> {
    let prefix = format!("{full}/");
    let paths: Vec<String> = tree.paths().filter(|p| p.starts_with(&prefix)).map(str::to_string).collect();
    if paths.is_empty() {
        return None;
    }
    let mut package = Tree::new();
    for path in paths {
        if let Some(entry) = tree.remove(&path) {
            // The path was valid in `tree`, so its suffix is valid too.
            let _ = package.insert(&path[prefix.len()..], entry);
        }
    }
    Some(package)
}

fn check_carried(full: &str, base: &Tree, fork: &Tree) -> Result<(), MergeError> {
    let differences = compare_trees(base, fork).len();
    if differences > 0 {
        return Err(MergeError::CarriedModified { package: full.to_string(), files: differences });
    }
    Ok(())
}

/// Adds the changed files of a package to `report`; returns how many were
/// unchanged.
fn collect_report(full: &str, merged: &PackageMerge, report: &mut Vec<FileReport>) -> usize {
    let mut unchanged = 0;
    for (path, merge) in merged.files() {
        if merge.outcome() == Outcome::Unchanged {
            unchanged += 1;
            continue;
        }
        report.push(FileReport {
            package: full.to_string(),
            path: path.clone(),
            outcome: merge.outcome(),
            conflict: merge.conflict(),
            copies: merge.sides().iter().map(|(side, _)| side_file_path(path, *side)).collect(),
        });
    }
    unchanged
}

/// The marker labels: the fork and both upstream versions.
struct LabelTexts {
    ours: String,
    base: String,
    theirs: String,
}

impl LabelTexts {
    fn new(from: &str, to: &str) -> LabelTexts {
        LabelTexts { ours: format!("fork@{from}"), base: format!("upstream@{from}"), theirs: format!("upstream@{to}") }
    }

    fn labels(&self) -> Labels<'_> {
        Labels { ours: &self.ours, base: &self.base, theirs: &self.theirs }
    }
}

/// Stages `patches/` as `gen-patches` would write it for the merged layer:
/// files forklayer does not generate are kept, generated ones replaced.
/// Unlike `gen-patches` it never refreshes own packages: a merge leaves them
/// alone. Returns the forked packages that have a manifest.
fn stage_patches(staged: &Layer, patches: &Path) -> Result<Vec<String>, MergeError> {
    let planned = plan_patches(staged).map_err(MergeError::Gen)?;
    let previous = if patches.is_dir() { Tree::read_dir(patches)? } else { Tree::new() };
    let mut next = Tree::new();
    for (path, entry) in previous.iter().filter(|(p, _)| !is_generated_patch_file(p)) {
        next.insert(path, entry.clone())?;
    }
    for (file, bytes) in &planned {
        next.insert(file.clone(), FileEntry::new(bytes.clone()))?;
    }
    next.write_to(&staged.paths.patches)?;
    Ok(planned.keys().filter_map(|f| f.strip_suffix(".json")).map(str::to_string).collect())
}

/// The rebuild check: the staged manifests applied to the new upstream
/// reproduce every merged fork package byte for byte.
fn verify_rebuild(
    layer: &Layer,
    staged: &Layer,
    theirs_by_package: &[(String, Tree)],
    new_forks: &Tree,
) -> Result<(), MergeError> {
    let mut forks = new_forks.clone();
    for (full, theirs) in theirs_by_package {
        let merged = take_package(&mut forks, full).unwrap_or_default();
        let name = full.rsplit('/').next().unwrap_or(full);
        let manifest_path = staged.paths.patches.join(format!("{name}.json"));
        let rebuilt = if layer.forked.iter().any(|f| f == name) && manifest_path.is_file() {
            let manifest = Manifest::read(&manifest_path)?;
            apply_manifest(full, theirs, &manifest, ApplyOptions::default()).map_err(|drift| MergeError::RebuildCheck {
                package: full.clone(),
                differences: drift.files.keys().cloned().collect(),
            })?
        } else {
            theirs.clone()
        };
        let differences: Vec<Difference> = compare_trees(&rebuilt, &merged);
        if !differences.is_empty() {
            return Err(MergeError::RebuildCheck {
                package: full.clone(),
                differences: differences.iter().map(ToString::to_string).collect(),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
