//! What a merge reads before it merges: the committed base, the fork layer
//! on disk and the new upstream, after refusing uncommitted changes.

use std::collections::BTreeMap;
use std::path::Path;

use crate::guard::check_managed_dir;
use crate::layer::Layer;
use crate::lock::{Lock, LOCK_FILE, VERSION_FILE};
use crate::merge::git::{AgainstHead, Repo};
use crate::merge::layer::{check_cancel, MergeError, MergeOptions};
use crate::snapshot::{fetch_snapshot, FetchedSnapshot, SnapshotSource, Versions};
use crate::tree::Tree;

/// Reads the inputs of the merge of packages `names` (to the versions of
/// `moving`, by name): the dirty check (unless allowed), then the committed
/// version and the base of each package, the fork layer on disk, and the
/// new upstream, returned in this order. These are independent
/// and together most of a merge's time, so they run at once; the
/// registry, though, is asked only once git has been read, so that a dirty
/// or broken repository stops the merge before anything is fetched.
/// Errors come in the order of the steps: dirty check, base, fork layer,
/// new upstream.
pub(super) fn read_inputs(
    layer: &Layer,
    options: &MergeOptions<'_>,
    names: &[&str],
    moving: &BTreeMap<String, String>,
) -> Result<(Base, Tree, FetchedSnapshot), MergeError> {
    // A refused directory (a file, the repository itself) is refused
    // before anything is read.
    check_managed_dirs(layer)?;
    let check = !options.allow_dirty;
    let local = matches!(options.source, SnapshotSource::Local(_));
    let ((others, base), (forks, fetched)) = rayon::join(
        || rayon::join(|| check.then(|| dirty_outside_upstream(layer)), || read_base(layer, names, check)),
        || {
            rayon::join(
                || Tree::read_dir_or_empty(&layer.paths.forks),
                || local.then(|| fetch_upstream(layer, options, moving)),
            )
        },
    );
    if let Some(others) = others {
        let changes = base.as_ref().ok().and_then(|base| base.upstream_changes.as_deref());
        refuse_dirty(layer, others, changes)?;
    }
    let base = base?;
    let forks = forks?;
    let upstream = match fetched {
        Some(fetched) => fetched?,
        None => fetch_upstream(layer, options, moving)?,
    };
    Ok((base, forks, upstream))
}

/// The uncommitted changes of the fork layer and `patches/` (a status walk
/// each) and the staged ones of `upstream/` (the index against HEAD); the
/// work tree changes of `upstream/` come from the base ([`read_base`]).
fn dirty_outside_upstream(layer: &Layer) -> Result<Vec<String>, MergeError> {
    let paths = &layer.paths;
    let repo = Repo::discover(&layer.root)?;
    let others = repo.dirty_paths(&[&paths.forks, &paths.patches])?;
    let staged = repo.staged_paths(&paths.upstream)?;
    Ok([others, staged].concat())
}

/// [`MergeError::Dirty`] naming the uncommitted changes: `others` (from
/// [`dirty_outside_upstream`]) and the work tree changes of `upstream/`
/// (as the base found them, or from a status when it could not).
fn refuse_dirty(
    layer: &Layer,
    others: Result<Vec<String>, MergeError>,
    upstream_changes: Option<&[String]>,
) -> Result<(), MergeError> {
    let mut dirty = others?;
    match upstream_changes {
        Some(changed) => dirty.extend(changed.iter().cloned()),
        None => dirty.extend(Repo::discover(&layer.root)?.dirty_paths(&[&layer.paths.upstream])?),
    }
    dirty.sort();
    // Nested directories (a fork layer inside `upstream/`) are reported once.
    dirty.dedup();
    if dirty.is_empty() {
        Ok(())
    } else {
        Err(MergeError::Dirty { paths: dirty })
    }
}

/// What the merge reads from git and `upstream/`.
pub(super) struct Base {
    /// The committed version of each package, in `names` order.
    pub(super) from: Vec<String>,
    /// The committed files of each package, in `names` order.
    pub(super) bases: Vec<Option<Tree>>,
    /// The upstream directory as read from disk (`None` when it cannot be
    /// read as a tree of files: the base then comes from git alone, and the
    /// journal reads the directory itself).
    pub(super) read: Option<Tree>,
    /// The paths of `upstream/` whose work tree differs from HEAD, as git
    /// reports them (see [`Repo::confirm_changed`]); `None` when that was
    /// not asked or could not be told from the disk read (the dirty check
    /// then runs a status of the directory).
    upstream_changes: Option<Vec<String>>,
}

/// Reads the committed version and each package's committed files. The
/// committed files are taken from `upstream/` on disk where a file there
/// is the committed blob (a SHA-1 per file instead of inflating every
/// blob), and the files that are not tell the dirty check of `upstream/`
/// which few paths to ask git about (`check_upstream`).
fn read_base(layer: &Layer, names: &[&str], check_upstream: bool) -> Result<Base, MergeError> {
    let paths = &layer.paths;
    let repo = Repo::discover(&layer.root)?;
    let from = committed_versions(&repo, layer, names)?;
    // `None` when `upstream/` cannot be read as a tree of files (missing,
    // a link or other non-file inside): the base then comes from git alone,
    // and the errors, if any, from the steps that need it.
    let read = paths.upstream.is_dir().then(|| Tree::read_dir(&paths.upstream).ok()).flatten();
    let against = read.as_ref().map(|read| repo.head_dir_against_disk(&paths.upstream, read)).transpose()?.flatten();
    let (bases, upstream_changes) = match against {
        Some(AgainstHead { files, differing }) => {
            let bases = names
                .iter()
                .map(|name| Some(files.subtree(&layer.full_name(name))).filter(|tree| !tree.is_empty()))
                .collect();
            (bases, check_upstream.then(|| repo.confirm_changed(&differing)).flatten())
        }
        // No disk read, or HEAD holds a link below `upstream/`: git alone.
        None => {
            let npm_names: Vec<String> = names.iter().map(|name| layer.full_name(name)).collect();
            let npm_names: Vec<&str> = npm_names.iter().map(String::as_str).collect();
            (repo.head_dirs(&paths.upstream, &npm_names)?, None)
        }
    };
    Ok(Base { from, bases, read, upstream_changes })
}

/// Fetches and verifies the packages that move exactly as `snapshot` does,
/// in memory: the merge reads them from there and writes the new upstream
/// directory (the other packages as vendored) as is.
fn fetch_upstream(
    layer: &Layer,
    options: &MergeOptions<'_>,
    moving: &BTreeMap<String, String>,
) -> Result<FetchedSnapshot, MergeError> {
    check_cancel(options.cancel)?;
    let family = options.target.family.clone().or_else(|| layer.baseline.clone());
    let versions = Versions { fetch: moving.clone(), family };
    let fetched = fetch_snapshot(layer, &versions, &options.source).map_err(MergeError::Snapshot)?;
    check_cancel(options.cancel)?;
    Ok(fetched)
}

/// The committed version of each package of `names`, in that order: the
/// version family's from `upstream/VERSION` at HEAD, every other package's
/// from its entry in the lock file at HEAD.
fn committed_versions(repo: &Repo, layer: &Layer, names: &[&str]) -> Result<Vec<String>, MergeError> {
    let in_family = |name: &str| layer.upstream.get(name).is_none_or(|p| p.in_family);
    let version =
        |bytes: &[u8], _: &Path| Some(String::from_utf8_lossy(bytes).trim().to_string()).filter(|v| !v.is_empty());
    let family = names.iter().any(|name| in_family(name)).then(|| committed(repo, layer, VERSION_FILE, version));
    let family = family.transpose()?;
    let lock = |bytes: &[u8], path: &Path| Lock::from_json(bytes, path).ok();
    let lock = names.iter().any(|name| !in_family(name)).then(|| committed(repo, layer, LOCK_FILE, lock));
    let lock = lock.transpose()?;
    names
        .iter()
        .map(|name| {
            let full = layer.full_name(name);
            let version = match (&family, &lock) {
                (Some(family), _) if in_family(name) => Some(family.clone()),
                (_, Some(lock)) => lock.version_of(&full).map(str::to_string),
                _ => None,
            };
            version.ok_or(MergeError::NoBase { what: full })
        })
        .collect()
}

/// `upstream/<file>` of the snapshot committed at HEAD, as `parse` reads it.
fn committed<T>(
    repo: &Repo,
    layer: &Layer,
    file: &str,
    parse: impl FnOnce(&[u8], &Path) -> Option<T>,
) -> Result<T, MergeError> {
    let path = layer.paths.upstream.join(file);
    let no_base = || MergeError::NoBase { what: repo.relative(&path).unwrap_or_else(|_| path.display().to_string()) };
    let bytes = repo.head_file(&path)?.ok_or_else(no_base)?;
    parse(&bytes, &path).ok_or_else(no_base)
}

/// Refuses any of the three directories that may not be replaced
/// wholesale (a file, the repository itself, e.g. a mistyped `--forks .`).
pub(crate) fn check_managed_dirs(layer: &Layer) -> Result<(), MergeError> {
    for (_, dir) in layer.paths.named() {
        check_managed_dir(layer, dir)?;
    }
    Ok(())
}
