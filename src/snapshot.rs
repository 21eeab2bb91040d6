//! `snapshot`: vendor the exact upstream bytes of every forked and carried
//! package, each at its version, into `upstream/<npm name>/`, with the
//! lock file (and `upstream/VERSION`, the version family's version, when
//! the layer has one), replacing the previous snapshot atomically.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::guard::{check_managed_dir, GuardError};
use crate::journal::{JournalError, Update};
use crate::layer::Layer;
use crate::lock::{lock_files, Lock, LockedPackage, LOCK_FILE, LOCK_SCHEMA, VERSION_FILE};
use crate::names::{NameError, NameLimits};
use crate::npm::{self, FetchedPackage, Npm, NpmError, Origin};
use crate::tree::{FileEntry, Tree, TreeError};

/// Where the packages come from.
#[derive(Clone, Debug)]
pub enum SnapshotSource {
    /// The registry, through the user's npm.
    Registry(Npm),
    /// Local `.tgz` files and/or directories (`--from`).
    Local(Vec<PathBuf>),
}

/// Errors of `snapshot`.
#[derive(Debug, thiserror::Error)]
pub enum SnapshotError {
    /// Fetching or reading a package failed.
    #[error("could not fetch `{package}`")]
    Fetch {
        /// Full package name.
        package: String,
        /// Why.
        #[source]
        source: NpmError,
    },
    /// Reading a `--from` source failed.
    #[error("could not read `{path}`")]
    Source {
        /// The source.
        path: PathBuf,
        /// Why.
        #[source]
        source: NpmError,
    },
    /// A declared package is in none of the `--from` sources.
    #[error("`{package}` was not found in any `--from` source")]
    Missing {
        /// Full package name.
        package: String,
    },
    /// A package this run does not fetch is not vendored yet, so there is
    /// nothing to keep.
    #[error("`{package}` is not vendored in `upstream/` yet")]
    NotVendored {
        /// Full package name.
        package: String,
    },
    /// A package has another version than requested.
    #[error("`{package}` from `{origin}` is version `{found}`, not `{wanted}`")]
    WrongVersion {
        /// Full package name.
        package: String,
        /// Where it was found.
        origin: String,
        /// Its version.
        found: String,
        /// The requested version.
        wanted: String,
    },
    /// The same package appears in two sources.
    #[error("`{package}` appears in both `{first}` and `{second}`")]
    Duplicate {
        /// Full package name.
        package: String,
        /// First source.
        first: String,
        /// Second source.
        second: String,
    },
    /// A `--from` path is neither a `.tgz` file nor a directory.
    #[error("`{path}` is neither a `.tgz` file nor a directory")]
    BadSource {
        /// The path.
        path: PathBuf,
    },
    /// Reading the previous upstream directory failed.
    #[error(transparent)]
    Tree(#[from] TreeError),
    /// Writing the new upstream directory failed (and was rolled back).
    #[error(transparent)]
    Write(#[from] JournalError),
    /// The upstream directory must not be replaced wholesale.
    #[error(transparent)]
    Target(#[from] GuardError),
    /// A file of a package has a name the repository's file system cannot
    /// hold: refused before anything is written.
    #[error("refused entry `package/{entry}` of `{package}` from `{origin}`")]
    UnholdableEntry {
        /// Full package name.
        package: String,
        /// The archive or directory it came from.
        origin: String,
        /// The entry's path inside the package, shortened.
        entry: String,
        /// The limit it exceeds.
        #[source]
        source: Box<NameError>,
    },
    /// Creating the scratch directory failed.
    #[error("could not create the scratch directory `{path}`")]
    Scratch {
        /// The path.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
}

impl crate::error::Diagnostic for SnapshotError {
    fn diagnosis(&self) -> crate::error::Diagnosis<'_> {
        use crate::error::Diagnosis::{Own, Wraps};
        use crate::error::ExitStatus::{Integrity, Usage};
        match self {
            SnapshotError::Fetch { source, .. } | SnapshotError::Source { source, .. } => Wraps(source),
            SnapshotError::Missing { .. } => Own(Usage, "package_missing"),
            SnapshotError::NotVendored { .. } => Own(Usage, "not_vendored"),
            SnapshotError::WrongVersion { .. } => Own(Usage, "wrong_version"),
            SnapshotError::Duplicate { .. } => Own(Usage, "duplicate_package"),
            SnapshotError::BadSource { .. } => Own(Usage, "bad_source"),
            SnapshotError::Tree(e) => Wraps(e),
            SnapshotError::Write(e) => Wraps(e),
            SnapshotError::Target(e) => Wraps(e),
            SnapshotError::Scratch { .. } => Own(Integrity, "io"),
            SnapshotError::UnholdableEntry { .. } => Own(Integrity, "unsafe_archive_entry"),
        }
    }
    fn own_help(&self) -> Option<String> {
        Some(match self {
            SnapshotError::Missing { .. } => "pass a `--from` tarball or directory that contains it".into(),
            SnapshotError::NotVendored { .. } => {
                "vendor every declared package first: `forklayer snapshot`, then commit `upstream/`".into()
            }
            SnapshotError::WrongVersion { .. } => "pass sources of the requested version".into(),
            SnapshotError::Duplicate { .. } => "pass each package in only one `--from` source".into(),
            SnapshotError::BadSource { .. } => {
                "pass `.tgz` files, directories of them, package directories or `node_modules`".into()
            }
            SnapshotError::Scratch { .. } => "check that the repository directory is writable".into(),
            SnapshotError::UnholdableEntry { .. } => {
                "nothing was written; npm does not publish names this long, so check where the package came from \
                 (or move the repository to a shallower directory or a file system that holds longer names)"
                    .into()
            }
            _ => return None,
        })
    }
}

/// What a snapshot vendored.
#[derive(Clone, Debug)]
pub struct SnapshotOutcome {
    /// The version family's version vendored (`upstream/VERSION`), when
    /// the layer has a family.
    pub version: Option<String>,
    /// The new lock.
    pub lock: Lock,
    /// Things the user should know (e.g. integrity not checkable).
    pub warnings: Vec<String>,
}

/// Which upstream packages a snapshot (or a merge) fetches, and at which
/// versions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Versions {
    /// Package name (as declared) → the version to fetch. The layer's
    /// other upstream packages keep their vendored bytes and lock entries.
    pub fetch: BTreeMap<String, String>,
    /// The version family's version afterwards (`upstream/VERSION`); `None`
    /// for a layer without a family.
    pub family: Option<String>,
}

impl Versions {
    /// Every upstream package of `layer` at its declared version, the
    /// version family at `family` (by default `layer.baseline`).
    pub fn all(layer: &Layer, family: Option<&str>) -> Versions {
        let family = family.map(str::to_string).or_else(|| layer.baseline.clone());
        let fetch = layer
            .upstream
            .values()
            .map(|p| {
                let version = family.as_ref().filter(|_| p.in_family).unwrap_or(&p.version);
                (p.name.clone(), version.clone())
            })
            .collect();
        Versions { fetch, family: family.filter(|_| layer.baseline.is_some()) }
    }

    /// What a merge in progress vendored: the version family at `family`
    /// (its new version when the merge moves it), each package in `moved`
    /// (declared name → version) at its new version, the others at their
    /// declared versions.
    pub fn of_merge(layer: &Layer, family: Option<&str>, moved: &BTreeMap<String, String>) -> Versions {
        let mut versions = Versions::all(layer, family);
        for (name, version) in moved {
            if let Some(fetched) = versions.fetch.get_mut(name) {
                fetched.clone_from(version);
            }
        }
        versions
    }
}

/// The new upstream directory, fetched and verified but not written.
#[derive(Clone, Debug)]
pub struct FetchedSnapshot {
    /// Everything the upstream directory will hold: each package below
    /// `<npm name>/`, `VERSION`, the lock file and the files forklayer
    /// does not manage, carried over from the current directory.
    pub tree: Tree,
    /// What the snapshot records.
    pub outcome: SnapshotOutcome,
}

/// Fetches every upstream package of `layer` at `versions` and replaces
/// the upstream directory with them. Nothing is written unless every
/// package was fetched and verified. `merging`: a merge in progress
/// vendored these versions, and its `--continue` moves the baseline.
pub fn snapshot(
    layer: &Layer,
    versions: &Versions,
    merging: bool,
    source: &SnapshotSource,
) -> Result<SnapshotOutcome, SnapshotError> {
    let fetched = fetch_snapshot(layer, versions, source);
    // Ctrl-C reaches npm too (same process group): an npm that died of it
    // is the interruption, not a registry failure.
    if crate::interrupt::interrupted() {
        return Err(JournalError::Interrupted.into());
    }
    let mut fetched = fetched?;
    // Written through the undo journal, like a merge: only files whose
    // bytes or mode change are written (a new snapshot of the same version
    // touches nothing), and a failure or a kill halfway is rolled back.
    let mut update = Update::new(&layer.root).cancelled_by(&crate::interrupt::INTERRUPTED);
    update.replace_dir(&layer.paths.upstream, &fetched.tree);
    update.apply()?;
    // `merge` moves the baseline itself; a bare snapshot leaves it to the user.
    if let (Some(version), Some(baseline)) = (&versions.family, &layer.baseline) {
        if version != baseline && !merging {
            fetched.outcome.warnings.insert(0, format!(
                "vendoring `{version}`, but the declaration's baseline is `{baseline}`; update `layer.baseline` once the fork layer is merged"
            ));
        }
    }
    Ok(fetched.outcome)
}

/// Everything [`snapshot`] does except writing: fetches the packages of
/// `versions`, checks integrity and versions, and returns the new upstream
/// directory in memory (for `merge`, which stages it with the rest of its
/// result instead of reading it back from disk). The layer's other
/// upstream packages keep their vendored bytes and lock entries.
pub fn fetch_snapshot(
    layer: &Layer,
    versions: &Versions,
    source: &SnapshotSource,
) -> Result<FetchedSnapshot, SnapshotError> {
    let upstream = &layer.paths.upstream;
    check_managed_dir(layer, upstream)?;
    let previous = Lock::read(upstream).ok();
    let mut warnings = Vec::new();
    let wanted: Vec<(String, String)> =
        versions.fetch.iter().map(|(name, version)| (layer.full_name(name), version.clone())).collect();
    let fetched = match source {
        SnapshotSource::Registry(npm) => fetch_all_from_registry(layer, &wanted, npm)?,
        SnapshotSource::Local(paths) => fetch_all_local(layer, &wanted, paths, previous.as_ref(), &mut warnings)?,
    };
    let mut new_tree = keep_unmanaged(layer, upstream)?;
    let mut packages = BTreeMap::new();
    for name in layer.upstream.keys().filter(|name| !versions.fetch.contains_key(*name)) {
        let full = layer.full_name(name);
        let kept = previous.as_ref().and_then(|lock| lock.packages.get(&full)).cloned();
        let kept = kept.ok_or_else(|| SnapshotError::NotVendored { package: full.clone() })?;
        new_tree.graft(&full, Tree::read_dir(&upstream.join(&full))?)?;
        packages.insert(full, kept);
    }
    for package in fetched {
        if package.origin == Origin::Directory {
            warnings.push(format!(
                "`{}` was read from a directory: its integrity cannot be checked against the registry",
                package.name
            ));
        }
        let locked = LockedPackage {
            files: lock_files(&package.tree),
            integrity: package.integrity,
            source: package.origin.as_str().to_string(),
            version: package.version,
        };
        packages.insert(package.name.clone(), locked);
        new_tree.graft(&package.name, package.tree)?;
    }
    let family = versions.family.clone();
    let lock = Lock { packages, schema: LOCK_SCHEMA.into(), version: family.clone().unwrap_or_default() };
    if let Some(version) = &family {
        new_tree.insert(VERSION_FILE, FileEntry::new(format!("{version}\n").into_bytes()))?;
    }
    new_tree.insert(LOCK_FILE, FileEntry::new(lock.to_canonical_json()))?;
    Ok(FetchedSnapshot { tree: new_tree, outcome: SnapshotOutcome { version: family, lock, warnings } })
}

/// Files of the upstream directory that forklayer does not manage (say a
/// README) are carried over, so a snapshot never loses them.
fn keep_unmanaged(layer: &Layer, upstream: &Path) -> Result<Tree, SnapshotError> {
    if !upstream.is_dir() {
        return Ok(Tree::new());
    }
    let roots = layer.upstream_roots();
    let managed = |rel: &str| roots.contains(rel) || rel == VERSION_FILE || rel == LOCK_FILE;
    Ok(Tree::read_dir_filtered(upstream, |rel, _| !managed(rel))?)
}

/// Removes the scratch directory however the fetch ends.
pub(crate) struct ScratchDir(pub(crate) PathBuf);

impl ScratchDir {
    /// Removes the scratch directories `<prefix><pid>` in `dir` that a
    /// killed forklayer left (nothing else would): those of processes that
    /// are gone.
    pub(crate) fn remove_stale(dir: &Path, prefix: &str) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let pid = name.strip_prefix(prefix).and_then(|pid| pid.parse::<u32>().ok());
            if pid.is_some_and(|pid| !crate::journal::process_alive(pid)) {
                // Never follows a link: a planted one is removed, not its target.
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The scratch directory `npm pack` writes to, before the pid.
const PACK_PREFIX: &str = ".forklayer-pack-";

fn fetch_all_from_registry(
    layer: &Layer,
    packages: &[(String, String)],
    npm: &Npm,
) -> Result<Vec<FetchedPackage>, SnapshotError> {
    ScratchDir::remove_stale(&layer.root, PACK_PREFIX);
    let scratch = ScratchDir(layer.root.join(format!("{PACK_PREFIX}{}", std::process::id())));
    // `create_dir`, not `create_dir_all`: a name planted in the repository
    // (a link to elsewhere) makes this fail instead of filling its target.
    std::fs::create_dir(&scratch.0).map_err(|source| SnapshotError::Scratch { path: scratch.0.clone(), source })?;
    let fetched = npm::fetch_all_from_registry(npm, packages, &scratch.0);
    let limits = NameLimits::of(&layer.paths.upstream);
    packages
        .iter()
        .zip(fetched)
        .map(|((package, version), fetched)| {
            let fetched = fetched.map_err(|source| SnapshotError::Fetch { package: package.clone(), source })?;
            let origin = format!("the registry's tarball of `{package}@{version}`");
            check_holdable(&limits, &layer.paths.upstream, &origin, &fetched)?;
            Ok(fetched)
        })
        .collect()
}

/// Refuses a package with a file the file system of `upstream` cannot
/// hold, naming the entry, where it came from and the limit.
pub(crate) fn check_holdable(
    limits: &NameLimits,
    upstream: &Path,
    origin: &str,
    package: &FetchedPackage,
) -> Result<(), SnapshotError> {
    let root = upstream.join(&package.name);
    for rel in package.tree.paths() {
        limits.check(&root.join(rel)).map_err(|source| SnapshotError::UnholdableEntry {
            package: package.name.clone(),
            origin: origin.to_string(),
            entry: crate::names::shorten(rel),
            source: Box::new(source),
        })?;
    }
    Ok(())
}

fn fetch_all_local(
    layer: &Layer,
    wanted: &[(String, String)],
    paths: &[PathBuf],
    previous: Option<&Lock>,
    warnings: &mut Vec<String>,
) -> Result<Vec<FetchedPackage>, SnapshotError> {
    let mut found: BTreeMap<String, (String, FetchedPackage)> = BTreeMap::new();
    for path in paths {
        for (origin, fetched) in read_source(path, wanted, previous)? {
            if let Some((first, _)) = found.get(&fetched.name) {
                return Err(SnapshotError::Duplicate {
                    package: fetched.name.clone(),
                    first: first.clone(),
                    second: origin,
                });
            }
            found.insert(fetched.name.clone(), (origin, fetched));
        }
    }
    let mut out = Vec::new();
    let limits = NameLimits::of(&layer.paths.upstream);
    for (name, version) in wanted {
        let (origin, fetched) = found.remove(name).ok_or_else(|| SnapshotError::Missing { package: name.clone() })?;
        check_holdable(&limits, &layer.paths.upstream, &origin, &fetched)?;
        if fetched.version != *version {
            return Err(SnapshotError::WrongVersion {
                package: name.clone(),
                origin,
                found: fetched.version,
                wanted: version.clone(),
            });
        }
        out.push(fetched);
    }
    for (name, (origin, _)) in found {
        let why = if layer.upstream_named(&name).is_some() {
            "this merge does not move it"
        } else {
            "it is not declared in the fork layer"
        };
        warnings.push(format!("ignored `{name}` from `{origin}`: {why}"));
    }
    Ok(out)
}

/// Reads one `--from` path: a `.tgz`, a package directory, a directory
/// holding `.tgz` files, or a `node_modules`-style directory.
fn read_source(
    path: &Path,
    wanted: &[(String, String)],
    previous: Option<&Lock>,
) -> Result<Vec<(String, FetchedPackage)>, SnapshotError> {
    let found = |at: &Path, read: Result<FetchedPackage, NpmError>| match read {
        Ok(fetched) => Ok((at.display().to_string(), fetched)),
        Err(source) => Err(SnapshotError::Source { path: at.to_path_buf(), source }),
    };
    let is_tgz = |p: &Path| p.is_file() && p.extension().is_some_and(|e| e == "tgz");
    if is_tgz(path) {
        return Ok(vec![found(path, read_local_tgz(path, wanted, previous))?]);
    }
    if !path.is_dir() {
        return Err(SnapshotError::BadSource { path: path.to_path_buf() });
    }
    if path.join("package.json").is_file() {
        return Ok(vec![found(path, npm::fetch_from_dir(path))?]);
    }
    let entries = std::fs::read_dir(path).map_err(|source| SnapshotError::Source {
        path: path.to_path_buf(),
        source: NpmError::Io { path: path.to_path_buf(), source },
    })?;
    let mut tgzs: Vec<PathBuf> = entries.filter_map(Result::ok).map(|e| e.path()).filter(|p| is_tgz(p)).collect();
    tgzs.sort();
    let mut out =
        tgzs.iter().map(|tgz| found(tgz, read_local_tgz(tgz, wanted, previous))).collect::<Result<Vec<_>, _>>()?;
    for base in [path.to_path_buf(), path.join("node_modules")] {
        for (name, _) in wanted {
            let dir = base.join(name);
            if dir.join("package.json").is_file() {
                out.push(found(&dir, npm::fetch_from_dir(&dir))?);
            }
        }
    }
    Ok(out)
}

/// A local tarball must match the integrity already locked for the same
/// package and version, when there is one.
fn read_local_tgz(
    path: &Path,
    wanted: &[(String, String)],
    previous: Option<&Lock>,
) -> Result<FetchedPackage, NpmError> {
    let bytes = crate::tree::read_regular(path).map_err(|source| NpmError::Io { path: path.to_path_buf(), source })?;
    let unchecked = npm::fetch_from_tgz_bytes(&bytes, path, None)?;
    let version = wanted.iter().find(|(name, _)| *name == unchecked.name).map(|(_, v)| v.as_str());
    let locked = previous
        .and_then(|lock| lock.packages.get(&unchecked.name))
        .filter(|p| Some(p.version.as_str()) == version && Some(unchecked.version.as_str()) == version)
        .and_then(|p| p.integrity.clone());
    if let Some(expected) = locked {
        npm::verify_integrity(&unchecked.name, &expected, &bytes)?;
    }
    Ok(unchecked)
}
