//! The files a clean merge regenerates: each forked package's manifest and
//! review diff (as `gen-patches` writes them), each proved to rebuild the
//! merged package byte for byte before anything is written, and the
//! declaration with `layer.baseline` moved.

use std::collections::BTreeMap;
use std::path::Path;

use rayon::iter::{IntoParallelRefIterator, ParallelIterator};

use crate::genpatches::{generate_manifest_and_diff, is_generated_patch_file};
use crate::layer::Layer;
use crate::manifest::Manifest;
use crate::merge::baseline::with_baseline;
use crate::merge::layer::{BaselineChange, MergeError};
use crate::rebuild::{apply_manifest, compare_trees, ApplyOptions, Difference};
use crate::tree::{FileEntry, Tree, TreeError};

/// A forked package after the merge.
pub(crate) struct ForkedPackage {
    /// Name without scope.
    pub(crate) name: String,
    /// `@scope/name`.
    pub(crate) full: String,
    /// The new upstream package.
    pub(crate) theirs: Tree,
    /// The merged fork package.
    pub(crate) fork: Tree,
}

/// The generated `patches/` files of one forked package, `<pkg>.json` and
/// `<pkg>.diff`; `None` when the fork equals upstream.
type PackageManifest = Option<[(String, Vec<u8>); 2]>;

/// File name → bytes of the generated files of `patches/`.
#[derive(Default)]
pub(crate) struct PlannedPatches {
    files: BTreeMap<String, Vec<u8>>,
}

impl PlannedPatches {
    /// Forked packages that have a manifest.
    pub(crate) fn manifests(&self) -> Vec<String> {
        self.files.keys().filter_map(|f| f.strip_suffix(".json")).map(str::to_string).collect()
    }
}

/// The generated files of `patches/` for `forked` on upstream `version`
/// (`<pkg>.json` + `<pkg>.diff` per forked package that differs from
/// upstream), each manifest proved to rebuild its package byte for byte.
/// The packages are independent, so they are planned on all cores; errors
/// come in package order.
pub(crate) fn plan_forked(forked: &[ForkedPackage], version: &str) -> Result<PlannedPatches, MergeError> {
    let per_package: Vec<_> = forked
        .par_iter()
        .map(|ForkedPackage { name, full, theirs, fork }| plan_package(name, full, theirs, fork, version))
        .collect();
    let mut planned = PlannedPatches::default();
    for files in per_package {
        planned.files.extend(files?.into_iter().flatten());
    }
    Ok(planned)
}

/// The generated `patches/` files of one forked package (`name` without
/// scope, `full` with it): its manifest against `theirs`, proved to
/// rebuild `fork` byte for byte, and its review diff.
fn plan_package(
    name: &str,
    full: &str,
    theirs: &Tree,
    fork: &Tree,
    version: &str,
) -> Result<PackageManifest, MergeError> {
    let generated = generate_manifest_and_diff(full, version, theirs, fork);
    verify_rebuild(full, theirs, generated.as_ref().map(|(m, _)| m), fork)?;
    Ok(generated.map(|(m, diff)| {
        [(format!("{name}.json"), m.to_canonical_json()), (format!("{name}.diff"), diff.into_bytes())]
    }))
}

/// The rebuild check: the manifest applied to the new upstream reproduces
/// the merged fork package byte for byte (no manifest: the fork equals
/// upstream). The manifest's base hashes are not checked again: they were
/// just taken from these very bytes (`check` proves them against the lock).
fn verify_rebuild(full: &str, theirs: &Tree, manifest: Option<&Manifest>, fork: &Tree) -> Result<(), MergeError> {
    let rebuilt = match manifest {
        Some(manifest) => {
            apply_manifest(full, theirs, manifest, ApplyOptions { verify_base: false }).map_err(|drift| {
                MergeError::RebuildCheck {
                    package: full.to_string(),
                    differences: drift.files.keys().cloned().collect(),
                }
            })?
        }
        None => theirs.clone(),
    };
    let differences: Vec<Difference> = compare_trees(&rebuilt, fork);
    if !differences.is_empty() {
        return Err(MergeError::RebuildCheck {
            package: full.to_string(),
            differences: differences.iter().map(ToString::to_string).collect(),
        });
    }
    Ok(())
}

/// A carried package is taken over unmodified: refuses one whose copy
/// differs from its committed upstream.
pub(crate) fn check_carried(full: &str, base: &Tree, fork: &Tree) -> Result<(), MergeError> {
    let differences = compare_trees(base, fork).len();
    if differences > 0 {
        return Err(MergeError::CarriedModified { package: full.to_string(), files: differences });
    }
    Ok(())
}

/// The new `patches/`: files forklayer does not generate are kept,
/// generated ones replaced by `planned`. Unlike `gen-patches` it never
/// refreshes own packages: a merge leaves them alone.
pub(crate) fn next_patches(patches: &Path, planned: &PlannedPatches) -> Result<Tree, MergeError> {
    let mut next = if patches.is_dir() {
        Tree::read_dir_filtered(patches, |rel, is_dir| is_dir || !is_generated_patch_file(rel))?
    } else {
        Tree::new()
    };
    for (file, bytes) in &planned.files {
        next.insert(file.clone(), FileEntry::new(bytes.clone()))?;
    }
    Ok(next)
}

/// The declaration with `layer.baseline` set to `version`; `None` when it
/// already is.
pub(crate) fn plan_baseline(layer: &Layer, version: &str) -> Result<Option<BaselineChange>, MergeError> {
    let file = &layer.declaration;
    let text = crate::tree::read_regular_text(file).map_err(|source| TreeError::Io { path: file.clone(), source })?;
    let next = with_baseline(&text, version).map_err(|source| MergeError::Baseline { path: file.clone(), source })?;
    Ok(next.map(|text| BaselineChange {
        file: file.clone(),
        from: layer.baseline.clone(),
        to: version.to_string(),
        text,
    }))
}
