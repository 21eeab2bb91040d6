//! The files a clean merge regenerates: each forked package's manifest and
//! review diff (as `gen-patches` writes them), each proved to rebuild the
//! merged package byte for byte before anything is written, and the
//! declaration with `layer.baseline` and the moved packages' versions.

use std::collections::BTreeMap;
use std::path::Path;

use rayon::iter::{IntoParallelRefIterator, ParallelIterator};

use crate::genpatches::{generate_manifest_and_diff, is_generated_patch_file};
use crate::journal::Update;
use crate::layer::Layer;
use crate::manifest::Manifest;
use crate::merge::baseline::with_versions;
use crate::merge::layer::{DeclarationChange, MergeError, PackageMove};
use crate::merge::pins::PinChange;
use crate::rebuild::{apply_manifest, compare_trees, ApplyOptions, Difference};
use crate::tree::{FileEntry, Tree, TreeError};

/// A forked package after the merge.
pub(crate) struct ForkedPackage {
    /// Name without scope.
    pub(crate) name: String,
    /// `@scope/name`.
    pub(crate) full: String,
    /// The version of the new upstream package.
    pub(crate) version: String,
    /// The new upstream package.
    pub(crate) theirs: Tree,
    /// The merged fork package.
    pub(crate) fork: Tree,
}

/// File name → bytes of the generated files of `patches/`.
pub(crate) type PlannedPatches = BTreeMap<String, Vec<u8>>;

/// The forked packages `planned` has a manifest for.
pub(crate) fn manifests(planned: &PlannedPatches) -> Vec<String> {
    planned.keys().filter_map(|f| f.strip_suffix(".json")).map(str::to_string).collect()
}

/// The generated files of `patches/` for `forked`, each on its new
/// upstream version (`<pkg>.json` + `<pkg>.diff` per forked package that
/// differs from upstream), each manifest proved to rebuild its package
/// byte for byte. The packages are independent, so they are planned on all
/// cores; errors come in package order.
pub(crate) fn plan_forked(forked: &[ForkedPackage]) -> Result<PlannedPatches, MergeError> {
    let per_package: Vec<_> = forked.par_iter().map(plan_package).collect();
    let mut planned = PlannedPatches::new();
    for files in per_package {
        planned.extend(files?);
    }
    Ok(planned)
}

/// The generated `patches/` files of one forked package: its manifest
/// against `theirs`, proved to rebuild `fork` byte for byte, and its
/// review diff; none when the fork equals upstream.
fn plan_package(package: &ForkedPackage) -> Result<Vec<(String, Vec<u8>)>, MergeError> {
    let ForkedPackage { name, full, version, theirs, fork } = package;
    let generated = generate_manifest_and_diff(full, version, theirs, fork);
    verify_rebuild(full, theirs, generated.as_ref().map(|(m, _)| m), fork)?;
    let [json, diff_file] = Layer::patch_files(name);
    let files = generated.map(|(m, diff)| [(json, m.to_canonical_json()), (diff_file, diff.into_bytes())]);
    Ok(files.into_iter().flatten().collect())
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

/// The new `patches/`: files forklayer does not generate are kept, and so
/// are the generated files of the forked packages in `unmoved` (packages
/// at their own version that the merge does not move); the other generated
/// ones are replaced by `planned`. Unlike `gen-patches` it never refreshes
/// own packages: a merge leaves them alone.
pub(crate) fn next_patches(patches: &Path, planned: &PlannedPatches, unmoved: &[&str]) -> Result<Tree, MergeError> {
    let kept: Vec<String> = unmoved.iter().flat_map(|name| Layer::patch_files(name)).collect();
    let mut next = if patches.is_dir() {
        Tree::read_dir_filtered(patches, |rel, is_dir| {
            is_dir || !is_generated_patch_file(rel) || kept.iter().any(|k| k == rel)
        })?
    } else {
        Tree::new()
    };
    for (file, bytes) in planned {
        next.insert(file.clone(), FileEntry::new(bytes.clone()))?;
    }
    Ok(next)
}

/// The declaration with `layer.baseline` moved to `family` (when the
/// version family moves) and each package of `moves` that is declared at
/// its own version moved to its new one; `None` when nothing changes.
pub(crate) fn plan_declaration(
    layer: &Layer,
    family: Option<&str>,
    moves: &[PackageMove],
) -> Result<Option<DeclarationChange>, MergeError> {
    let file = &layer.declaration;
    let text = crate::tree::read_regular_text(file).map_err(|source| TreeError::Io { path: file.clone(), source })?;
    let packages: Vec<PackageMove> = moves.iter().filter(|m| !m.in_family).cloned().collect();
    let entries: BTreeMap<String, String> = packages.iter().map(|m| (m.name.clone(), m.to.clone())).collect();
    let next =
        with_versions(&text, family, &entries).map_err(|source| MergeError::Baseline { path: file.clone(), source })?;
    Ok(next.map(|text| DeclarationChange {
        file: file.clone(),
        baseline: match (&layer.baseline, family) {
            (Some(from), Some(to)) if from != to => Some((from.clone(), to.to_string())),
            _ => None,
        },
        packages: packages.into_iter().filter(|m| m.from != m.to).collect(),
        text,
    }))
}

/// Adds the files a clean merge moves to `update`: the declaration (when
/// it changes), then the pinned files.
pub(crate) fn replace_moved<'a>(
    update: &mut Update<'a>,
    declaration: Option<&'a DeclarationChange>,
    pins: &'a [PinChange],
) {
    let pins = pins.iter().map(|pin| (&pin.file, &pin.text));
    for (file, text) in declaration.map(|change| (&change.file, &change.text)).into_iter().chain(pins) {
        update.replace_file(file, text.as_bytes());
    }
}
