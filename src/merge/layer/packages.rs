//! Merges every forked and carried package that moves file by file, decides each
//! file's outcome (recalling recorded resolutions of conflicts), and
//! gathers the merged fork layer and the per-file report.

use std::collections::BTreeMap;

use rayon::iter::{IntoParallelIterator, ParallelIterator};

use crate::layer::Layer;
use crate::lock::Lock;
use crate::merge::file::Outcome;
use crate::merge::layer::manifests::{check_carried, ForkedPackage};
use crate::merge::layer::{FileReport, MergeError, PackageMove};
use crate::merge::memory::{recall, MemoryError};
use crate::merge::package::{merge_package, side_file_path, PackageMerge};
use crate::merge::progress::{entry_hash, labelled_markers, marker_lines, separator_lines, ConflictRecord};
use crate::merge::text::Labels;
use crate::tree::Tree;

/// The merged layer, built package by package.
#[derive(Default)]
pub(super) struct LayerMerge {
    /// The new fork layer, paths `<scope>/<pkg>/<file>`.
    pub(super) forks: Tree,
    /// Changed files, sorted by package and path.
    pub(super) report: Vec<FileReport>,
    pub(super) unchanged: usize,
    /// The conflicts `merge --continue` needs to know about.
    pub(super) conflicts: Vec<ConflictRecord>,
    /// The merged forked packages, in package order, to make their
    /// manifests from.
    pub(super) forked: Vec<ForkedPackage>,
}

/// Merges every forked and carried package of `moves` (independent of each
/// other, so spread over the cores; results and errors come in package
/// order, as if one after the other) from its committed snapshot (`bases`,
/// in the order of `moves`), the fork layer on disk (`forks`) and the new
/// `upstream` directory; the rest of the fork layer (the packages that do
/// not move, own packages, other files) is carried over untouched. `lock`
/// is the new upstream's: the version each manifest is built against.
pub(super) fn merge_packages(
    layer: &Layer,
    moves: &[PackageMove],
    bases: Vec<Option<Tree>>,
    forks: &Tree,
    upstream: &Tree,
    lock: &Lock,
) -> Result<LayerMerge, MergeError> {
    let mut ours = forks.clone();
    let jobs: Vec<_> =
        moves.iter().zip(bases).map(|(package, base)| (package, base, ours.take_subtree(&package.npm_name))).collect();
    let packages: Vec<_> =
        jobs.into_par_iter().map(|(package, base, fork)| merge_one(layer, upstream, package, base, fork)).collect();
    let mut merged = LayerMerge::default();
    for package in packages {
        let mut package = package?;
        // Ignored files are no part of the merge; any the fork layer holds
        // stay as they are.
        ours.graft(&package.moved.npm_name, std::mem::take(&mut package.kept))?;
        merged.add(layer, lock, package)?;
    }
    merged.forks.append(ours)?;
    Ok(merged)
}

/// One package merged.
struct PackageDone<'n> {
    moved: &'n PackageMove,
    /// The fork's ignored files, kept as they are.
    kept: Tree,
    package: PackageMerge,
    /// The conflicts the conflict memory did not resolve.
    conflicts: Vec<ConflictRecord>,
    recalled: BTreeMap<String, String>,
    /// The new upstream package, as the merge read it.
    theirs: Tree,
}

/// Merges package `moved` from its committed `base` and its `fork` files
/// onto the new `upstream`.
fn merge_one<'n>(
    layer: &Layer,
    upstream: &Tree,
    moved: &'n PackageMove,
    base: Option<Tree>,
    fork: Tree,
) -> Result<PackageDone<'n>, MergeError> {
    let (name, full) = (moved.name.as_str(), &moved.npm_name);
    let texts = [format!("fork@{}", moved.from), format!("upstream@{}", moved.from), format!("upstream@{}", moved.to)];
    let labels = &Labels { ours: &texts[0], base: &texts[1], theirs: &texts[2] };
    let ignore = layer.ignore_of(name);
    let base = ignore.filter(base.ok_or_else(|| MergeError::NoBase { what: full.clone() })?);
    let theirs = ignore.filter(upstream.subtree(full));
    if fork.is_empty() {
        return Err(MergeError::MissingFork {
            package: full.clone(),
            path: layer.package_dir(&layer.paths.forks, name),
        });
    }
    let mut kept = fork.clone();
    kept.retain(|path| ignore.is_ignored(path));
    let fork = ignore.filter(fork);
    if layer.carried.iter().any(|c| c == name) {
        check_carried(full, &base, &fork)?;
    }
    let mut package = merge_package(&base, &fork, &theirs, labels)
        .map_err(|source| MergeError::Package { package: full.clone(), source })?;
    let mut conflicts = conflict_records(moved, &package, [&base, &fork, &theirs]);
    let recalled = recall_resolutions(layer, moved, &mut package, &mut conflicts)?;
    Ok(PackageDone { moved, kept, package, conflicts, recalled, theirs })
}

/// Resolves the conflicts of `package` (the merge of `moved`) that the
/// conflict memory has a record for, dropping them from `conflicts`;
/// returns the path of each used record by file.
fn recall_resolutions(
    layer: &Layer,
    moved: &PackageMove,
    package: &mut PackageMerge,
    conflicts: &mut Vec<ConflictRecord>,
) -> Result<BTreeMap<String, String>, MergeError> {
    let mut recalled = BTreeMap::new();
    // A result `--continue` would refuse is no resolution.
    let markers = labelled_markers(&moved.from, &moved.to);
    for c in conflicts.iter() {
        let inputs = [c.base.as_str(), &c.ours, &c.theirs];
        let Some((record, resolution)) = recall(&layer.paths.patches, inputs)? else { continue };
        let left = resolution.entry().and_then(|e| marker_lines(&e.bytes, &markers, false).into_iter().next());
        if let Some((line, marker)) = left {
            return Err(MemoryError::Damaged {
                path: layer.paths.patches.join(&record),
                message: format!("its result still holds the conflict marker `{marker}` (line {line})"),
            }
            .into());
        }
        package
            .resolve(&c.path, resolution.entry())
            .map_err(|source| MergeError::Package { package: moved.npm_name.clone(), source })?;
        recalled.insert(c.path.clone(), record);
    }
    conflicts.retain(|c| !recalled.contains_key(&c.path));
    Ok(recalled)
}

/// What `merge --continue` needs to know of every conflicted file of
/// `package` (the merge of `full`), with the hashes of base, fork and new
/// upstream (`sides`).
fn conflict_records(moved: &PackageMove, package: &PackageMerge, sides: [&Tree; 3]) -> Vec<ConflictRecord> {
    let records = package.files().iter().filter_map(|(path, merge)| {
        let kind = merge.conflict()?;
        let [base, ours, theirs] = sides.map(|side| entry_hash(side.get(path)));
        let [b, o, t] = sides.map(|side| side.get(path).map_or(0, |e| separator_lines(&e.bytes)));
        Some(ConflictRecord {
            package: moved.npm_name.clone(),
            path: path.clone(),
            kind: kind.as_str().to_string(),
            copies: merge.sides().iter().map(|(side, _)| side_file_path(path, *side)).collect(),
            base,
            ours,
            theirs,
            // As many as a resolution taking both sides' lines can hold.
            separators: o.max(t).max((o + t).saturating_sub(b)),
            versions: Some((moved.from.clone(), moved.to.clone())),
        })
    });
    records.collect()
}

impl LayerMerge {
    /// Adds a merged package (its version taken from the new upstream's
    /// `lock`).
    fn add(&mut self, layer: &Layer, lock: &Lock, done: PackageDone<'_>) -> Result<(), MergeError> {
        let PackageDone { moved, package, conflicts, recalled, theirs, .. } = done;
        let (name, full) = (moved.name.as_str(), &moved.npm_name);
        for (path, merge) in package.files() {
            if merge.outcome() == Outcome::Unchanged {
                self.unchanged += 1;
                continue;
            }
            self.report.push(FileReport {
                package: full.clone(),
                path: path.clone(),
                outcome: merge.outcome(),
                conflict: merge.conflict(),
                copies: merge.sides().iter().map(|(side, _)| side_file_path(path, *side)).collect(),
                resolution: recalled.get(path).cloned(),
            });
        }
        self.conflicts.extend(conflicts);
        if layer.forked.iter().any(|f| f == name) {
            let version = lock.version_of(full).map(str::to_string).unwrap_or_default();
            let fork = package.tree().clone();
            self.forked.push(ForkedPackage { name: name.to_string(), full: full.clone(), version, theirs, fork });
        }
        self.forks.graft(full, package.into_tree())?;
        Ok(())
    }
}
