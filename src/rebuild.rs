//! `rebuild`: pristine upstream bytes + manifests → the fork layer
//! (forked packages patched, carried packages copied, own packages copied
//! from their source), and the byte/mode/file-set comparison behind
//! `--check`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::anchor::{self, ApplyError};
use crate::guard::{check_output_dir, GuardError};
use crate::journal::{self, JournalError, Recovered};
use crate::layer::{Layer, OwnPackage};
use crate::manifest::{as_text, Manifest, ManifestError};
use crate::npm::sha256_hex;
use crate::realpath::normalize;
use crate::tree::{FileEntry, Tree, TreeError};

mod compare;
mod drift;

pub use compare::{compare_trees, Difference};
use drift::{describe_drift, drift_entries};
pub use drift::{BuiltAgainst, FileDrift, PackageDrift};

/// Every forked package whose manifest's `builtAgainst` differs from the
/// version vendored for it (its lock entry, else `upstream/VERSION`; none
/// when neither can be read).
pub fn built_against_mismatches(layer: &Layer, upstream: &Path, patches: &Path) -> Vec<BuiltAgainst> {
    let family = crate::lock::vendored_version(upstream);
    let lock = crate::lock::Lock::read(upstream).ok();
    layer
        .forked
        .iter()
        .filter_map(|name| read_manifest(layer, patches, name).ok().flatten())
        .filter_map(|manifest| {
            let locked = lock.as_ref().and_then(|lock| lock.version_of(&manifest.package)).map(str::to_string);
            let version = locked.or_else(|| family.clone())?;
            (manifest.built_against != version).then_some(BuiltAgainst {
                package: manifest.package,
                built_against: manifest.built_against,
                upstream: version,
            })
        })
        .collect()
}

/// Options of [`apply_manifest`].
#[derive(Clone, Copy, Debug)]
pub struct ApplyOptions {
    /// Refuse base files whose sha256 differs from the manifest's record
    /// (rebuild does; a merge onto a new upstream may not).
    pub verify_base: bool,
}

impl Default for ApplyOptions {
    fn default() -> Self {
        ApplyOptions { verify_base: true }
    }
}

/// Records `drift` of `path` once (a file gone from upstream is found both
/// by the base check and by the manifest's own entry).
fn push(files: &mut BTreeMap<String, Vec<FileDrift>>, path: &str, drift: FileDrift) {
    let found = files.entry(path.to_string()).or_default();
    if !found.contains(&drift) {
        found.push(drift);
    }
}

/// Puts a file the manifest writes into `out`, or records why it cannot
/// be there (a file and a directory of the same name).
fn place(out: &mut Tree, files: &mut BTreeMap<String, Vec<FileDrift>>, path: &str, entry: FileEntry) {
    match out.insert(path, entry) {
        Ok(()) => {}
        Err(TreeError::FileAndDirectory { other, .. }) => push(files, path, FileDrift::FileAndDirectory { other }),
        // Paths were checked when the manifest was read.
        Err(other) => push(files, path, FileDrift::BadContent { message: other.to_string() }),
    }
}

/// Applies a manifest to a package's pristine tree. Every problem of every
/// file is collected before failing.
pub fn apply_manifest(
    package: &str,
    base: &Tree,
    manifest: &Manifest,
    options: ApplyOptions,
) -> Result<Tree, PackageDrift> {
    let mut out = base.clone();
    let mut files = BTreeMap::new();
    let ext = manifest.forklayer.clone().unwrap_or_default();
    if options.verify_base {
        for (path, expected) in &ext.base {
            match base.get(path) {
                None => push(&mut files, path, FileDrift::MissingInBase),
                Some(entry) => {
                    let actual = sha256_hex(&entry.bytes);
                    if &actual != expected {
                        push(&mut files, path, FileDrift::BaseChanged { expected: expected.clone(), actual });
                    }
                }
            }
        }
    }
    for (path, replacements) in &manifest.files {
        let Some(entry) = base.get(path) else {
            push(&mut files, path, FileDrift::MissingInBase);
            continue;
        };
        let Some(text) = as_text(&entry.bytes) else {
            push(&mut files, path, FileDrift::NotText);
            continue;
        };
        match anchor::apply(text, replacements) {
            Ok(patched) => {
                place(&mut out, &mut files, path, FileEntry::with_mode(patched.into_bytes(), entry.executable))
            }
            Err(ApplyError::Drift { failures, .. }) => push(&mut files, path, FileDrift::Anchors { failures }),
        }
    }
    for (path, content) in &ext.replaced {
        let Some(entry) = base.get(path) else {
            push(&mut files, path, FileDrift::MissingInBase);
            continue;
        };
        match content.to_bytes() {
            Ok(bytes) => place(&mut out, &mut files, path, FileEntry::with_mode(bytes, entry.executable)),
            Err(message) => push(&mut files, path, FileDrift::BadContent { message }),
        }
    }
    for path in &ext.deleted {
        if out.remove(path).is_none() {
            push(&mut files, path, FileDrift::MissingInBase);
        }
    }
    for (path, content) in &ext.added {
        if base.contains(path) {
            push(&mut files, path, FileDrift::AddedExists);
            continue;
        }
        match content.to_bytes() {
            Ok(bytes) => place(&mut out, &mut files, path, FileEntry::new(bytes)),
            Err(message) => push(&mut files, path, FileDrift::BadContent { message }),
        }
    }
    for (path, mode) in &ext.modes {
        match out.get(path).cloned() {
            Some(mut entry) => {
                entry.executable = mode == "0755";
                place(&mut out, &mut files, path, entry);
            }
            None => push(&mut files, path, FileDrift::MissingInBase),
        }
    }
    if files.is_empty() {
        Ok(out)
    } else {
        Err(PackageDrift {
            package: package.to_string(),
            files,
            missing_upstream: None,
            base_recorded: manifest.forklayer.is_some(),
            built_against: None,
        })
    }
}

/// Errors of rebuilding.
#[derive(Debug, thiserror::Error)]
pub enum RebuildError {
    /// Manifests no longer apply to the upstream bytes.
    #[error("upstream drifted:{}", describe_drift(.0))]
    Drift(Vec<PackageDrift>),
    /// An upstream package directory is missing.
    #[error("upstream package `{package}` is missing (expected `{path}`)")]
    MissingUpstream {
        /// Full package name.
        package: String,
        /// Where it should be.
        path: PathBuf,
    },
    /// An own package's source (or an `include` entry) is missing.
    #[error("own package `{package}`: `{path}` does not exist")]
    MissingOwnSource {
        /// Full package name.
        package: String,
        /// The missing path.
        path: PathBuf,
    },
    /// The `--check` reference tree does not exist.
    #[error("the reference tree `{path}` is not a directory")]
    NoReference {
        /// The path given.
        path: PathBuf,
    },
    /// `--out` and `--check` name the same directory.
    #[error(
        "`--out` and `--check` name the same directory `{path}`: the reference would be replaced before the check"
    )]
    OutIsReference {
        /// The directory.
        path: PathBuf,
    },
    /// A manifest names another package.
    #[error("manifest `{path}` is for `{found}`, not `{package}`")]
    WrongManifest {
        /// The manifest.
        path: PathBuf,
        /// Its `package`.
        found: String,
        /// The package expected.
        package: String,
    },
    /// A manifest could not be read.
    #[error(transparent)]
    Manifest(#[from] ManifestError),
    /// Where a manifest belongs there is something else.
    #[error("the manifest of `{package}`, `{path}`, is {what}, not a regular file")]
    ManifestNotAFile {
        /// Where the manifest belongs.
        path: PathBuf,
        /// The package it is for.
        package: String,
        /// What is there instead.
        what: &'static str,
    },
    /// A directory could not be read.
    #[error(transparent)]
    Tree(#[from] TreeError),
    /// The output could not be written (it is as it was), or a killed
    /// earlier write could not be rolled back.
    #[error(transparent)]
    Write(#[from] JournalError),
    /// `--out` names a directory that must not be replaced.
    #[error(transparent)]
    Target(#[from] GuardError),
}

impl RebuildError {
    /// The problems of the repository's contents this error reports, one
    /// entry each (for drift, one per missing package and per failing
    /// file, its failing anchors on the lines below), or `None` when it is
    /// a failure to read or write rather than a finding.
    pub fn problems(&self) -> Option<Vec<String>> {
        match self {
            // One level less indented than in the message.
            RebuildError::Drift(drifts) => {
                Some(drift_entries(drifts).iter().map(|entry| entry.replace("\n    ", "\n  ")).collect())
            }
            RebuildError::MissingUpstream { .. }
            | RebuildError::MissingOwnSource { .. }
            | RebuildError::WrongManifest { .. }
            | RebuildError::Manifest(_)
            | RebuildError::ManifestNotAFile { .. } => Some(vec![self.to_string()]),
            RebuildError::NoReference { .. }
            | RebuildError::OutIsReference { .. }
            | RebuildError::Tree(_)
            | RebuildError::Write(_)
            | RebuildError::Target(_) => None,
        }
    }
}

impl crate::error::Diagnostic for RebuildError {
    fn diagnosis(&self) -> crate::error::Diagnosis<'_> {
        use crate::error::Diagnosis::{Own, Wraps};
        use crate::error::ExitStatus::{Integrity, Usage};
        match self {
            RebuildError::Drift(drifts) if drifts.iter().all(|d| d.files.is_empty()) => Own(Usage, "package_missing"),
            RebuildError::Drift(_) => Own(Usage, "drift"),
            RebuildError::MissingUpstream { .. } => Own(Usage, "package_missing"),
            RebuildError::MissingOwnSource { .. } => Own(Usage, "own_source_missing"),
            RebuildError::WrongManifest { .. } => Own(Usage, "wrong_manifest"),
            RebuildError::ManifestNotAFile { .. } => Own(Integrity, "manifest_not_a_file"),
            RebuildError::NoReference { .. } => Own(Usage, "reference_missing"),
            RebuildError::OutIsReference { .. } => Own(Usage, "out_is_reference"),
            RebuildError::Manifest(e) => Wraps(e),
            RebuildError::Tree(e) => Wraps(e),
            RebuildError::Write(e) => Wraps(e),
            RebuildError::Target(e) => Wraps(e),
        }
    }
    fn own_help(&self) -> Option<String> {
        Some(match self {
            RebuildError::Drift(drifts) if drifts.iter().any(|d| d.missing_upstream.is_some()) => "vendor the missing packages with `forklayer snapshot <version>` (or fix the declaration); where the upstream base changed, update the fork against the new upstream, then run `forklayer gen-patches`".into(),
            RebuildError::Drift(drifts) if drifts.iter().all(only_ignored) => {
                "the manifests change files the `ignore` globs of forklayer.toml leave out: drop those globs, or run \
                 `forklayer gen-patches` to write manifests without those files (the fork layer then leaves them out too)"
                    .into()
            }
            RebuildError::Drift(drifts) if drifts.iter().any(|d| !d.files.is_empty() && !d.base_recorded) => {
                "the manifest records no base hashes (seed format), so forklayer cannot tell whether `upstream/` or the \
                 manifest changed: compare its `builtAgainst` with `upstream/VERSION`, make the fork layer right \
                 against `upstream/`, then run `forklayer gen-patches` (which records the base hashes)"
                    .into()
            }
            RebuildError::Drift(drifts) if drifts.iter().all(PackageDrift::blames_manifest) => {
                "the upstream files match the sha256 the manifest records, so the manifest itself was edited or damaged: \
                 restore it from version control, or write it anew from the fork layer with `forklayer gen-patches`"
                    .into()
            }
            RebuildError::Drift(_) => "the upstream base changed: update the fork in the fork layer against the new upstream, then run `forklayer gen-patches` (if `upstream/` was edited by mistake, restore it with `forklayer snapshot <version>`)".into(),
            RebuildError::MissingUpstream { .. } => "run `forklayer snapshot <version>` or fix the declaration".into(),
            RebuildError::MissingOwnSource { .. } => {
                "build the package first (its `include` entries must exist)".into()
            }
            RebuildError::ManifestNotAFile { path, .. } => format!(
                "a manifest is a regular file inside `patches/`: remove `{}` and run `forklayer gen-patches` to write it \
                 from the fork layer",
                path.display()
            ),
            RebuildError::WrongManifest { .. } => "name each manifest after its package (`patches/<pkg>.json`), or \
                 regenerate with `forklayer gen-patches`"
                .into(),
            RebuildError::OutIsReference { .. } => {
                "write the rebuild elsewhere, e.g. `--out /tmp/forks --check profile/forks`".into()
            }
            RebuildError::NoReference { .. } => "pass the tree to compare with, e.g. `--check profile/forks`".into(),
            RebuildError::Manifest(_) | RebuildError::Tree(_) | RebuildError::Write(_) | RebuildError::Target(_) => {
                return None
            }
        })
    }
    fn own_details(&self) -> Option<serde_json::Value> {
        match self {
            RebuildError::Drift(drifts) => serde_json::to_value(drifts).ok(),
            _ => None,
        }
    }
}

/// Reads an upstream package from `<upstream>/<scope>/<name>` as the fork
/// layer sees it: without the files its `ignore` globs leave out.
pub fn read_upstream_package(layer: &Layer, upstream: &Path, name: &str) -> Result<Tree, RebuildError> {
    Ok(layer.ignore_of(name).filter(read_vendored_package(layer, upstream, name)?))
}

/// Reads every vendored byte of an upstream package, ignored files
/// included (what the lock file proves).
pub fn read_vendored_package(layer: &Layer, upstream: &Path, name: &str) -> Result<Tree, RebuildError> {
    crate::tree::refuse_links_below(upstream, &layer.npm_name(name))?;
    let dir = layer.package_dir(upstream, name);
    if !dir.is_dir() {
        return Err(RebuildError::MissingUpstream { package: layer.full_name(name), path: dir });
    }
    Ok(Tree::read_dir(&dir)?)
}

/// Reads an own package: the `include` entries of its source.
pub fn read_own_package(own: &OwnPackage) -> Result<Tree, RebuildError> {
    let missing = |path: PathBuf| RebuildError::MissingOwnSource { package: own.npm_name.clone(), path };
    if !own.source.is_dir() {
        return Err(missing(own.source.clone()));
    }
    let mut tree = Tree::new();
    for include in &own.include {
        let path = own.source.join(include);
        if path.is_dir() {
            tree.graft(include, Tree::read_dir(&path)?)?;
        } else if path.is_file() {
            tree.insert(include.clone(), crate::tree::read_file_entry(&path)?)?;
        } else {
            return Err(missing(path));
        }
    }
    Ok(tree)
}

/// The manifest path of a forked package.
pub fn manifest_path(patches: &Path, name: &str) -> PathBuf {
    let [json, _] = Layer::patch_files(name);
    patches.join(json)
}

/// Reads the manifest of a forked package, if it has one.
pub fn read_manifest(layer: &Layer, patches: &Path, name: &str) -> Result<Option<Manifest>, RebuildError> {
    let path = manifest_path(patches, name);
    // Not `is_file()`: that follows a link out of the repository and takes
    // a directory, a FIFO or a dangling link for "no manifest", which
    // would rebuild the package unpatched without a word.
    match std::fs::symlink_metadata(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => return Err(ManifestError::Read { path, source }.into()),
        Ok(meta) if !meta.is_file() => {
            let what = if meta.is_symlink() {
                "a symbolic link"
            } else if meta.is_dir() {
                "a directory"
            } else {
                "a special file (a FIFO, socket or device)"
            };
            return Err(RebuildError::ManifestNotAFile { path, package: layer.full_name(name), what });
        }
        Ok(_) => {}
    }
    let manifest = Manifest::read(&path)?;
    let full = layer.full_name(name);
    if manifest.package != full && manifest.package != name {
        return Err(RebuildError::WrongManifest { path, found: manifest.package, package: full });
    }
    Ok(Some(manifest))
}

/// A missing upstream package is collected like drift, so one run names
/// every missing package and every failing anchor; other errors stop.
fn missing_as_drift(err: RebuildError) -> Result<PackageDrift, RebuildError> {
    match err {
        RebuildError::MissingUpstream { package, path } => Ok(PackageDrift {
            package,
            files: BTreeMap::new(),
            missing_upstream: Some(path),
            base_recorded: true,
            built_against: None,
        }),
        other => Err(other),
    }
}

/// Whether every file of `drift` fails only because `ignore` leaves it out.
fn only_ignored(drift: &PackageDrift) -> bool {
    drift.missing_upstream.is_none()
        && !drift.files.is_empty()
        && drift.files.values().flatten().all(|d| matches!(d, FileDrift::Ignored { .. }))
}

/// `drift` with each file that is gone from the upstream package because
/// `ignore` leaves it out said so, naming the glob: "gone from upstream"
/// would send the user looking in the wrong place.
pub fn name_ignored(mut drift: PackageDrift, ignore: &crate::ignore::Ignore) -> PackageDrift {
    for (path, drifts) in drift.files.iter_mut() {
        let Some(pattern) = ignore.matching(path) else { continue };
        for found in drifts.iter_mut().filter(|d| **d == FileDrift::MissingInBase) {
            *found = FileDrift::Ignored { pattern: pattern.to_string() };
        }
        drifts.dedup();
    }
    drift
}

/// Rebuilds the whole fork layer in memory: paths are
/// `<scope>/<name>/<file>`. Drift of every package is collected first.
pub fn rebuild_layer(layer: &Layer, upstream: &Path, patches: &Path) -> Result<Tree, RebuildError> {
    let mut out = Tree::new();
    let mut drifts = Vec::new();
    let per_package: Vec<_> = layer
        .forked
        .par_iter()
        .map(|name| -> Result<_, RebuildError> {
            let base = read_upstream_package(layer, upstream, name)?;
            Ok(match read_manifest(layer, patches, name)? {
                Some(manifest) => apply_manifest(&layer.full_name(name), &base, &manifest, ApplyOptions::default())
                    .map_err(|drift| name_ignored(drift, layer.ignore_of(name))),
                None => Ok(base),
            })
        })
        .collect();
    for (name, result) in layer.forked.iter().zip(per_package) {
        match result {
            Ok(Ok(patched)) => out.graft(&layer.full_name(name), patched)?,
            Ok(Err(drift)) => drifts.push(drift),
            Err(err) => drifts.push(missing_as_drift(err)?),
        }
    }
    for name in &layer.carried {
        match read_upstream_package(layer, upstream, name) {
            Ok(tree) => out.graft(&layer.full_name(name), tree)?,
            Err(err) => drifts.push(missing_as_drift(err)?),
        }
    }
    for own in &layer.own {
        out.graft(&own.npm_name, read_own_package(own)?)?;
    }
    drifts.sort_by(|a, b| a.package.cmp(&b.package));
    if !drifts.is_empty() {
        let mismatches = built_against_mismatches(layer, upstream, patches);
        for drift in &mut drifts {
            drift.built_against = mismatches.iter().find(|m| m.package == drift.package).cloned().map(Box::new);
        }
    }
    match drifts.as_slice() {
        [] => Ok(out),
        // Alone, a missing package keeps its own, plainer report.
        [PackageDrift { package, files, missing_upstream: Some(path), .. }] if files.is_empty() => {
            Err(RebuildError::MissingUpstream { package: package.clone(), path: path.clone() })
        }
        _ => Err(RebuildError::Drift(drifts)),
    }
}

/// Rebuilds and writes the layer to `out`, all or nothing. `out` must be
/// new, empty or a previous output ([`check_output_dir`]). Returns the
/// tree, how many changes were written (files written or deleted,
/// directories made or removed; 0 when `out` already held the tree) and
/// what a killed earlier rebuild into `out` left that was rolled back
/// first.
///
/// Only files whose bytes or mode differ are written, in place, through a
/// journal beside `out` ([`journal::Update::beside`]): a rebuild into the
/// previous output costs reads, not new files (creating thousands of
/// files is what a disk is slowest at). A rebuild killed midway is rolled
/// back by the next `rebuild` that names the same directory.
pub fn rebuild_into(
    layer: &Layer,
    upstream: &Path,
    patches: &Path,
    out: &Path,
) -> Result<(Tree, usize, Vec<Recovered>), RebuildError> {
    check_output_dir(layer, out)?;
    let recovered = recover_output(out)?;
    let tree = rebuild_layer(layer, upstream, patches)?;
    // `x/..` has no name to put the journal beside, and a link to a
    // directory is written through, not replaced.
    let out = normalize(out);
    // Missing parents of `out` are made by the journal, which goes beside
    // it, and removed again by its roll back.
    let mut update = journal::Update::beside(&out)?;
    update.replace_dir(&out, &tree);
    let changes = update.apply()?;
    Ok((tree, changes, recovered))
}

/// Rolls back a `rebuild --out` into `dir` that was killed midway, so that
/// `dir` holds its previous contents again (or is gone if it was new).
pub fn recover_output(dir: &Path) -> Result<Vec<Recovered>, RebuildError> {
    Ok(journal::recover_beside(&normalize(dir))?)
}
