//! What a merge reads before it merges: the committed base, the fork layer
//! on disk and the new upstream, after refusing uncommitted changes.

use std::path::Path;

use crate::guard::check_managed_dir;
use crate::layer::Layer;
use crate::lock::VERSION_FILE;
use crate::merge::git::Repo;
use crate::merge::layer::{check_cancel, MergeError, MergeOptions};
use crate::snapshot::{fetch_snapshot, FetchedSnapshot, SnapshotSource};
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

/// Reads the inputs of the merge of packages `names`: the dirty check
/// (unless allowed), the committed version and the base of each package,
/// the fork layer on disk, and the new upstream. These are independent
/// and together most of a merge's time, so they run at once; the
/// registry, though, is asked only once git has been read, so that a dirty
/// or broken repository stops the merge before anything is fetched.
/// Errors come in the order of the steps: dirty check, base, fork layer,
/// new upstream.
pub(super) fn read_inputs(layer: &Layer, options: &MergeOptions<'_>, names: &[&str]) -> Result<Inputs, MergeError> {
    // A refused directory (a file, the repository itself) is refused
    // before anything is read.
    check_managed_dirs(layer)?;
    let local = matches!(options.source, SnapshotSource::Local(_));
    let ((dirty, base), (forks, fetched)) = rayon::join(
        || rayon::join(|| check_clean(layer, options), || read_base(layer, names)),
        || rayon::join(|| read_forks(&layer.paths.forks), || local.then(|| fetch_upstream(layer, options))),
    );
    dirty?;
    let (from, bases) = base?;
    let forks = forks?;
    let upstream = match fetched {
        Some(fetched) => fetched?,
        None => fetch_upstream(layer, options)?,
    };
    Ok(Inputs { from, bases, forks, upstream })
}

/// [`MergeError::Dirty`] when anything the merge rewrites has uncommitted
/// changes (unless they are allowed).
fn check_clean(layer: &Layer, options: &MergeOptions<'_>) -> Result<(), MergeError> {
    if options.allow_dirty {
        return Ok(());
    }
    let paths = &layer.paths;
    let dirty = Repo::discover(&layer.root)?.dirty_paths(&[&paths.upstream, &paths.forks, &paths.patches])?;
    if dirty.is_empty() {
        Ok(())
    } else {
        Err(MergeError::Dirty { paths: dirty })
    }
}

/// The committed version and each package's committed files.
fn read_base(layer: &Layer, names: &[&str]) -> Result<(String, Vec<Option<Tree>>), MergeError> {
    let upstream = &layer.paths.upstream;
    let repo = Repo::discover(&layer.root)?;
    let from = committed_version(&repo, upstream)?;
    let bases = repo.head_dirs(&upstream.join(&layer.scope), names)?;
    Ok((from, bases))
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
