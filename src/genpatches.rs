//! `gen-patches`: for each forked package, compare pristine upstream bytes
//! with the fork layer and write `patches/<pkg>.json` (anchored manifest)
//! and `patches/<pkg>.diff` (review diff); remove those of packages that no
//! longer differ; refresh the fork layer's copies of own packages.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::anchor;
use crate::guard::{check_managed_dir, GuardError};
use crate::journal::{JournalError, Update};
use crate::layer::Layer;
use crate::lock::{Lock, VERSION_FILE};
use crate::manifest::{as_text, Content, Extensions, Manifest, Replacement, EXTENSION_SCHEMA};
use crate::npm::sha256_hex;
use crate::rebuild::{read_own_package, read_vendored_package, RebuildError};
use crate::review::{package_diff_with, shared_line_diff};
use crate::tree::{FileEntry, Tree, TreeError};

/// Errors of `gen-patches`.
#[derive(Debug, thiserror::Error)]
pub enum GenError {
    /// A forked or carried package is missing from the fork layer.
    #[error("`{package}` is missing from the fork layer (expected `{path}`)")]
    MissingFork {
        /// Full package name.
        package: String,
        /// Where it should be.
        path: PathBuf,
    },
    /// A carried package differs from upstream.
    #[error("carried package `{package}` differs from upstream in {files} file(s)")]
    CarriedDiffers {
        /// Full package name.
        package: String,
        /// Number of differing files.
        files: usize,
    },
    /// `upstream/` no longer holds the bytes its lock file records: the
    /// manifests would be built on bytes nobody vendored.
    #[error("`{}` does not match its lock file:{}", .upstream.display(), .problems.iter().map(|p| format!("\n  {p}")).collect::<String>())]
    UpstreamNotLocked {
        /// The upstream directory.
        upstream: PathBuf,
        /// Each difference, naming the package and file.
        problems: Vec<String>,
    },
    /// The lock file of `upstream/` cannot be read.
    #[error(transparent)]
    Lock(#[from] crate::lock::LockError),
    /// `upstream/VERSION` is missing or empty.
    #[error("could not read `{path}`")]
    NoVersion {
        /// The path.
        path: PathBuf,
    },
    /// Reading upstream or own sources failed.
    #[error(transparent)]
    Rebuild(#[from] RebuildError),
    /// Reading a directory failed.
    #[error(transparent)]
    Tree(#[from] TreeError),
    /// The patches directory must not be replaced wholesale.
    #[error(transparent)]
    Target(#[from] GuardError),
    /// Writing `patches/` and the own packages' copies failed (and was
    /// rolled back).
    #[error(transparent)]
    Journal(#[from] JournalError),
}

impl crate::error::Diagnostic for GenError {
    fn diagnosis(&self) -> crate::error::Diagnosis<'_> {
        use crate::error::Diagnosis::{Own, Wraps};
        use crate::error::ExitStatus::{Integrity, Usage};
        match self {
            GenError::MissingFork { .. } => Own(Usage, "fork_missing"),
            GenError::CarriedDiffers { .. } => Own(Usage, "carried_differs"),
            GenError::NoVersion { .. } => Own(Integrity, "upstream_version_missing"),
            GenError::UpstreamNotLocked { .. } => Own(Integrity, "upstream_not_locked"),
            GenError::Lock(e) => Wraps(e),
            GenError::Rebuild(e) => Wraps(e),
            GenError::Tree(e) => Wraps(e),
            GenError::Target(e) => Wraps(e),
            GenError::Journal(e) => Wraps(e),
        }
    }
    fn own_help(&self) -> Option<String> {
        Some(match self {
            GenError::CarriedDiffers { .. } => {
                "move the package from `carried` to `forked` in forklayer.toml, or restore its upstream bytes".into()
            }
            GenError::NoVersion { .. } => "run `forklayer snapshot <version>` first".into(),
            GenError::UpstreamNotLocked { .. } => "nothing was written; `upstream/` is written only by forklayer: \
                 restore it (`git checkout -- upstream`, or `forklayer snapshot <version>` again), then run \
                 gen-patches again"
                .into(),
            GenError::MissingFork { path, .. } => format!(
                "copy its upstream bytes to `{}` to start the fork, or remove the package from forklayer.toml",
                path.display()
            ),
            _ => return None,
        })
    }

    fn own_details(&self) -> Option<serde_json::Value> {
        match self {
            GenError::UpstreamNotLocked { problems, .. } => Some(serde_json::json!({ "problems": problems })),
            _ => None,
        }
    }
}

/// The manifest turning `base` into `fork`, or `None` when they are equal.
pub fn generate_manifest(package: &str, built_against: &str, base: &Tree, fork: &Tree) -> Option<Manifest> {
    generate_manifest_and_diff(package, built_against, base, fork).map(|(manifest, _)| manifest)
}

/// The manifest turning `base` into `fork` and the package's review diff
/// (see `review::package_diff`), or `None` when they are equal. Each
/// changed text file is line-diffed once for both.
pub fn generate_manifest_and_diff(
    package: &str,
    built_against: &str,
    base: &Tree,
    fork: &Tree,
) -> Option<(Manifest, String)> {
    let mut files: BTreeMap<String, Vec<Replacement>> = BTreeMap::new();
    let mut ext = Extensions { schema: EXTENSION_SCHEMA, ..Extensions::default() };
    // The review hunks of the files whose line diff was computed.
    let mut reviews = BTreeMap::new();
    for (path, old) in base.iter() {
        match fork.get(path) {
            None => {
                ext.deleted.push(path.to_string());
                ext.base.insert(path.to_string(), sha256_hex(&old.bytes));
            }
            Some(new) => diff_file(path, old, new, &mut files, &mut ext, &mut reviews),
        }
    }
    for (path, new) in fork.iter().filter(|(p, _)| !base.contains(p)) {
        ext.added.insert(path.to_string(), Content::from_bytes(&new.bytes));
        if new.executable {
            ext.modes.insert(path.to_string(), "0755".into());
        }
    }
    if files.is_empty() && ext.is_empty() {
        return None;
    }
    let manifest = Manifest {
        built_against: built_against.to_string(),
        files,
        forklayer: Some(ext),
        package: package.to_string(),
    };
    Some((manifest, package_diff_with(base, fork, &reviews)))
}

fn diff_file(
    path: &str,
    old: &FileEntry,
    new: &FileEntry,
    files: &mut BTreeMap<String, Vec<Replacement>>,
    ext: &mut Extensions,
    reviews: &mut BTreeMap<String, String>,
) {
    if old == new {
        return;
    }
    ext.base.insert(path.to_string(), sha256_hex(&old.bytes));
    if old.executable != new.executable {
        ext.modes.insert(path.to_string(), format!("{:04o}", new.mode()));
    }
    if old.bytes == new.bytes {
        return;
    }
    let anchored = match (as_text(&old.bytes), as_text(&new.bytes)) {
        (Some(a), Some(b)) => {
            let (hunks, ops) = shared_line_diff(path, a, b);
            reviews.insert(path.to_string(), hunks);
            anchor::generate_from_line_diff(a, b, &ops)
        }
        _ => None,
    };
    if let Some(reps) = anchored {
        files.insert(path.to_string(), reps);
    } else {
        ext.replaced.insert(path.to_string(), Content::from_bytes(&new.bytes));
    }
}

/// Reads `upstream/VERSION`.
pub fn upstream_version(upstream: &Path) -> Result<String, GenError> {
    crate::lock::vendored_version(upstream).ok_or_else(|| GenError::NoVersion { path: upstream.join(VERSION_FILE) })
}

/// Reads a package of the fork layer, without the files its `ignore`
/// globs leave out.
pub fn read_fork_package(layer: &Layer, forks: &Path, name: &str) -> Result<Tree, GenError> {
    crate::tree::refuse_links_below(forks, &layer.npm_name(name))?;
    let dir = layer.package_dir(forks, name);
    if !dir.is_dir() {
        return Err(GenError::MissingFork { package: layer.full_name(name), path: dir });
    }
    // A name the tree refuses is shown below the fork's directory, which
    // names the package.
    let tree = Tree::read_dir(&dir).map_err(|err| match err {
        TreeError::UnsafePath { path, reason } => {
            TreeError::UnsafePath { path: dir.join(path).display().to_string(), reason }
        }
        other => other,
    })?;
    // An empty directory (a failed copy or checkout leaves one; git keeps
    // none, so a clone would miss it) is no fork deleting every file.
    if tree.is_empty() {
        return Err(GenError::MissingFork { package: layer.full_name(name), path: dir });
    }
    Ok(layer.ignore_of(name).filter(tree))
}

/// The complete set of files `patches/` should hold (file name → bytes),
/// computed from upstream + fork layer without writing anything, trusting
/// `upstream/` ([`gen_patches`] proves it against its lock file first).
pub fn plan_patches(layer: &Layer) -> Result<BTreeMap<String, Vec<u8>>, GenError> {
    plan(layer, None)
}

/// [`plan_patches`]; with `lock`, after proving on the same reads that
/// `upstream/` holds the bytes it records (the manifests record those bytes
/// as their base): [`GenError::UpstreamNotLocked`] otherwise.
fn plan(layer: &Layer, lock: Option<&Lock>) -> Result<BTreeMap<String, Vec<u8>>, GenError> {
    let (upstream, forks) = (&layer.paths.upstream, &layer.paths.forks);
    let mut unlocked = Vec::new();
    // The version family's version is `upstream/VERSION`; each package's
    // own is in the lock file.
    let family = layer.baseline.as_ref().map(|_| upstream_version(upstream)).transpose()?;
    if let (Some(lock), Some(family)) = (lock, &family) {
        unlocked.extend(lock.version_mismatch(family));
    }
    let read_lock = if lock.is_none() { Lock::read(upstream).ok() } else { None };
    let versions = lock.or(read_lock.as_ref());
    let version_of = |name: &str| -> Result<String, GenError> {
        let package = layer.upstream.get(name);
        let locked = versions.and_then(|lock| lock.version_of(&layer.full_name(name)));
        match (locked, &family) {
            (Some(version), _) => Ok(version.to_string()),
            (None, Some(family)) if package.is_none_or(|p| p.in_family) => Ok(family.clone()),
            _ => Err(GenError::NoVersion { path: upstream.join(crate::lock::LOCK_FILE) }),
        }
    };
    // Every vendored byte is proven, ignored files included; the manifests
    // are then built without the ignored ones.
    let read_base = |name: &str| -> Result<(Tree, Vec<String>), GenError> {
        let vendored = read_vendored_package(layer, upstream, name)?;
        let problems = lock.map(|lock| lock.verify_tree(&layer.full_name(name), &vendored)).unwrap_or_default();
        Ok((layer.ignore_of(name).filter(vendored), problems))
    };
    let mut planned = BTreeMap::new();
    let per_package: Vec<_> = layer
        .forked
        .par_iter()
        .map(|name| -> Result<_, GenError> {
            let (base, problems) = read_base(name)?;
            let fork = read_fork_package(layer, forks, name)?;
            let files = generate_manifest_and_diff(&layer.full_name(name), &version_of(name)?, &base, &fork)
                .map(|(manifest, diff)| (manifest.to_canonical_json(), diff.into_bytes()));
            Ok((files, problems))
        })
        .collect();
    for (name, result) in layer.forked.iter().zip(per_package) {
        let (files, problems) = result?;
        unlocked.extend(problems);
        if let Some((manifest, diff)) = files {
            let [json, diff_file] = Layer::patch_files(name);
            planned.extend([(json, manifest), (diff_file, diff)]);
        }
    }
    let mut carried_differing = None;
    for name in &layer.carried {
        let (base, problems) = read_base(name)?;
        unlocked.extend(problems);
        let fork = read_fork_package(layer, forks, name)?;
        let differing = crate::rebuild::compare_trees(&base, &fork).len();
        if differing > 0 && carried_differing.is_none() {
            carried_differing = Some(GenError::CarriedDiffers { package: layer.full_name(name), files: differing });
        }
    }
    // Untrustworthy upstream bytes explain every other finding: say that first.
    if !unlocked.is_empty() {
        return Err(GenError::UpstreamNotLocked { upstream: upstream.clone(), problems: unlocked });
    }
    carried_differing.map_or(Ok(planned), Err)
}

/// Whether a file of `patches/` is a generated one (`*.json`, `*.diff`).
pub fn is_generated_patch_file(name: &str) -> bool {
    !name.contains('/') && (name.ends_with(".json") || name.ends_with(".diff"))
}

/// What `gen-patches` did.
#[derive(Clone, Debug, Default)]
pub struct GenOutcome {
    /// Packages that have a manifest now.
    pub manifests: Vec<String>,
    /// Forked packages identical to upstream (no manifest).
    pub unchanged: Vec<String>,
    /// Files removed from `patches/`.
    pub removed: Vec<String>,
    /// Files written whose bytes changed.
    pub changed: Vec<String>,
    /// Own packages whose fork-layer copy was refreshed.
    pub own_refreshed: Vec<String>,
    /// Files of the fork layer (relative to it) whose names Windows cannot
    /// hold, with the reason: `release` refuses them.
    pub windows_names: Vec<(String, String)>,
}

/// Regenerates `patches/` (atomically) and refreshes own packages in the
/// fork layer.
pub fn gen_patches(layer: &Layer) -> Result<GenOutcome, GenError> {
    check_managed_dir(layer, &layer.paths.patches)?;
    let planned = plan(layer, Some(&Lock::read(&layer.paths.upstream)?))?;
    // Read every own package before writing anything, so a missing source
    // fails the run without touching patches/.
    let own_sources =
        layer.own.iter().map(|own| read_own_package(own).map(|t| (own, t))).collect::<Result<Vec<_>, _>>()?;
    let patches = &layer.paths.patches;
    let previous = Tree::read_dir_or_empty(patches)?;
    let mut outcome = GenOutcome::default();
    let mut next = Tree::new();
    for (path, entry) in previous.iter() {
        if !is_generated_patch_file(path) {
            next.insert(path, entry.clone())?;
        } else if !planned.contains_key(path) {
            outcome.removed.push(path.to_string());
        }
    }
    for (file, bytes) in &planned {
        if previous.get(file).map(|e| e.bytes.as_slice()) != Some(bytes.as_slice()) {
            outcome.changed.push(file.clone());
        }
        next.insert(file.clone(), FileEntry::new(bytes.clone()))?;
    }
    let with_manifest: BTreeSet<&str> = planned.keys().filter_map(|f| f.strip_suffix(".json")).collect();
    (outcome.manifests, outcome.unchanged) =
        layer.forked.iter().cloned().partition(|name| with_manifest.contains(Layer::manifest_stem(name).as_str()));
    // `patches/` and the own packages' copies change together or not at
    // all (a full disk halfway must not leave new manifests beside old
    // copies): one journaled update, writing only what differs. Ctrl-C
    // before it writes stops it with nothing changed.
    let mut update = Update::new(&layer.root).cancelled_by(&crate::interrupt::INTERRUPTED);
    if !outcome.changed.is_empty() || !outcome.removed.is_empty() || !patches.is_dir() {
        update.replace_dir(patches, &next);
    }
    for (own, source) in &own_sources {
        let target = layer.package_dir(&layer.paths.forks, &own.name);
        let current = Tree::read_dir_or_empty(&target)?;
        if current != *source {
            update.replace_dir(&target, source);
            outcome.own_refreshed.push(own.name.clone());
        }
    }
    update.apply()?;
    outcome.windows_names = windows_unholdable(&layer.paths.forks)?;
    Ok(outcome)
}

/// The paths below `forks` (names only, nothing read) that Windows cannot
/// hold, sorted, each with the reason.
fn windows_unholdable(forks: &Path) -> Result<Vec<(String, String)>, TreeError> {
    let (mut found, mut holdable) = (Vec::new(), Vec::new());
    if forks.is_dir() {
        crate::tree::walk(forks, |met| -> Result<bool, TreeError> {
            let Some(reason) = crate::names::windows_problem(met.rel) else {
                holdable.push(met.rel.to_string());
                return Ok(true);
            };
            // Reported once, at the first name on its path.
            found.push((met.rel.to_string(), reason));
            Ok(false)
        })?;
    }
    holdable.sort();
    let case = crate::names::case_problems(holdable.iter().map(String::as_str));
    found.extend(case.into_iter().map(|(path, reason)| (path.to_string(), reason)));
    found.sort();
    Ok(found)
}
