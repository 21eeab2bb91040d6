//! What a merge reads before it merges: the committed base, the fork layer
//! on disk and the new upstream, after refusing uncommitted changes.

use std::path::Path;

use crate::guard::check_managed_dir;
use crate::layer::Layer;
use crate::lock::VERSION_FILE;
use crate::merge::git::Repo;
use crate::merge::layer::{check_cancel, MergeError, MergeOptions};
use crate::snapshot::{fetch_snapshot, FetchedSnapshot};
use crate::tree::Tree;

/// What a merge reads before it merges.
pub(super) struct Inputs {
    /// The committed version.
    pub(super) from: String,
    /// The committed files of each package, in `names` order.
    pub(super) bases: Vec<Option<Tree>>,
    /// The fork layer as read from disk.
    pub(super) forks: Tree,
    /// The new upstream.
    pub(super) upstream: FetchedSnapshot,
}

/// Reads the inputs of the merge of packages `names`, one step after the
/// other: the dirty check (unless allowed), the committed version and the
/// base of each package, the fork layer on disk, and the new upstream. The
/// registry is asked last, so that a dirty or broken repository stops the
/// merge before anything is fetched. Errors come in that order.
pub(super) fn read_inputs(layer: &Layer, options: &MergeOptions<'_>, names: &[&str]) -> Result<Inputs, MergeError> {
    let paths = &layer.paths;
    // A refused directory (a file, the repository itself) is refused
    // before anything is read.
    check_managed_dirs(layer)?;
    let repo = Repo::discover(&layer.root)?;
    if !options.allow_dirty {
        refuse_dirty_paths(repo.dirty_paths(&[&paths.upstream, &paths.forks, &paths.patches])?)?;
    }
    let from = committed_version(&repo, &paths.upstream)?;
    let bases = repo.head_dirs(&paths.upstream.join(&layer.scope), names)?;
    let forks = read_forks(&paths.forks)?;
    let upstream = fetch_upstream(layer, options)?;
    Ok(Inputs { from, bases, forks, upstream })
}

/// Fetches and verifies the new upstream exactly as `snapshot` does, in
/// memory: the merge reads its packages from there and writes it as is.
fn fetch_upstream(layer: &Layer, options: &MergeOptions<'_>) -> Result<FetchedSnapshot, MergeError> {
    check_cancel(options)?;
    let fetched = fetch_snapshot(layer, &options.version, &options.source).map_err(MergeError::Snapshot)?;
    check_cancel(options)?;
    Ok(fetched)
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

/// Opens the repository after checking that the three directories may be
/// replaced wholesale (none is the repository itself or a file, e.g. a
/// mistyped `--forks .`). It does not refuse uncommitted changes: its one
/// caller, `merge --abort`, finds the merge's own there (a merge checks
/// for them itself, in [`read_inputs`]).
pub(crate) fn open_repository(layer: &Layer) -> Result<Repo, MergeError> {
    check_managed_dirs(layer)?;
    Ok(Repo::discover(&layer.root)?)
}

/// Refuses any of the three directories that may not be replaced
/// wholesale (a file, the repository itself).
fn check_managed_dirs(layer: &Layer) -> Result<(), MergeError> {
    let paths = &layer.paths;
    for dir in [&paths.upstream, &paths.forks, &paths.patches] {
        check_managed_dir(layer, dir)?;
    }
    Ok(())
}

/// [`MergeError::Dirty`] naming `paths`, if any.
fn refuse_dirty_paths(paths: Vec<String>) -> Result<(), MergeError> {
    if paths.is_empty() {
        Ok(())
    } else {
        Err(MergeError::Dirty { paths })
    }
}
